import { validateCustomerField, type CustomerFieldError, type CustomerFieldRules } from '../../../src/domain/validation';
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
