import { analyticsExport as en } from '../../../locales/en.json';
import { analyticsExport as ru } from '../../../locales/ru.json';

/** The export file's headings (locales → analyticsExport) in the language of the user who started it; English otherwise. */
export type ExportTexts = typeof en;

export const exportTextsOf = (lang: string | undefined): ExportTexts => (lang === 'ru' ? ru : en);
