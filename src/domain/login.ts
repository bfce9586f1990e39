import { isEmail } from './validation';

/** Staff sign in with an e-mail or a phone number; both are stored in one canonical form. */
export type LoginMode = 'email' | 'phone';
export interface ParsedLogin {
  mode: LoginMode;
  /** E-mail lower-cased; phone as its digits only. */
  value: string;
}

const MIN_PHONE_DIGITS = 7;
const MAX_PHONE_DIGITS = 15;

/** The canonical login of what a person typed, or null when it is neither an e-mail nor a phone. */
export function parseLogin(text: string): ParsedLogin | null {
  const trimmed = text.trim();
  if (trimmed.includes('@')) return isEmail(trimmed) ? { mode: 'email', value: trimmed.toLowerCase() } : null;
  // Phones may be written with spaces, dashes, dots, brackets and a leading +.
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= MIN_PHONE_DIGITS && digits.length <= MAX_PHONE_DIGITS ? { mode: 'phone', value: digits } : null;
}

/**
 * The one form of a login for everything keyed by it (rate limits, lookups): the canonical login when it
 * parses, else the text trimmed and lower-cased, so padding or case never makes a second key.
 */
export function loginKey(text: unknown): string {
  const raw = typeof text === 'string' ? text : '';
  return parseLogin(raw)?.value ?? raw.trim().toLowerCase();
}
