import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

export interface RowMenuItem {
  key: string;
  label: string;
  danger?: boolean;
  run: () => void;
}

export interface RowMenuProps {
  /** The button's accessible name ('Actions: Order 1001'). */
  label: string;
  items: readonly RowMenuItem[];
}

/**
 * The actions of one table row behind a '⋯' button. The menu is fixed to the viewport on body, so the
 * scrolling table never clips it; arrow keys, Home and End move, Escape closes and returns to the button,
 * Tab, scrolling and a click elsewhere close it.
 */
export function RowMenu({ label, items }: RowMenuProps) {
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const entries = useRef<(HTMLButtonElement | null)[]>([]);
  const open = place !== null;

  function show(focus: 'first' | 'last' = 'first') {
    const rect = button.current?.getBoundingClientRect();
    if (!rect) return;
    const below = window.innerHeight - rect.bottom;
    // Opens upwards near the bottom of the window.
    const vertical = below < 220 && rect.top > below ? { bottom: window.innerHeight - rect.top + 4 } : { top: rect.bottom + 4 };
    setPlace({ position: 'fixed', right: Math.max(8, window.innerWidth - rect.right), ...vertical });
    requestAnimationFrame(() => (focus === 'first' ? entries.current[0] : entries.current[items.length - 1])?.focus());
  }

  function close(focusButton: boolean) {
    setPlace(null);
    if (focusButton) button.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    const dismiss = () => setPlace(null);
    window.addEventListener('resize', dismiss);
    window.addEventListener('scroll', dismiss, true);
    return () => {
      window.removeEventListener('resize', dismiss);
      window.removeEventListener('scroll', dismiss, true);
    };
  }, [open]);

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = entries.current.findIndex((entry) => entry === document.activeElement);
    const move = (to: number) => entries.current[(to + items.length) % items.length]?.focus();
    if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') {
      close(true);
      return;
    } else if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else return;
    event.preventDefault();
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className="orders-row-menu__button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            show(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        ⋯
      </button>
      {open &&
        createPortal(
          <>
            <div className="orders-row-menu__backdrop" aria-hidden="true" onMouseDown={() => close(false)} />
            <div id={menuId} role="menu" aria-label={label} className="orders-row-menu" style={place} onKeyDown={onMenuKey}>
              {items.map((item, index) => (
                <button
                  key={item.key}
                  ref={(node) => {
                    entries.current[index] = node;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={`orders-row-menu__item${item.danger ? ' orders-row-menu__item--danger' : ''}`}
                  onClick={() => {
                    close(true);
                    item.run();
                  }}
                >
                  {item.label}
                </button>
              ))}
            </div>
          </>,
          document.body,
        )}
    </>
  );
}
