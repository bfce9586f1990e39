import { serverErrors as en } from '../../locales/en.json';
import { serverErrors as ru } from '../../locales/ru.json';
import { HttpError } from './errors';

/**
 * A refusal whose text lives in locales (serverErrors.<code>): the shell shows the code's text in the user's language
 * with the figures filled in, and the English `error` every other client reads is the same locale text, so the two
 * cannot drift apart. What the server writes for later (a task's result, a report) is the same text in the language
 * of the user who asked for it. The one mechanism for every module (the import's messages.ts builds on it).
 */

export type RefusalCode = keyof typeof en;
export type RefusalParams = Record<string, string | number>;
/** A user's language as stored ('en', 'ru', or none yet): anything but 'ru' reads English. */
export type Language = string | null | undefined;

const isRussian = (lang: Language) => lang === 'ru';

/**
 * A locale text with its {{params}} filled in. Figures are written the language's way ('100,000' / '100 000'), so a
 * count reads the same as on the screens; an id is passed as a string, to be written as it is. Other server-written
 * texts kept in locales (task titles, the ledger's order rows) are filled by it too.
 */
export function fillText(text: string, params: RefusalParams, lang: Language): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name] ?? '';
    return typeof value === 'number' ? value.toLocaleString(isRussian(lang) ? 'ru-RU' : 'en-US') : value;
  });
}

export const isRefusalCode = (code: unknown): code is RefusalCode => typeof code === 'string' && Object.hasOwn(en, code);

/** The code's text in a language, its figures filled in. */
export const refusalTextIn = (lang: Language, code: RefusalCode, params: RefusalParams = {}) => fillText((isRussian(lang) ? ru : en)[code], params, lang);

/** The code's English text: the `error` of the answer. */
export const refusalText = (code: RefusalCode, params: RefusalParams = {}) => refusalTextIn('en', code, params);

/** A refusal with its status, its code, its figures (when it has any) and any other fields the answer carries. */
export const refusal = (status: number, code: RefusalCode, params?: RefusalParams, extra: Record<string, unknown> = {}) =>
  new HttpError(status, refusalText(code, params), { ...extra, code, ...(params && { params }) });

/** A refusal already made, said in a language: its code's text there, or its own (English) text when it has no code. */
export function refusalMessageIn(error: HttpError, lang: Language): string {
  const { code, params } = error.extra as { code?: unknown; params?: RefusalParams };
  return isRefusalCode(code) ? refusalTextIn(lang, code, params) : error.message;
}

/**
 * A refusal whose English `error` writes its figures as the server wrote them before it had codes (String(n): '1234.5',
 * not '1,234.5'), since clients read those texts byte for byte; `params` still carry the numbers, so the shell writes
 * them the user's way. For the stock shortages, whose available quantity can pass a thousand.
 */
export const plainRefusal = (status: number, code: RefusalCode, params: RefusalParams, extra: Record<string, unknown> = {}) =>
  new HttpError(status, fillText(en[code], Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)])), 'en'), { ...extra, code, params });

/** Not allowed by the user's rights: 422, since the token itself is fine and a 403 signs the user out. */
export const noRight = (code: RefusalCode, params?: RefusalParams) => refusal(422, code, params);
