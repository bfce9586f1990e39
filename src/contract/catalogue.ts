import Type from 'typebox';
import { Nullable } from './common';

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** lead_config flags of a field: visible, public_order_visible, editable (numeric, spec 1 §3). */
export const LeadConfig = Type.Object(
  { visible: Type.Optional(Type.Integer()), public_order_visible: Type.Optional(Type.Integer()), editable: Type.Optional(Type.Integer()) },
  { additionalProperties: false },
);

/** The flags as written: 0 or 1 (true/false and '0'/'1' are coerced by the validator). */
const Flag = Type.Integer({ minimum: 0, maximum: 1 });
export const LeadConfigInput = Type.Object(
  { visible: Type.Optional(Flag), public_order_visible: Type.Optional(Flag), editable: Type.Optional(Flag) },
  { additionalProperties: false },
);

/** Options: plain strings (position is the value) or {name, value, color?, optgroup?}. */
export const FieldOption = Type.Union([
  Type.String({ maxLength: 200 }),
  Type.Object({
    name: Type.String({ maxLength: 200 }),
    value: Type.Union([Type.String({ maxLength: 200 }), Type.Number()]),
    color: Type.Optional(Type.String({ maxLength: 40 })),
    optgroup: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 200 })])),
  }),
]);

export const FieldDefinition = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  type: Type.Integer(),
  category: Nullable(Type.Integer()),
  sort: Type.Integer(),
  is_system: Type.Boolean(),
  is_virtual: Type.Boolean(),
  component: Nullable(Type.String()),
  config: Type.Record(Type.String(), Type.Unknown()),
  data: Type.Array(Type.Unknown()),
  lead_config: LeadConfig,
  created_at: Type.String(),
});
export type FieldDefinition = Type.Static<typeof FieldDefinition>;

/** A field type (spec 2 §3): its code, name and the value a field of it has when none is given. */
export const FieldType = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String(), default: Type.Unknown() });
export type FieldType = Type.Static<typeof FieldType>;

export const FieldListQuery = Type.Object({
  category_id: Type.Optional(Id),
  with_parents: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  sort: Type.Optional(Type.Literal('created')),
});
export type FieldListQuery = Type.Static<typeof FieldListQuery>;

const FieldEditable = {
  name: Type.String({ minLength: 1, maxLength: 120 }),
  category_id: Nullable(Id),
  component: Nullable(Type.String({ maxLength: 60 })),
  config: Type.Record(Type.String(), Type.Unknown()),
  data: Type.Array(FieldOption, { maxItems: 1000 }),
  lead_config: LeadConfigInput,
};

export const FieldAddRequest = Type.Object(
  {
    name: FieldEditable.name,
    type: Type.Integer({ minimum: 1, maximum: 15 }),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z][a-z0-9_]*$' })),
    category_id: Type.Optional(FieldEditable.category_id),
    component: Type.Optional(FieldEditable.component),
    config: Type.Optional(FieldEditable.config),
    data: Type.Optional(FieldEditable.data),
    lead_config: Type.Optional(FieldEditable.lead_config),
  },
  { additionalProperties: false },
);
export type FieldAddRequest = Type.Static<typeof FieldAddRequest>;

export const FieldUpdateRequest = Type.Object(
  {
    id: Id,
    name: Type.Optional(FieldEditable.name),
    category_id: Type.Optional(FieldEditable.category_id),
    component: Type.Optional(FieldEditable.component),
    config: Type.Optional(FieldEditable.config),
    data: Type.Optional(FieldEditable.data),
    lead_config: Type.Optional(FieldEditable.lead_config),
  },
  { additionalProperties: false },
);
export type FieldUpdateRequest = Type.Static<typeof FieldUpdateRequest>;

export const IdRequest = Type.Object({ id: Id }, { additionalProperties: false });
export type IdRequest = Type.Static<typeof IdRequest>;

export const SortRequest = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true }) }, { additionalProperties: false });
export type SortRequest = Type.Static<typeof SortRequest>;

export interface Category {
  id: number;
  name: string;
  parent_id: number | null;
  image_url: string | null;
  sort: number;
  /** Ids from the root down to this category. */
  levels: number[];
  subcategories: Category[];
}
export const Category: Type.TSchema = Type.Cyclic(
  {
    Category: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      parent_id: Nullable(Type.Integer()),
      image_url: Nullable(Type.String()),
      sort: Type.Integer(),
      levels: Type.Array(Type.Integer()),
      subcategories: Type.Array(Type.Ref('Category')),
    }),
  },
  'Category',
);

/** category/add and category/update: the category as written (without levels and subcategories). */
export const CategoryRecord = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parent_id: Nullable(Type.Integer()),
  image_url: Nullable(Type.String()),
  sort: Type.Integer(),
});
export type CategoryRecord = Type.Static<typeof CategoryRecord>;

/** category/list: the tree, each node with its subcategories. */
export const CategoryTree = Type.Array(Category);

/**
 * What the product card needs per category (get_fields_properties, GET field/categories): levels, the ids
 * from the root down to the category, and fields_id_2, the fields it carries (its own and the root's).
 * Following the levels (categoryFieldIds in src/domain/productCard) gives the fields of every level above too.
 */
export const CategoryProps = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parent_id: Nullable(Type.Integer()),
  levels: Type.Array(Type.Integer()),
  fields_id_2: Type.Array(Type.Integer()),
});
export type CategoryProps = Type.Static<typeof CategoryProps>;

export const CategoryAddRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    parent_id: Type.Optional(Nullable(Id)),
    image_url: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  },
  { additionalProperties: false },
);
export type CategoryAddRequest = Type.Static<typeof CategoryAddRequest>;

export const CategoryUpdateRequest = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    parent_id: Type.Optional(Nullable(Id)),
    image_url: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type CategoryUpdateRequest = Type.Static<typeof CategoryUpdateRequest>;
