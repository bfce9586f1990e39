import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { adoptStyles } from './adoptStyles';
import styles from './tabs.css?raw';

adoptStyles(styles);

export interface TabsProps<K extends string> {
  /** The tabs in order: `key` names the tab (and its ids), `label` is the shown, translated text. */
  tabs: readonly { key: K; label: string }[];
  selected: K;
  /** The screen decides where the choice lives (state, or the address so a reload keeps it: see tabOfAddress). */
  onSelect: (key: K) => void;
  /** The tablist's accessible name. */
  label: string;
  /** Start of the tab and panel ids: `${idPrefix}-tab-${key}`, `${idPrefix}-panel-${key}`. */
  idPrefix: string;
  className?: string;
  panelClassName?: string;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * The ARIA tabs pattern: one tablist with a tab stop on the selected tab only, arrow keys (wrapping), Home and End
 * choosing and focusing a tab, and the tabpanel labelled by its tab.
 */
export function Tabs<K extends string>({ tabs, selected, onSelect, label, idPrefix, className, panelClassName, children }: TabsProps<K>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (index: number) => {
    onSelect(tabs[index].key);
    buttons.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    choose((moves[event.key] + tabs.length) % tabs.length);
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={className ? `ui-tabs ${className}` : 'ui-tabs'}>
        {tabs.map((each, index) => (
          <button
            key={each.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${each.key}`}
            aria-selected={each.key === selected}
            aria-controls={`${idPrefix}-panel-${each.key}`}
            tabIndex={each.key === selected ? 0 : -1}
            onClick={() => choose(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {each.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel-${selected}`} aria-labelledby={`${idPrefix}-tab-${selected}`} className={panelClassName}>
        {children}
      </div>
    </>
  );
}

/** The tab an address's query names under `param`, or the first (the default, which the address leaves out). */
export function tabOfAddress<T extends { key: string }>(tabs: readonly T[], search: string, param = 'tab'): T {
  const asked = new URLSearchParams(search).get(param);
  return tabs.find((each) => each.key === asked) ?? tabs[0];
}

/** The address of `path` with `key` chosen: the first tab is the bare path, so the default has one address. */
export function addressOfTab(tabs: readonly { key: string }[], path: string, key: string, param = 'tab'): string {
  return key === tabs[0]?.key ? path : `${path}?${param}=${encodeURIComponent(key)}`;
}
