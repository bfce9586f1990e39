import { isLang, LANG_STORAGE_KEY, type Lang } from '../../src/i18n';
import { loadLanguage } from '../../src/i18n/load';
import { $language, initialLanguage } from '../../src/stores/language';
import { $path, setNavigator } from '../stores/navigation';
import { readStorage } from '../../src/stores/storage';
import { captureUrlTokens, exchangeLinkPublicToken } from './sessionBootstrap';
import { connectFrameHost } from './frameHost';
import { connectHttpClients } from './httpClients';
import { listenToLocation } from './locationSync';
import { currentPath, navigate } from './hashLocation';

export interface ShellStart {
  demoNotifications: boolean;
}

/** test=… flags may sit in the page query or in the hash query. */
export function testFlags(win: Window): Set<string> {
  const hashQuery = win.location.hash.split('?')[1] ?? '';
  const values = [...new URLSearchParams(win.location.search).getAll('test'), ...new URLSearchParams(hashQuery).getAll('test')];
  return new Set(values.flatMap((value) => value.split(',')));
}

export function applyTheme(win: Window, theme: 'light' | 'dark'): void {
  win.document.documentElement.classList.toggle('theme-dark', theme === 'dark');
}

/** The user's saved choice first, then the host's language, then the browser's, then English. */
export function startLanguage(saved: string | null, hostLang: string | undefined): Lang {
  if (isLang(saved)) return saved;
  if (isLang(hostLang)) return hostLang;
  return initialLanguage();
}

/** Everything that must happen before the first render, in order. */
export async function bootstrapShell(win: Window): Promise<ShellStart> {
  connectHttpClients();
  setNavigator(navigate);
  listenToLocation(win);
  const { publicToken } = captureUrlTokens(win);
  $path.set(currentPath());
  if (publicToken) void exchangeLinkPublicToken(publicToken);

  const frame = await connectFrameHost(win);
  const flags = testFlags(win);
  applyTheme(win, flags.has('dark') || frame?.context?.theme === 'dark' ? 'dark' : 'light');

  const lang = startLanguage(readStorage(LANG_STORAGE_KEY), frame?.context?.lang);
  await loadLanguage(lang);
  $language.set(lang);
  win.document.documentElement.lang = lang;
  return { demoNotifications: flags.has('notifications') };
}
