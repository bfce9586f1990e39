import { isSafeLink } from '../../../src/domain/links';
import { CUSTOMER_TEXT_RULES, validateCustomerField, type CustomerFieldError } from '../../../src/domain/validation';
import { badRequest } from '../../http/errors';

export type CustomerKind = 'contact' | 'company';

/** The English texts of the shared validation keys (locales/en.json → validation.*), as the server answers in English. */
const TEXTS: Record<CustomerFieldError | 'validation.link', string> = {
  'validation.empty': 'Empty field',
  'validation.email': 'Email invalid',
  'validation.min3': 'Minimum of 3 characters',
  'validation.link': 'The link must start with http://, https://, mailto: or tel:',
};

/**
 * Checks the given customer texts by the shared CUSTOMER_TEXT_RULES (on add the name counts as given even
 * when absent) and answers all broken rules at once: 400 with `{ error: <first text>, fields: { name: 'Empty field', … } }`, so the
 * client can show each text by its input. The link (shown as a link) must be http, https, mailto or tel. Returns the trimmed texts.
 */
export function checkCustomerTexts(input: { name?: string; email?: string; phone?: string; link?: string }, adding: boolean): { name?: string; email?: string; phone?: string } {
  const problems: Record<string, string> = {};
  const result: { name?: string; email?: string; phone?: string } = {};
  for (const key of ['name', 'email', 'phone'] as const) {
    const value = input[key];
    if (value === undefined && !(adding && key === 'name')) continue;
    const problem = validateCustomerField(value ?? '', CUSTOMER_TEXT_RULES[key]);
    if (problem) problems[key] = TEXTS[problem];
    else result[key] = (value ?? '').trim();
  }
  if (input.link !== undefined && !isSafeLink(input.link)) problems.link = TEXTS['validation.link'];
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, { fields: problems });
  return result;
}
