import Type from 'typebox';
import { Id } from './catalogue';

/** …/field/usage?id=: how many records hold a value in a field (the entity settings screen asks before deleting it). */
export const FieldUsageQuery = Type.Object({ id: Id }, { additionalProperties: false });
export type FieldUsageQuery = Type.Static<typeof FieldUsageQuery>;

export const FieldUsage = Type.Object({ id: Type.Integer(), code: Type.String(), count: Type.Integer({ minimum: 0 }) });
export type FieldUsage = Type.Static<typeof FieldUsage>;
