import { and, eq, inArray } from 'drizzle-orm';
import { coerceFieldValue, defaultCurrency, FieldType } from '../../../src/domain/fieldTypes';
import { MAX_PRICE } from '../../../src/contract/common';
import { parseNumber } from '../../../src/domain/numbers';
import type { AccountRow } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { fields } from '../../db/schema';
import { refusal } from '../../http/refusal';

/** The entities that carry custom field values, each with its own field definitions. */
export type FieldEntity = 'product' | 'order' | 'contact' | 'company';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const FLAG_TEXTS = new Set(['', '0', '1', 'true', 'false']);
const isFlag = (value: unknown) =>
  value === null || value === undefined || typeof value === 'boolean' || value === 0 || value === 1 || (typeof value === 'string' && FLAG_TEXTS.has(value.trim().toLowerCase()));
/** A number the coercion reads as it is meant; empty means "not given" (the default, 0). */
const numberIn = (value: unknown, min: number, max: number) => {
  if (value === null || value === undefined || value === '') return true;
  const number = parseNumber(value);
  return number !== null && number >= min && number <= max;
};
const isImage = (entry: unknown) => (typeof entry === 'string' && entry.trim() !== '') || (isRecord(entry) && typeof entry.url === 'string' && entry.url.trim() !== '');


/**
 * Why a raw value cannot be read as its field's type, or null when it can. Coercion alone would
 * turn 'heavy' into 0, 'maybe' into false or a lone url into no images: data silently lost, so
 * such values are refused instead (the issue: values are validated and coerced on every write).
 */
export function valueProblem(type: number, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case FieldType.integer:
    case FieldType.float:
      return numberIn(value, -Infinity, Infinity) ? null : 'a number is expected';
    case FieldType.string:
    case FieldType.text:
    case FieldType.select:
    case FieldType.date:
    case FieldType.datetime:
      return isRecord(value) ? 'a text is expected' : null;
    case FieldType.multiselect:
      return (Array.isArray(value) ? value : [value]).some((item) => isRecord(item) || Array.isArray(item)) ? 'a list of texts is expected' : null;
    case FieldType.flag:
      return isFlag(value) ? null : 'a flag (true or false, 1 or 0) is expected';
    case FieldType.price: {
      if (!isRecord(value)) return numberIn(value, 0, MAX_PRICE) && value !== '' ? null : `a price from 0 to ${MAX_PRICE} is expected`;
      if (!numberIn(value.cost, 0, MAX_PRICE)) return `the cost must be a number from 0 to ${MAX_PRICE}`;
      if (!numberIn(value.nds, 0, 100)) return 'the VAT rate must be a number from 0 to 100';
      if (value.currency !== undefined && value.currency !== null && value.currency !== '' && !(typeof value.currency === 'string' && /^[A-Za-z]{3}$/.test(value.currency.trim())))
        return 'the currency must be a three-letter code';
      const flag = (['is_nds', 'is_price_include_nds', 'is_manager_can_change_nds'] as const).find((key) => !isFlag(value[key]));
      return flag ? `${flag} must be a flag (true or false, 1 or 0)` : null;
    }
    case FieldType.images:
      return Array.isArray(value) && value.every(isImage) ? null : 'a list of image urls is expected';
    default:
      return null;
  }
}

/**
 * Field values are checked against the account's fields of one entity and coerced by type (spec 2 §3):
 * an unknown code is refused, so a typo never silently stores data no screen shows, and so is a value
 * its type cannot hold. Refusals name the fields: `{ error, fields: { code: text } }`.
 */
export async function coerceEntityValues(db: Db, account: Pick<AccountRow, 'id' | 'isKommo'>, entity: FieldEntity, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const codes = Object.keys(values);
  if (!codes.length) return {};
  const defs = await db
    .select({ code: fields.code, type: fields.type })
    .from(fields)
    .where(and(eq(fields.accountId, account.id), eq(fields.entity, entity), inArray(fields.code, codes)));
  const byCode = new Map(defs.map((def) => [def.code, def.type]));
  const problems: Record<string, string> = {};
  for (const code of codes) {
    const type = byCode.get(code);
    const problem = type === undefined ? 'no such field' : valueProblem(type, values[code]);
    if (problem) problems[code] = problem;
  }
  const unknown = codes.filter((code) => !byCode.has(code));
  if (unknown.length) throw refusal(400, 'unknownFields', { fields: unknown.join(', ') }, { fields: problems });
  const [code, problem] = Object.entries(problems)[0] ?? [];
  if (code) throw refusal(400, 'fieldValueWrong', { field: code, problem: problem! }, { fields: problems });
  const ctx = { currency: defaultCurrency({ is_kommo: account.isKommo }) };
  return Object.fromEntries(codes.map((item) => [item, coerceFieldValue(byCode.get(item)!, values[item], ctx)]));
}
