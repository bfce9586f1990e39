import { serverErrors as en } from '../../locales/en.json';
import { HttpError } from './errors';

/**
 * A refusal whose text lives in locales (serverErrors.<code>), as the import's do: the shell shows the code's text in
 * the user's language with the figures filled in, and the English `error` every other client reads is the same
 * locale text, so the two cannot drift apart.
 */

export type RefusalCode = keyof typeof en;
export type RefusalParams = Record<string, string | number>;

export const refusalText = (code: RefusalCode, params: RefusalParams = {}) =>
  en[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** A refusal with its status, its code, its figures (when it has any) and any other fields the answer carries. */
export const refusal = (status: number, code: RefusalCode, params?: RefusalParams, extra: Record<string, unknown> = {}) =>
  new HttpError(status, refusalText(code, params), { ...extra, code, ...(params && { params }) });
