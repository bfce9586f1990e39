import { atom } from 'nanostores';
import { updateUser } from '../api/account';
import { activeLanguage, detectLanguage, LANG_STORAGE_KEY, type Lang } from '../i18n';
import { readStorage, writeStorage } from './storage';
import { $token } from './session';

export const $language = atom<Lang>(activeLanguage());

/** The language to start with: saved choice, then the browser language prefix, then English. */
export function initialLanguage(): Lang {
  return detectLanguage(readStorage(LANG_STORAGE_KEY), globalThis.navigator?.languages ?? []);
}

let reload: () => void = () => globalThis.location?.reload();

/** Tests and the widget replace the full reload with their own re-render. */
export function setLanguageReloader(next: () => void): void {
  reload = next;
}

/** Saves the choice, tells the server when signed in, then reloads the app in the new language. */
export async function changeLanguage(lang: Lang): Promise<void> {
  writeStorage(LANG_STORAGE_KEY, lang);
  $language.set(lang);
  if ($token.get()) await updateUser({ lang });
  reload();
}
