import rosetta from 'rosetta';
import type en from '../../locales/en.json';

export type Lang = 'en' | 'ru';
export const LANGUAGES: readonly Lang[] = ['en', 'ru'];
export const DEFAULT_LANG: Lang = 'en';
/** Missing texts fall back in this order (spec 2 §9). */
export const FALLBACK_ORDER: readonly Lang[] = ['en', 'ru'];
export const LANG_STORAGE_KEY = 'lang';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of locales/en.json; using a key that does not exist fails the type check. */
export type MessageKey = Leaves<typeof en>;
export type MessageTable = typeof en;
export type MessageParams = Record<string, string | number>;

// Tables are registered in parts: each bundle (shell core, a screen chunk, the widget) brings only the
// namespaces it shows, so adding texts to one screen never grows another bundle (see registerTexts).
const i18n = rosetta<MessageTable>({});
let current: Lang = DEFAULT_LANG;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Detection order: saved choice, then the browser language prefix, then English. */
export function detectLanguage(saved: string | null | undefined, browserLanguages: readonly string[]): Lang {
  if (isLang(saved)) return saved;
  for (const tag of browserLanguages) {
    const prefix = tag.toLowerCase().split('-')[0];
    if (isLang(prefix)) return prefix;
  }
  return DEFAULT_LANG;
}

export function addMessages(lang: Lang, table: Partial<MessageTable>): void {
  i18n.set(lang, table as MessageTable);
}

/**
 * Adds English namespaces (top-level keys of locales/en.json). Import them by name —
 * `import { orders } from '…/locales/en.json'` — so esbuild keeps only those in the bundle.
 * Russian is loaded whole on demand (i18n/load.ts).
 */
export function registerTexts(table: Partial<MessageTable>): void {
  addMessages('en', table);
}

export function setActiveLanguage(lang: Lang): void {
  current = lang;
  i18n.locale(lang);
}

export function activeLanguage(): Lang {
  return current;
}

/** Translate a key in the active language, falling back to English, then Russian, then the key itself. */
export function t(key: MessageKey, params?: MessageParams): string {
  for (const lang of [current, ...FALLBACK_ORDER]) {
    const text = i18n.t(key, params ?? {}, lang);
    if (text) return text;
  }
  return key;
}

/** A key chosen at run time (from data); unknown keys come back as the key. */
export function translateDynamic(key: string, params?: MessageParams): string {
  return t(key as MessageKey, params);
}
