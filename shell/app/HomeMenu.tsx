import { lazy, Suspense, useId, useRef, useState } from 'react';
import { t } from '../../src/i18n';

const HomeMenuList = lazy(() => import('./HomeMenuList'));

/** The home menu's button; the list is its own chunk, fetched on first opening (see HomeMenuList). */
export function HomeMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) button.current?.focus();
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
        <Suspense fallback={null}>
          <HomeMenuList id={menuId} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
