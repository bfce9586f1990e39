import { addMessages, detectLanguage, isLang, LANG_STORAGE_KEY, setActiveLanguage, type Lang, type MessageTable } from '../src/i18n';

/**
 * The widget ships English only; Russian (the widget's and the error texts of ru.json, nothing else)
 * is a small script next to widget.js that build.mjs writes and our server serves (/widget-ru.js).
 * A script, not a fetch: it loads cross-origin like widget.js itself, without CORS.
 */
export const RU_TEXTS_FILE = 'widget-ru.js';

declare global {
  interface Window {
    StockroomWidgetTexts?: Partial<Record<Lang, Partial<MessageTable>>>;
  }
}

const loading = new Map<Lang, Promise<boolean>>();

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    // Inserted scripts load asynchronously anyway; a failure only means English stays on.
    script.src = src;
    script.onload = () => resolve();
    script.onerror = reject;
    document.head.append(script);
  });
}

/** The host's language when it gives one, else the detection rule (saved choice, browser language, English). */
export function widgetLanguage(hostLang: unknown): Lang {
  if (isLang(hostLang)) return hostLang;
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    // Storage may be denied to a third-party script: detection goes on without it.
  }
  return detectLanguage(saved, navigator.languages ?? []);
}

/** Makes `lang` active, loading its texts first when needed; English stays on when they cannot be had. */
export async function switchWidgetLanguage(lang: Lang, appUrl: string): Promise<Lang> {
  if (lang === 'en') {
    setActiveLanguage('en');
    return 'en';
  }
  let pending = loading.get(lang);
  if (!pending) {
    pending = (window.StockroomWidgetTexts?.[lang] ? Promise.resolve() : loadScript(`${appUrl}/${RU_TEXTS_FILE}`)).then(
      () => {
        const table = window.StockroomWidgetTexts?.[lang];
        if (table) addMessages(lang, table);
        return Boolean(table);
      },
      () => false,
    );
    loading.set(lang, pending);
  }
  const loaded = await pending;
  setActiveLanguage(loaded ? lang : 'en');
  return loaded ? lang : 'en';
}
