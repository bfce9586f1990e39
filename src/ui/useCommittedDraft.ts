import { useCallback, useEffect, useRef, useState } from 'react';

export type ParseResult<T> = { ok: true; value: T } | { ok: false };

export interface CommittedDraftOptions<T> {
  value: T;
  format: (value: T) => string;
  /** Turns the typed text into a value (already clamped/normalised), or reports it unreadable. */
  parse: (text: string) => ParseResult<T>;
  same: (a: T, b: T) => boolean;
  onCommit: (value: T) => void;
  /** What unreadable text does on commit: go back to the current value, or stay and be marked invalid. */
  onUnreadable: 'revert' | 'keep';
}

export interface CommittedDraft {
  draft: string;
  /** True after committing text that could not be read (onUnreadable 'keep'). */
  unreadable: boolean;
  setDraft: (text: string) => void;
  /**
   * Reads the text (the element's own value when given, else the draft) and emits when,
   * and only when, it differs from the current value.
   */
  commit: (text?: string) => void;
  /** Drops the typed text and shows the current value again. */
  revert: () => void;
}

/**
 * Keeps the typed text local and emits only on commit (change, blur, Enter), and only when
 * the committed value differs from the current one, so parents see one change per edit.
 */
export function useCommittedDraft<T>(options: CommittedDraftOptions<T>): CommittedDraft {
  const { value, format } = options;
  const formatted = format(value);
  const [draft, setDraftState] = useState(formatted);
  const [unreadable, setUnreadable] = useState(false);
  const latest = useRef(options);
  latest.current = options;
  // The last value we know the parent holds, updated at once on emit so that a blur right
  // after Enter cannot emit the same value twice before the parent re-renders.
  const known = useRef(value);

  useEffect(() => {
    known.current = latest.current.value;
    setDraftState(formatted);
    setUnreadable(false);
  }, [formatted]);

  const setDraft = useCallback((text: string) => setDraftState(text), []);

  const commitText = useCallback((text: string) => {
    const { parse, same, onCommit, onUnreadable, format: show } = latest.current;
    const parsed = parse(text);
    if (!parsed.ok) {
      if (onUnreadable === 'revert') {
        setDraftState(show(known.current));
        setUnreadable(false);
      } else {
        setUnreadable(true);
      }
      return;
    }
    setUnreadable(false);
    setDraftState(show(parsed.value));
    if (same(parsed.value, known.current)) return;
    known.current = parsed.value;
    onCommit(parsed.value);
  }, []);

  const draftRef = useRef(draft);
  draftRef.current = draft;
  const commit = useCallback((text?: string) => commitText(text ?? draftRef.current), [commitText]);

  const revert = useCallback(() => {
    setDraftState(latest.current.format(known.current));
    setUnreadable(false);
  }, []);

  return { draft, unreadable, setDraft, commit, revert };
}
