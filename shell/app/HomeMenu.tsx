import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { activeLanguage, LANGUAGES, t, type Lang, type MessageKey } from '../../src/i18n';
import { logOut } from '../stores/auth';
import { changeLanguage } from '../../src/stores/language';
import { openOverlay, type OverlayName } from '../stores/overlays';
import { navigate } from './hashLocation';
import { OVERLAY_PANELS } from './overlayRegistry';
import { ROUTES } from './routes';

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
  { overlay: 'settings', label: 'home.settings' },
];
const SCREEN_ENTRIES: readonly { path: string; label: MessageKey }[] = [
  { path: '/profile', label: 'home.userSettings' },
  { path: '/accountSettings', label: 'home.accountSettings' },
];

function logOutToSignIn(): void {
  logOut();
  navigate('/authorization');
}

/** The home menu: language selection, the screens that exist, log out. Arrow keys move, Escape closes. */
export function HomeMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const current = activeLanguage();

  const entries: MenuEntry[] = [
    ...LANGUAGES.map((lang: Lang) => ({
      key: `lang-${lang}`,
      label: t(`languages.${lang}`),
      checked: lang === current,
      run: () => void changeLanguage(lang),
    })),
    ...OVERLAY_ENTRIES.filter((entry) => OVERLAY_PANELS[entry.overlay]).map((entry) => ({
      key: entry.overlay,
      label: t(entry.label),
      run: () => void openOverlay(entry.overlay),
    })),
    ...SCREEN_ENTRIES.filter((entry) => ROUTES.some((route) => route.path === entry.path)).map((entry) => ({
      key: entry.path,
      label: t(entry.label),
      run: () => navigate(entry.path),
    })),
    { key: 'logout', label: t('home.logout'), run: logOutToSignIn },
  ];

  useEffect(() => {
    if (open) items.current[0]?.focus();
  }, [open]);

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.current.findIndex((item) => item === document.activeElement);
    const move = (to: number) => items.current[(to + entries.length) % entries.length]?.focus();
    if (event.key === 'Escape') close(true);
    else if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else return;
    event.preventDefault();
  }

  function renderItem(entry: MenuEntry, index: number) {
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
          close(false);
          entry.run();
        }}
      >
        {entry.label}
      </button>
    );
  }

  return (
    <div className="shell-home-menu" onBlur={(event) => { if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false); }}>
      <button
        ref={button}
        type="button"
        className="shell-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t('home.menu')}
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label={t('home.menu')} className="shell-menu" onKeyDown={onMenuKey}>
          <div role="group" aria-label={t('home.language')}>
            {entries.slice(0, LANGUAGES.length).map((entry, index) => renderItem(entry, index))}
          </div>
          {entries.slice(LANGUAGES.length).map((entry, index) => renderItem(entry, index + LANGUAGES.length))}
        </div>
      )}
    </div>
  );
}
