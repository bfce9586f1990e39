import type { KeyboardEvent } from 'react';

export interface DraftKeyOptions<E extends HTMLInputElement | HTMLTextAreaElement> {
  /** The text the current value shows as: Escape only has something to drop when the field differs. */
  shown: string;
  commit: (control: E) => void;
  revert: () => void;
  /** Which Enter presses commit; every one unless told otherwise. */
  commitsOnEnter?: (event: KeyboardEvent<E>) => boolean;
}

/**
 * The keys of the typed-text controls: Enter commits, Escape drops the typed text. Escape is
 * kept from outer handlers only when it dropped something, so with nothing typed it still
 * reaches an enclosing dialog or list.
 */
export function draftKeyHandler<E extends HTMLInputElement | HTMLTextAreaElement>(
  options: DraftKeyOptions<E>,
): (event: KeyboardEvent<E>) => void {
  const { shown, commit, revert, commitsOnEnter = () => true } = options;
  return (event) => {
    if (event.key === 'Enter') {
      if (commitsOnEnter(event)) commit(event.currentTarget);
    } else if (event.key === 'Escape' && event.currentTarget.value !== shown) {
      event.stopPropagation();
      revert();
    }
  };
}
