import { importReport as reportEn, serverErrors as en } from '../../../locales/en.json';
import { importReport as reportRu, serverErrors as ru } from '../../../locales/ru.json';
import type { WrongRow } from '../../../src/contract/import';
import { HttpError } from '../../http/errors';

/**
 * The import's messages live in locales (serverErrors.import*), not here: a refusal carries its code and figures, so
 * the shell says it in the user's language, and its English text (the `error` every client reads) is the same
 * locale text filled in. What a task writes for later (the result's error, the report's reasons) is written in the
 * language of the user who started it.
 */

export type ImportCode = Extract<keyof typeof en, `import${string}`>;
export type MessageParams = Record<string, string | number>;
export type Language = string | null | undefined;

const fill = (text: string, params: MessageParams, lang: Language) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name] ?? '';
    return typeof value === 'number' ? value.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-US') : value;
  });

export const importText = (code: ImportCode, params: MessageParams = {}, lang?: Language) => fill((lang === 'ru' ? ru : en)[code], params, lang);

/** A 400 (or another status) with the English text, the code and its figures. */
export const importRefusal = (code: ImportCode, params?: MessageParams, status = 400) => new HttpError(status, importText(code, params), { code, ...(params && { params }) });

/** What a cell or a row has wrong: a code of locales' serverErrors and its figures. */
export interface Problem {
  code: ImportCode;
  params?: MessageParams;
}

export const wrongRow = (row: number, column: string, { code, params }: Problem): WrongRow => ({ row, column, message: importText(code, params), code, ...(params && { params }) });

/** A wrong row's reason in a language: its code's text there, or the English message of a row from before codes. */
export const reasonOf = (wrong: WrongRow, lang: Language) => (wrong.code && Object.hasOwn(en, wrong.code) ? importText(wrong.code as ImportCode, wrong.params, lang) : wrong.message);

/** A refusal's text in a language, when it is one of the import's own. */
export const refusalText = (error: HttpError, lang: Language) => {
  const { code, params } = error.extra as { code?: string; params?: MessageParams };
  return code && Object.hasOwn(en, code) && code.startsWith('import') ? importText(code as ImportCode, params, lang) : error.message;
};

export const reportTexts = (lang: Language) => (lang === 'ru' ? reportRu : reportEn);
