import { useCallback, useMemo, useState, type MouseEvent } from 'react';

export type NavBarState = 'enabled' | 'disabled';

export interface NavBarItem {
  href: string;
  label: string;
  /** The page being shown (aria-current="page"). */
  current?: boolean;
}

export interface NavBarProps {
  /** Accessible name of the navigation landmark. */
  label: string;
  items: readonly NavBarItem[];
  state?: NavBarState;
  /** Same as state 'disabled'. */
  disabled?: boolean;
  onNavigate?: (item: NavBarItem, event: MouseEvent<HTMLAnchorElement>) => void;
  className?: string;
}

export interface NavBarControls {
  enable: () => void;
  disable: () => void;
  toggle: () => void;
}

/** Holds a navigation bar's state with stable enable/disable/toggle actions. */
export function useNavBarState(initial: NavBarState = 'enabled'): [NavBarState, NavBarControls] {
  const [state, setState] = useState<NavBarState>(initial);
  const enable = useCallback(() => setState('enabled'), []);
  const disable = useCallback(() => setState('disabled'), []);
  const toggle = useCallback(() => setState((old) => (old === 'enabled' ? 'disabled' : 'enabled')), []);
  const controls = useMemo(() => ({ enable, disable, toggle }), [enable, disable, toggle]);
  return [state, controls];
}

/** A list of links; while disabled the links stay visible but cannot be focused or followed. */
export function NavBar(props: NavBarProps) {
  const off = props.state === 'disabled' || props.disabled === true;
  const classes = ['ui-navbar'];
  if (off) classes.push('ui-navbar--disabled');
  if (props.className) classes.push(props.className);
  return (
    <nav className={classes.join(' ')} aria-label={props.label} data-state={off ? 'disabled' : 'enabled'}>
      <ul className="ui-navbar__list">
        {props.items.map((item, index) => (
          <li key={`${index}-${item.href}`} className="ui-navbar__entry">
            <a
              className={item.current ? 'ui-navbar__link ui-navbar__link--current' : 'ui-navbar__link'}
              href={item.href}
              aria-current={item.current ? 'page' : undefined}
              aria-disabled={off ? true : undefined}
              tabIndex={off ? -1 : undefined}
              onClick={(event) => {
                if (off) {
                  event.preventDefault();
                  return;
                }
                props.onNavigate?.(item, event);
              }}
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
