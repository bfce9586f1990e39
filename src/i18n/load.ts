import { addMessages, setActiveLanguage, type Lang, type MessageTable } from './index';

/** Russian is fetched on demand so English-only visitors never download it. */
const loaders: Record<Lang, () => Promise<MessageTable | null>> = {
  en: async () => null,
  ru: async () => (await import('../../locales/ru.json')).default as MessageTable,
};

export async function loadLanguage(lang: Lang): Promise<void> {
  const table = await loaders[lang]();
  if (table) addMessages(lang, table);
  // Russian is the second fallback, so it is kept once loaded.
  setActiveLanguage(lang);
}
