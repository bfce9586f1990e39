import { exchangePublicToken } from '../../src/api/publicOrder';
import { navigateTo } from '../stores/navigation';
import { moveQueryToStorage } from './queryParams';
import { $publicExchange, clearPublicToken, savePublicToken, saveToken } from '../../src/stores/session';

export interface CapturedTokens {
  token: string | null;
  publicToken: string | null;
}

function takeParam(name: string, ...sources: URLSearchParams[]): string | null {
  let found: string | null = null;
  for (const params of sources) {
    const value = params.get(name);
    if (value !== null && found === null) found = value;
    params.delete(name);
  }
  return found;
}

/**
 * Reads a main token (?token=…) and a public token (#/…?public_token=…) from the address,
 * moves the CRM's query parameters to storage and strips all of them from the address bar,
 * so a token never stays in history or gets copied with a link.
 */
export function captureUrlTokens(win: Window = window): CapturedTokens {
  const url = new URL(win.location.href);
  const [hashPath, hashQueryText = ''] = url.hash.replace(/^#/, '').split('?');
  const hashQuery = new URLSearchParams(hashQueryText);
  const before = url.search + hashQuery.toString();

  const token = takeParam('token', url.searchParams, hashQuery);
  const publicToken = takeParam('public_token', hashQuery, url.searchParams);
  moveQueryToStorage(url.searchParams);
  moveQueryToStorage(hashQuery);

  if (url.search + hashQuery.toString() !== before) {
    const query = hashQuery.toString();
    url.hash = hashPath || query ? `${hashPath || '/'}${query ? `?${query}` : ''}` : '';
    win.history.replaceState(win.history.state, '', url.toString());
  }
  if (token) saveToken(token);
  if (publicToken) $publicExchange.set('pending');
  return { token, publicToken };
}

/** Exchanges a link's public token for a session token; an invalid one sends the visitor to /publicOrderAuth. */
export async function exchangeLinkPublicToken(publicToken: string): Promise<boolean> {
  $publicExchange.set('pending');
  const result = await exchangePublicToken(publicToken);
  const sessionToken = result.ok ? result.data?.token : undefined;
  if (sessionToken) {
    savePublicToken(sessionToken);
    $publicExchange.set('done');
    return true;
  }
  clearPublicToken();
  $publicExchange.set('done');
  navigateTo('/publicOrderAuth');
  return false;
}
