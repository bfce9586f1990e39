import { importReport as reportEn } from '../../../locales/en.json';
import { importReport as reportRu } from '../../../locales/ru.json';
import type { WrongRow } from '../../../src/contract/import';
import type { HttpError } from '../../http/errors';
import { isRefusalCode, type Language, refusal, type RefusalCode, type RefusalParams, refusalMessageIn, refusalTextIn } from '../../http/refusal';

/**
 * The import's names for the server's one refusal mechanism (server/http/refusal.ts): its messages live in locales
 * (serverErrors.import*), a refusal carries its code and figures, and what a task writes for later (the result's
 * error, the report's reasons) is written in the language of the user who started it.
 */

export type ImportCode = Extract<RefusalCode, `import${string}`>;
export type MessageParams = RefusalParams;
export type { Language };

export const importText = (code: ImportCode, params: MessageParams = {}, lang?: Language) => refusalTextIn(lang, code, params);

/** A 400 (or another status) with the English text, the code and its figures. */
export const importRefusal = (code: ImportCode, params?: MessageParams, status = 400) => refusal(status, code, params);

/** What a cell or a row has wrong: a code of locales' serverErrors and its figures. */
export interface Problem {
  code: ImportCode;
  params?: MessageParams;
}

export const wrongRow = (row: number, column: string, { code, params }: Problem): WrongRow => ({ row, column, message: importText(code, params), code, ...(params && { params }) });

/** A wrong row's reason in a language: its code's text there, or the English message of a row from before codes. */
export const reasonOf = (wrong: WrongRow, lang: Language) => (isRefusalCode(wrong.code) ? refusalTextIn(lang, wrong.code, wrong.params) : wrong.message);

/** A refusal's text in a language (any coded refusal the import meets: its own, a tariff limit's, a field's). */
export const refusalText = (error: HttpError, lang: Language) => refusalMessageIn(error, lang);

export const reportTexts = (lang: Language) => (lang === 'ru' ? reportRu : reportEn);
