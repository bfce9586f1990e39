import { Fragment, useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

export type DropdownValue = string | number;

export interface DropdownItem {
  name: string;
  value: DropdownValue;
  selected?: boolean;
  /** Background colour of the entry. */
  color?: string;
  /** A group heading: shown, never chosen; the items after it belong to it. */
  optgroup?: boolean;
  /** Draw a check mark before the name. */
  tick?: boolean;
}

export interface DropdownListProps {
  label: string;
  items: readonly DropdownItem[];
  /** What the closed control shows: the chosen name(s) or a placeholder. */
  text: string;
  /** Styles text as a placeholder (nothing chosen). */
  placeholder?: boolean;
  onChoose: (item: DropdownItem, index: number) => void;
  disabled?: boolean;
  /** Several entries can be chosen (aria-multiselectable); the list stays open on choosing. */
  multiple?: boolean;
  /** Shows the arrow on the toggle; a disabled list never shows it. */
  arrow?: boolean;
  /** Background colour of the closed control, e.g. the chosen entry's colour. */
  color?: string;
  hideLabel?: boolean;
  id?: string;
  className?: string;
}

const TYPEAHEAD_RESET_MS = 600;
const PAGE_STEP = 10;

function isChoosable(item: DropdownItem | undefined): boolean {
  return item !== undefined && !item.optgroup;
}

/** The next choosable index from `from` going `step`, stopping at the ends; `from` when none. */
function moveFrom(items: readonly DropdownItem[], from: number, step: 1 | -1, count = 1): number {
  let result = from;
  let left = count;
  for (let i = from + step; i >= 0 && i < items.length && left > 0; i += step) {
    if (isChoosable(items[i])) {
      result = i;
      left -= 1;
    }
  }
  return result;
}

function firstChoosable(items: readonly DropdownItem[]): number {
  return items.findIndex(isChoosable);
}

function lastChoosable(items: readonly DropdownItem[]): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (isChoosable(items[i])) return i;
  return -1;
}

interface Segment {
  header: number | null;
  options: number[];
}

/** Splits the flat list at group headings so each group can be an ARIA group. */
function segmentsOf(items: readonly DropdownItem[]): Segment[] {
  const segments: Segment[] = [{ header: null, options: [] }];
  items.forEach((item, index) => {
    if (item.optgroup) segments.push({ header: index, options: [] });
    else segments[segments.length - 1].options.push(index);
  });
  return segments.filter((segment) => segment.header !== null || segment.options.length > 0);
}

/**
 * The generic list behind Select and MultiSelect (a select-only combobox): opens and closes
 * by clicking the toggle, closes on a backdrop click, on losing focus, on Escape or Tab and
 * on choosing; does nothing when disabled; group headings cannot be chosen.
 */
export function DropdownList(props: DropdownListProps) {
  const { items, disabled = false, multiple = false } = props;
  const autoId = useId();
  const id = props.id ?? `ui-dropdown-${autoId}`;
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [openState, setOpenState] = useState(false);
  const [active, setActive] = useState(-1);
  const open = openState && !disabled;
  const comboRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const typeahead = useRef({ text: '', at: 0 });

  useEffect(() => {
    if (disabled) setOpenState(false);
  }, [disabled]);

  useEffect(() => {
    if (!open || active < 0) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const initialActive = (): number => {
    const chosen = items.findIndex((item) => item.selected && isChoosable(item));
    return chosen >= 0 ? chosen : firstChoosable(items);
  };

  const openList = (activeIndex = initialActive()) => {
    if (disabled) return;
    setActive(activeIndex);
    setOpenState(true);
  };

  const close = () => setOpenState(false);

  const choose = (index: number) => {
    const item = items[index];
    if (disabled || !isChoosable(item)) return;
    props.onChoose(item, index);
    if (!multiple) close();
  };

  const search = (char: string): number => {
    const now = Date.now();
    const state = typeahead.current;
    state.text = now - state.at > TYPEAHEAD_RESET_MS ? char : state.text + char;
    state.at = now;
    const needle = state.text.toLocaleLowerCase();
    const start = state.text.length === 1 ? active + 1 : Math.max(active, 0);
    for (let offset = 0; offset < items.length; offset += 1) {
      const index = (start + offset) % items.length;
      if (isChoosable(items[index]) && items[index].name.toLocaleLowerCase().startsWith(needle)) return index;
    }
    return -1;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const key = event.key;
    const printable = key.length === 1 && key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (!open) {
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') {
        event.preventDefault();
        openList();
      } else if (key === 'Home' || key === 'End') {
        event.preventDefault();
        openList(key === 'Home' ? firstChoosable(items) : lastChoosable(items));
      } else if (printable) {
        const found = search(key);
        openList(found >= 0 ? found : initialActive());
      }
      return;
    }
    switch (key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive(active < 0 ? firstChoosable(items) : moveFrom(items, active, 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive(active < 0 ? lastChoosable(items) : moveFrom(items, active, -1));
        break;
      case 'PageDown':
        event.preventDefault();
        setActive(moveFrom(items, Math.max(active, 0), 1, PAGE_STEP));
        break;
      case 'PageUp':
        event.preventDefault();
        setActive(moveFrom(items, Math.max(active, 0), -1, PAGE_STEP));
        break;
      case 'Home':
        event.preventDefault();
        setActive(firstChoosable(items));
        break;
      case 'End':
        event.preventDefault();
        setActive(lastChoosable(items));
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (active >= 0) choose(active);
        else close();
        break;
      case 'Escape':
        // Handled here so an enclosing modal does not close as well.
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        close();
        break;
      default:
        if (printable) {
          const found = search(key);
          if (found >= 0) setActive(found);
        }
    }
  };

  const onToggleClick = () => {
    if (disabled) return;
    if (open) close();
    else openList();
  };

  const renderOption = (index: number): ReactNode => {
    const item = items[index];
    const classes = ['ui-dropdown__option'];
    if (item.selected) classes.push('ui-dropdown__option--selected');
    if (index === active) classes.push('ui-dropdown__option--active');
    if (item.color) classes.push('ui-dropdown__option--colored');
    const style: CSSProperties | undefined = item.color ? { backgroundColor: item.color } : undefined;
    return (
      <div
        key={index}
        id={optionId(index)}
        data-index={index}
        role="option"
        aria-selected={!!item.selected}
        className={classes.join(' ')}
        style={style}
        onClick={() => choose(index)}
        onMouseMove={() => {
          if (active !== index) setActive(index);
        }}
      >
        <span className="ui-dropdown__tick" aria-hidden="true">
          {item.tick ? '✓' : ''}
        </span>
        <span className="ui-dropdown__name">{item.name}</span>
      </div>
    );
  };

  const classes = ['ui-field', 'ui-dropdown'];
  if (open) classes.push('ui-dropdown--open');
  if (disabled) classes.push('ui-field--disabled', 'ui-dropdown--disabled');
  if (props.className) classes.push(props.className);
  const showArrow = (props.arrow ?? true) && !disabled;

  return (
    <div className={classes.join(' ')}>
      <span
        className={props.hideLabel ? 'ui-field__label ui-visually-hidden' : 'ui-field__label'}
        id={labelId}
        onClick={() => comboRef.current?.focus()}
      >
        {props.label}
      </span>
      <div className="ui-dropdown__control">
        <div
          ref={comboRef}
          id={id}
          role="combobox"
          tabIndex={disabled ? -1 : 0}
          className={props.color ? 'ui-dropdown__toggle ui-dropdown__toggle--colored' : 'ui-dropdown__toggle'}
          style={props.color ? { backgroundColor: props.color } : undefined}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={listId}
          aria-labelledby={labelId}
          aria-disabled={disabled ? true : undefined}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          onClick={onToggleClick}
          onKeyDown={onKeyDown}
          onBlur={close}
        >
          <span className={props.placeholder ? 'ui-dropdown__text ui-dropdown__text--placeholder' : 'ui-dropdown__text'}>
            {props.text}
          </span>
          {showArrow ? <span className="ui-dropdown__arrow" aria-hidden="true" /> : null}
        </div>
        {open ? <div className="ui-dropdown__backdrop" aria-hidden="true" onClick={close} /> : null}
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          className="ui-dropdown__list"
          aria-labelledby={labelId}
          aria-multiselectable={multiple ? true : undefined}
          hidden={!open}
          // Keeps focus on the combobox so choosing with the mouse does not count as losing focus.
          onMouseDown={(event) => event.preventDefault()}
        >
          {segmentsOf(items).map((segment) =>
            segment.header === null ? (
              <Fragment key="ungrouped">{segment.options.map(renderOption)}</Fragment>
            ) : (
              <div key={`group-${segment.header}`} role="group" aria-labelledby={optionId(segment.header)} className="ui-dropdown__group">
                <div id={optionId(segment.header)} role="presentation" className="ui-dropdown__group-label">
                  {items[segment.header].name}
                </div>
                {segment.options.map(renderOption)}
              </div>
            ),
          )}
        </div>
      </div>
    </div>
  );
}
