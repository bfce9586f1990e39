import { $path, announceLocation, holdsNavigation, screenAddress } from '../stores/navigation';
import { captureUrlTokens, exchangeLinkPublicToken } from './sessionBootstrap';
import { currentPath, currentSearch } from './hashLocation';

/**
 * Runs on every change of the address, before React renders the new screen, so a screen's own
 * setup is never undone by what the stores do on the move (a screen's state may reset itself): the stores
 * learn the path, and the move is announced.
 */
export function syncLocation(): void {
  const path = currentPath();
  // Opening or leaving an overlay that lives in the address (?settings=) is no move of the screen.
  const changed = path !== $path.get() || screenAddress(`?${currentSearch()}`) !== screenAddress(`?${lastSearch}`);
  // Back, forward or an edited address while a screen holds unsaved work: stay, and let the screen ask the user.
  if (changed && holdsNavigation(`${path}${currentSearch() ? `?${currentSearch()}` : ''}`)) {
    history.pushState(history.state, '', `#${$path.get()}${lastSearch ? `?${lastSearch}` : ''}`);
    return;
  }
  lastSearch = currentSearch();
  $path.set(path);
  if (changed) announceLocation({ path, search: lastSearch });
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
