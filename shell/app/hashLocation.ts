import { useSyncExternalStore } from 'react';
import { holdsNavigation, screenAddress } from '../stores/navigation';

/**
 * Hash routing with the query inside the hash (#/addToDeal?order_id=5), the form the
 * CRM links and public order links use. wouter's own hash hook keeps the query in
 * location.search instead, so the shell plugs in this one.
 */

function splitHash(): [string, string] {
  const raw = globalThis.location?.hash.replace(/^#\/?/, '') ?? '';
  const [path, search = ''] = raw.split('?');
  return [`/${path}`, search];
}

export const currentPath = (): string => splitHash()[0];
export const currentSearch = (): string => splitHash()[1];

function subscribe(callback: () => void): () => void {
  addEventListener('hashchange', callback);
  addEventListener('popstate', callback);
  return () => {
    removeEventListener('hashchange', callback);
    removeEventListener('popstate', callback);
  };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const oldURL = location.href;
  const url = new URL(oldURL);
  url.hash = to.startsWith('/') ? to : `/${to}`;
  if (url.href === oldURL) return;
  // A screen with unsaved work (the deal) holds the move and asks the user first (it makes the move once they agree).
  const address = url.hash.replace(/^#/, '');
  // Opening or leaving an overlay that lives in the address (?settings=) is no move a screen may hold.
  if (screenAddress(address) !== screenAddress(new URL(oldURL).hash.replace(/^#/, '')) && holdsNavigation(address)) return;
  history[options.replace ? 'replaceState' : 'pushState'](history.state, '', url.href);
  dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
}

export function useAppLocation(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigate];
}

export function useAppSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch, () => '');
}

useAppLocation.searchHook = useAppSearch;
useAppLocation.hrefs = (href: string) => `#${href}`;
