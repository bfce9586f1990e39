import { and, eq, inArray } from 'drizzle-orm';
import { coerceFieldValue, defaultCurrency, FieldType } from '../../../src/domain/fieldTypes';
import { parseNumber } from '../../../src/domain/numbers';
import { validateCustomerField, type CustomerFieldError, type CustomerFieldRules } from '../../../src/domain/validation';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { fields } from '../../db/schema';
import { badRequest } from '../../http/errors';

export type CustomerKind = 'contact' | 'company';

/** The English texts of the shared validation keys (locales/en.json → validation.*), as the server answers in English. */
const TEXTS: Record<CustomerFieldError, string> = {
  'validation.empty': 'Empty field',
  'validation.email': 'Email invalid',
  'validation.min3': 'Minimum of 3 characters',
};

/**
 * The customer edit rules (spec 2 §5, §9): the name is required and has at least 3 characters; an
 * e-mail, when given, must look like one; a phone, when given, has at least 3 characters.
 */
const RULES: Record<'name' | 'email' | 'phone', CustomerFieldRules> = {
  name: { required: true, minLength: true },
  email: { email: true },
  phone: { minLength: true },
};

/**
 * Checks the given customer texts (on add the name counts as given even when absent) and answers all
 * broken rules at once: 400 with `{ error: <first text>, fields: { name: 'Empty field', … } }`, so the
 * client can show each text by its input. Returns the trimmed texts.
 */
export function checkCustomerTexts(input: { name?: string; email?: string; phone?: string }, adding: boolean): { name?: string; email?: string; phone?: string } {
  const problems: Record<string, string> = {};
  const result: { name?: string; email?: string; phone?: string } = {};
  for (const key of ['name', 'email', 'phone'] as const) {
    const value = input[key];
    if (value === undefined && !(adding && key === 'name')) continue;
    const problem = validateCustomerField(value ?? '', RULES[key]);
    if (problem) problems[key] = TEXTS[problem];
    else result[key] = (value ?? '').trim();
  }
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, { fields: problems });
  return result;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const FLAG_TEXTS = new Set(['', '0', '1', 'true', 'false']);
const isFlag = (value: unknown) =>
  value === null || value === undefined || typeof value === 'boolean' || value === 0 || value === 1 || (typeof value === 'string' && FLAG_TEXTS.has(value.trim().toLowerCase()));
const numberIn = (value: unknown, min: number, max: number) => {
  if (value === null || value === undefined || value === '') return true;
  const number = parseNumber(value);
  return number !== null && number >= min && number <= max;
};
const MAX_MONEY = 1e12;

/**
 * Why a raw value cannot be read as its field's type, or null when it can: coercion alone would turn
 * 'heavy' into 0 or 'maybe' into false, data silently lost. The same rules as product values
 * (server/modules/products/service.ts), without image carousels, which customers do not have.
 */
function valueProblem(type: number, value: unknown): string | null {
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
      if (!isRecord(value)) return numberIn(value, 0, MAX_MONEY) && value !== '' ? null : 'a price of 0 or more is expected';
      if (!numberIn(value.cost, 0, MAX_MONEY)) return 'the cost must be a number of 0 or more';
      if (!numberIn(value.nds, 0, 100)) return 'the VAT rate must be a number from 0 to 100';
      if (value.currency !== undefined && value.currency !== null && value.currency !== '' && !(typeof value.currency === 'string' && /^[A-Za-z]{3}$/.test(value.currency.trim())))
        return 'the currency must be a three-letter code';
      const flag = (['is_nds', 'is_price_include_nds', 'is_manager_can_change_nds'] as const).find((key) => !isFlag(value[key]));
      return flag ? `${flag} must be a flag (true or false, 1 or 0)` : null;
    }
    case FieldType.stock:
      return isRecord(value) && numberIn(value.count, -Infinity, Infinity) && numberIn(value.reserve, -Infinity, Infinity) ? null : 'an object with numbers count and reserve is expected';
    default:
      return 'this field type cannot hold values';
  }
}

/**
 * Field values checked against the account's fields of the kind (entity 'contact' or 'company') and
 * coerced by type (spec 2 §3). An unknown code is refused, so a typo never stores data no screen
 * shows; so is a value its type cannot hold. Refusals name the fields: `{ error, fields: { code: text } }`.
 */
export async function coerceCustomerValues(db: Db, caller: Caller, kind: CustomerKind, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const codes = Object.keys(values);
  if (!codes.length) return {};
  const defs = await db
    .select({ code: fields.code, type: fields.type })
    .from(fields)
    .where(and(eq(fields.accountId, caller.account.id), eq(fields.entity, kind), inArray(fields.code, codes)));
  const byCode = new Map(defs.map((def) => [def.code, def.type]));
  const problems: Record<string, string> = {};
  for (const code of codes) {
    const type = byCode.get(code);
    const problem = type === undefined ? 'no such field' : valueProblem(type, values[code]);
    if (problem) problems[code] = problem;
  }
  const unknown = codes.filter((code) => !byCode.has(code));
  if (unknown.length) throw badRequest(`Unknown fields: ${unknown.join(', ')}`, { fields: problems });
  const [code, problem] = Object.entries(problems)[0] ?? [];
  if (code) throw badRequest(`Field ${code}: ${problem}`, { fields: problems });
  const ctx = { currency: defaultCurrency({ is_kommo: caller.account.isKommo }) };
  return Object.fromEntries(codes.map((item) => [item, coerceFieldValue(byCode.get(item)!, values[item], ctx)]));
}
