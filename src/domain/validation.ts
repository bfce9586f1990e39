/** Customer-field validation (spec 1 §5, spec 2 §5); results are locale keys, not texts. */

/** Minimum length of a customer field (spec 2 §9). */
export const MIN_CUSTOMER_FIELD_LENGTH = 3;

// Non-space text, an @, more text, a dot and more text — deliberately loose, as the spec states.
const EMAIL = /^\S+@\S+\.\S+$/;

export function isEmail(text: string | null | undefined): boolean {
  return EMAIL.test(text ?? '');
}

/**
 * At least `min` characters after trimming; characters are counted as code points so that
 * an emoji or other astral character counts once.
 */
export function hasMinLength(text: string | null | undefined, min = MIN_CUSTOMER_FIELD_LENGTH): boolean {
  return [...(text ?? '').trim()].length >= min;
}

export type CustomerFieldError = 'validation.empty' | 'validation.email' | 'validation.min3';

export interface CustomerFieldRules {
  required?: boolean;
  email?: boolean;
  /** Require MIN_CUSTOMER_FIELD_LENGTH characters (the message names 3, so the length is fixed). */
  minLength?: boolean;
}

/**
 * The first broken rule of a customer field, checked on the trimmed value: empty (when
 * required), then e-mail, then minimum length. An empty optional field is valid: the other
 * rules judge what was typed, not its absence.
 */
export function validateCustomerField(
  value: string | number | null | undefined,
  rules: CustomerFieldRules = {},
): CustomerFieldError | null {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text === '') return rules.required ? 'validation.empty' : null;
  if (rules.email && !isEmail(text)) return 'validation.email';
  if (rules.minLength && !hasMinLength(text)) return 'validation.min3';
  return null;
}

/**
 * The customer edit rules (spec 2 §5, §9), the same for the client's forms and the server: the name is
 * required and has at least 3 characters; an e-mail, when given, must look like one; a phone, when
 * given, has at least 3 characters.
 */
export const CUSTOMER_TEXT_RULES = {
  name: { required: true, minLength: true },
  email: { email: true },
  phone: { minLength: true },
} as const satisfies Record<string, CustomerFieldRules>;
export type CustomerTextKey = keyof typeof CUSTOMER_TEXT_RULES;

/** Every broken customer text rule of an edit form's values, by input (a missing text counts as empty). */
export function customerTextErrors(values: Partial<Record<CustomerTextKey, string | null>>): Partial<Record<CustomerTextKey, CustomerFieldError>> {
  const errors: Partial<Record<CustomerTextKey, CustomerFieldError>> = {};
  for (const key of Object.keys(CUSTOMER_TEXT_RULES) as CustomerTextKey[]) {
    const problem = validateCustomerField(values[key], CUSTOMER_TEXT_RULES[key]);
    if (problem) errors[key] = problem;
  }
  return errors;
}
