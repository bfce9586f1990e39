import { useEffect, useRef, type KeyboardEvent } from 'react';
import { activeLanguage, LANGUAGES, t, type Lang, type MessageKey } from '../../src/i18n';
import { changeLanguage } from '../../src/stores/language';
import { logOut } from '../stores/auth';
import { openOverlay, type OverlayName } from '../stores/overlays';
import { navigate } from './hashLocation';
import { OVERLAY_PANELS } from './overlayRegistry';
import { ROUTES } from './routes';
import { SYNC_ENTRIES, SYNC_TARGETS, type SyncKind, type SyncTarget } from './syncRegistry';

interface MenuEntry {
  key: string;
  label: string;
  run(): void;
  checked?: boolean;
}

/** Home-menu entries open an overlay panel or a screen, and appear once it exists (later issues add them). */
const OVERLAY_ENTRIES: readonly { overlay: OverlayName; label: MessageKey }[] = [
  { overlay: 'taskCenter', label: 'home.tasks' },
  { overlay: 'import', label: 'home.import' },
  { overlay: 'sync', label: 'home.sync' },
];
const SCREEN_ENTRIES: readonly { path: string; label: MessageKey }[] = [
  { path: '/profile', label: 'home.userSettings' },
  { path: '/accountSettings', label: 'home.accountSettings' },
];

const exists = (target: SyncTarget) => ('start' in target ? true : 'path' in target ? ROUTES.some((route) => route.path === target.path.split('?')[0]) : Boolean(OVERLAY_PANELS[target.overlay]));
function openTarget(target: SyncTarget, kind: SyncKind): void {
  if ('start' in target) void target.start().then((start) => start(kind));
  else if ('path' in target) navigate(target.path);
  else openOverlay(target.overlay);
}

function logOutToSignIn(): void {
  logOut();
  navigate('/authorization');
}

/** The entries in the spec's order (§2): language, task list, import, synchronisation, settings, user settings, log out. */
function menuEntries(): { languages: MenuEntry[]; sync: MenuEntry[]; rest: MenuEntry[] } {
  const current = activeLanguage();
  const overlay = (entry: { overlay: OverlayName; label: MessageKey }) => ({ key: entry.overlay, label: t(entry.label), run: () => void openOverlay(entry.overlay) });
  const registered = (name: OverlayName) => Boolean(OVERLAY_PANELS[name]);
  return {
    languages: LANGUAGES.map((lang: Lang) => ({ key: `lang-${lang}`, label: t(`languages.${lang}`), checked: lang === current, run: () => void changeLanguage(lang) })),
    sync: SYNC_ENTRIES.flatMap((entry) => {
      const target = SYNC_TARGETS[entry.kind];
      return target && exists(target) ? [{ key: `sync-${entry.kind}`, label: t(entry.label), run: () => openTarget(target, entry.kind) }] : [];
    }),
    rest: [
      ...OVERLAY_ENTRIES.filter((entry) => registered(entry.overlay)).map(overlay),
      ...(registered('settings') ? [overlay({ overlay: 'settings', label: 'home.settings' })] : []),
      ...SCREEN_ENTRIES.filter((entry) => ROUTES.some((route) => route.path === entry.path)).map((entry) => ({ key: entry.path, label: t(entry.label), run: () => navigate(entry.path) })),
      { key: 'logout', label: t('home.logout'), run: logOutToSignIn },
    ],
  };
}

/**
 * The open home menu, a chunk of its own fetched on first opening (the first load carries only the button).
 * Arrow keys move, Home and End jump, Escape closes and gives focus back to the button.
 */
export default function HomeMenuList({ id, onClose }: { id: string; onClose(focusButton: boolean): void }) {
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const { languages, sync, rest } = menuEntries();
  // Synchronisation sits after import, before settings, as the spec lists it.
  const beforeSync = rest.filter((entry) => entry.key === 'taskCenter' || entry.key === 'import');
  const afterSync = rest.filter((entry) => !beforeSync.includes(entry));
  const ordered = [...languages, ...beforeSync, ...sync, ...afterSync];

  useEffect(() => {
    items.current[0]?.focus();
  }, []);

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.current.findIndex((item) => item === document.activeElement);
    const move = (to: number) => items.current[(to + ordered.length) % ordered.length]?.focus();
    if (event.key === 'Escape') onClose(true);
    else if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(ordered.length - 1);
    else return;
    event.preventDefault();
  }

  function renderItem(entry: MenuEntry) {
    const index = ordered.indexOf(entry);
    return (
      <button
        key={entry.key}
        ref={(node) => {
          items.current[index] = node;
        }}
        type="button"
        role={entry.checked === undefined ? 'menuitem' : 'menuitemradio'}
        aria-checked={entry.checked}
        tabIndex={-1}
        className="shell-menu-item"
        onClick={() => {
          onClose(false);
          entry.run();
        }}
      >
        {entry.label}
      </button>
    );
  }

  return (
    <div id={id} role="menu" aria-label={t('home.menu')} className="shell-menu" onKeyDown={onMenuKey}>
      <div role="group" aria-label={t('home.language')}>
        {languages.map(renderItem)}
      </div>
      {beforeSync.map(renderItem)}
      {sync.length > 0 && (
        <div role="group" aria-label={t('home.sync')}>
          {sync.map(renderItem)}
        </div>
      )}
      {afterSync.map(renderItem)}
    </div>
  );
}
