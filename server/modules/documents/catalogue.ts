import { SELLER_FIELDS, type TemplateFieldCatalogue } from '../../../src/contract/documents';
import type { KnownPlaceholders } from './render';

/**
 * Everything a template can use (document/refresh-fields), and the set render.ts checks placeholders against.
 * Custom order fields join the 'order' group under their codes.
 */

const GROUPS: { group: string; loop?: true; fields: readonly string[] }[] = [
  { group: 'document', fields: ['number', 'date', 'title', 'type_name', 'template_name'] },
  { group: 'order', fields: ['id', 'name', 'created_at', 'status', 'pipeline', 'sum', 'currency'] },
  { group: 'positions', loop: true, fields: ['n', 'name', 'article', 'description', 'unit', 'quantity', 'price', 'vat_rate', 'vat_amount', 'amount_without_vat', 'amount', 'image'] },
  { group: 'totals', fields: ['count', 'quantity', 'without_vat', 'vat', 'total'] },
  { group: 'vat_lines', loop: true, fields: ['rate', 'amount'] },
  { group: 'company', fields: ['name', 'email', 'phone', 'tax_id', 'reason_code', 'registration_number', 'bank_name', 'bank_code', 'correspondent_account', 'payment_account'] },
  { group: 'contact', fields: ['name', 'email', 'phone'] },
  { group: 'employee', fields: ['name', 'email', 'phone'] },
  { group: 'account', fields: ['name', 'country'] },
  { group: 'seller', fields: SELLER_FIELDS },
];

/** Fields that hold a picture (the product's main image), written {%field} (imageModule.ts). */
const IMAGE_FIELDS: ReadonlySet<string> = new Set(['positions.image']);

/** A custom order field's code as a placeholder part: only what a tag may hold. */
export const CUSTOM_CODE = /^[A-Za-z0-9_]{1,64}$/;

export interface CustomOrderField {
  code: string;
  name: string;
}

export function fieldCatalogue(custom: readonly CustomOrderField[]): TemplateFieldCatalogue {
  return GROUPS.map(({ group, loop, fields }) => {
    const builtIn = fields.map((field) => ({ placeholder: `{${IMAGE_FIELDS.has(`${group}.${field}`) ? '%' : ''}${loop ? field : `${group}.${field}`}}`, key: `${group}.${field}`, name: `documents.placeholders.${group}_${field}`, custom: false }));
    const extra =
      group === 'order'
        ? custom.filter((field) => CUSTOM_CODE.test(field.code) && !fields.includes(field.code)).map((field) => ({ placeholder: `{order.${field.code}}`, key: `order.${field.code}`, name: field.name, custom: true }))
        : [];
    return { group, loop: loop ? { open: `{#${group}}`, close: `{/${group}}` } : null, fields: [...builtIn, ...extra] };
  });
}

export function knownPlaceholders(catalogue: TemplateFieldCatalogue): KnownPlaceholders {
  const global = new Set<string>();
  const loops = new Map<string, Set<string>>();
  const images = new Set<string>();
  for (const group of catalogue) {
    for (const field of group.fields) if (IMAGE_FIELDS.has(field.key)) images.add(group.loop ? field.key.slice(group.group.length + 1) : field.key);
    global.add(group.group);
    if (group.loop) {
      loops.set(group.group, new Set(group.fields.map((field) => field.key.slice(group.group.length + 1))));
    } else {
      for (const field of group.fields) global.add(field.key);
    }
  }
  return { global, loops, images };
}
