import { $path } from '../../src/stores/navigation';
import { holdsNavigation, resetOrderStateAfterNavigation } from '../../src/stores/order';
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

export function listenToLocation(win: Window): () => void {
  win.addEventListener('hashchange', syncLocation);
  win.addEventListener('popstate', syncLocation);
  return () => {
    win.removeEventListener('hashchange', syncLocation);
    win.removeEventListener('popstate', syncLocation);
  };
}
