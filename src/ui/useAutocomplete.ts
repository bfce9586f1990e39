import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/** The pause after the last keystroke before asking, so a fast typist asks once. */
export const AUTOCOMPLETE_DELAY_MS = 200;

export interface AutocompleteOptions<T> {
  /** The typed text, sent as it is (a blank text asks too: the pickers list everything then). */
  text: string;
  /** Asks only while the list can show (the field has focus). */
  enabled: boolean;
  /** Asks the server; null when there is no answer to show (a refusal). The signal cancels a superseded call. */
  search: (text: string, signal: AbortSignal) => Promise<T[] | null>;
  /** What the list shows of the answer (e.g. without the values already chosen); the keys move through this. */
  visible?: (found: T[]) => T[];
  /** Enter on the highlighted choice. */
  onPick: (value: T) => void;
  /** Escape. */
  onClose?: () => void;
  /** Anything else the search depends on (the field asked about): a change asks again. */
  scope?: string;
}

export interface Autocomplete<T> {
  /** The latest answer, null until one came. */
  found: T[] | null;
  choices: T[];
  /** Index in choices of the highlighted one, -1 for none. */
  active: number;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * Debounced autocomplete shared by the pickers: one call per pause in typing, each superseded call aborted (its
 * answer, even if it still arrives, is never shown), the call in flight aborted on unmount; arrow keys highlight,
 * Enter picks, Escape closes.
 */
export function useAutocomplete<T>({ text, enabled, search, visible, onPick, onClose, scope }: AutocompleteOptions<T>): Autocomplete<T> {
  const [found, setFound] = useState<T[] | null>(null);
  const [active, setActive] = useState(-1);
  // The latest function, without asking again when a parent passes a new closure on every render.
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const answer = await searchRef.current(text, controller.signal);
      if (!controller.signal.aborted && answer) {
        setFound(answer);
        setActive(-1);
      }
    }, AUTOCOMPLETE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, enabled, scope]);

  const choices = found === null ? [] : visible ? visible(found) : found;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (choices.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 ? (step > 0 ? 0 : choices.length - 1) : (current + step + choices.length) % choices.length));
    } else if (event.key === 'Enter' && choices[active] !== undefined) {
      event.preventDefault();
      onPick(choices[active]);
      setActive(-1);
    } else if (event.key === 'Escape') {
      setActive(-1);
      onClose?.();
    }
  };

  return { found, choices, active: active < choices.length ? active : -1, onKeyDown };
}
