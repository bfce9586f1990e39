import { $path } from '../../src/stores/navigation';
import { holdsNavigation, resetOrderStateAfterNavigation } from '../../src/stores/order';
import { captureUrlTokens, exchangeLinkPublicToken } from '../../src/stores/sessionBootstrap';
import { currentPath, currentSearch } from './hashLocation';

/**
 * Runs on every change of the address, before React renders the new screen, so a screen's own
 * setup is never undone by the reset: the stores learn the path, and the order state is cleared
 * (except for a route with an isNew parameter; the id is kept when the target has an order_id).
 */
export function syncLocation(): void {
  const path = currentPath();
  const changed = path !== $path.get() || currentSearch() !== lastSearch;
  // Back, forward or an edited address while a deal is unsaved: stay, and let the screen ask the user.
  if (changed && holdsNavigation(`${path}${currentSearch() ? `?${currentSearch()}` : ''}`)) {
    history.pushState(history.state, '', `#${$path.get()}${lastSearch ? `?${lastSearch}` : ''}`);
    return;
  }
  lastSearch = currentSearch();
  $path.set(path);
  if (!changed) return;
  const params = new URLSearchParams(lastSearch);
  resetOrderStateAfterNavigation({ hasOrderId: params.has('order_id'), isNew: params.has('isNew') });
}
let lastSearch = currentSearch();

/**
 * A second public link opened in the same tab changes only the hash: its token is taken (exchanged,
 * stored, cleaned from the address) like the first page load's, before the new screen is shown.
 */
function takeLinkToken(win: Window): void {
  if (!/[?&]public_token=/.test(win.location.hash)) return;
  const { publicToken } = captureUrlTokens(win);
  if (publicToken) void exchangeLinkPublicToken(publicToken);
}

export function listenToLocation(win: Window): () => void {
  const onChange = () => {
    takeLinkToken(win);
    syncLocation();
  };
  win.addEventListener('hashchange', onChange);
  win.addEventListener('popstate', onChange);
  return () => {
    win.removeEventListener('hashchange', onChange);
    win.removeEventListener('popstate', onChange);
  };
}
