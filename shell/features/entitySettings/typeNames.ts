import type { FieldType } from '../../../src/contract/catalogue';
import { t, type MessageKey } from '../../../src/i18n';

/** The interface name of each field type code (spec 2 §3); the server's names are English. */
const TYPE_KEYS: Readonly<Record<number, MessageKey>> = {
  1: 'entitySettings.types.integer',
  2: 'entitySettings.types.float',
  3: 'entitySettings.types.string',
  4: 'entitySettings.types.text',
  5: 'entitySettings.types.select',
  6: 'entitySettings.types.multiselect',
  7: 'entitySettings.types.date',
  8: 'entitySettings.types.datetime',
  9: 'entitySettings.types.flag',
  11: 'entitySettings.types.price',
  13: 'entitySettings.types.stock',
  15: 'entitySettings.types.images',
};

export function typeName(type: number, types: readonly FieldType[]): string {
  const key = TYPE_KEYS[type];
  return key ? t(key) : (types.find((entry) => entry.id === type)?.name ?? String(type));
}
