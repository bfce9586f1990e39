import { isSafeLink } from '../../../src/domain/links';
import { CUSTOMER_TEXT_RULES, validateCustomerField, type CustomerFieldError } from '../../../src/domain/validation';
import { refusal, type RefusalCode, refusalText } from '../../http/refusal';

export type CustomerKind = 'contact' | 'company';

/** The refusal code of each shared validation key (locales/en.json → validation.*): the same English text, and the code says it in the user's language. */
const CODES: Record<CustomerFieldError | 'validation.link', RefusalCode> = {
  'validation.empty': 'emptyField',
  'validation.email': 'emailNotValid',
  'validation.min3': 'minThreeCharacters',
  'validation.link': 'linkNotSafe',
};

/**
 * Checks the given customer texts by the shared CUSTOMER_TEXT_RULES (on add the name counts as given even
 * when absent) and answers all broken rules at once: 400 with `{ error: <first text>, code: <its code>, fields: { name: 'Empty field', … } }`, so the
 * client can show each text by its input. The link (shown as a link) must be http, https, mailto or tel. Returns the trimmed texts.
 */
export function checkCustomerTexts(input: { name?: string; email?: string; phone?: string; link?: string }, adding: boolean): { name?: string; email?: string; phone?: string } {
  const problems: Record<string, string> = {};
  let first: RefusalCode | undefined;
  const broken = (key: string, code: RefusalCode) => {
    problems[key] = refusalText(code);
    first ??= code;
  };
  const result: { name?: string; email?: string; phone?: string } = {};
  for (const key of ['name', 'email', 'phone'] as const) {
    const value = input[key];
    if (value === undefined && !(adding && key === 'name')) continue;
    const problem = validateCustomerField(value ?? '', CUSTOMER_TEXT_RULES[key]);
    if (problem) broken(key, CODES[problem]);
    else result[key] = (value ?? '').trim();
  }
  if (input.link !== undefined && !isSafeLink(input.link)) broken('link', CODES['validation.link']);
  if (first) throw refusal(400, first, undefined, { fields: problems });
  return result;
}
