import type { ChangeEvent, FocusEvent, KeyboardEvent } from 'react';
import { draftKeyHandler } from './draftKeys';
import { messageAria, useFieldIds, type FieldProps } from './Field';
import { useCommittedDraft } from './useCommittedDraft';

/** The props TextInput and TextArea both take. */
export interface TextFieldProps {
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string;
  placeholder?: string;
  maxLength?: number;
  id?: string;
  name?: string;
  className?: string;
}

export interface TextFieldOptions<E extends HTMLInputElement | HTMLTextAreaElement> {
  /** Start of the generated id, naming the kind of control. */
  idPrefix: string;
  commitsOnEnter?: (event: KeyboardEvent<E>) => boolean;
}

const asText = (value: string | null | undefined): string => value ?? '';

/**
 * Everything TextInput and TextArea do alike: the Field around the control and the control's
 * shared props. Any text is a valid value, so committing never fails; it emits only when the
 * text differs from value, a missing value counting as empty text.
 */
export function useTextField<E extends HTMLInputElement | HTMLTextAreaElement>(
  props: TextFieldProps,
  options: TextFieldOptions<E>,
) {
  const { id, errorId } = useFieldIds(options.idPrefix, props.id);
  const shown = asText(props.value);
  const { draft, setDraft, commit, revert } = useCommittedDraft<string>({
    value: shown,
    format: asText,
    parse: (text) => ({ ok: true, value: text }),
    same: (a, b) => a === b,
    onCommit: props.onChange,
    onUnreadable: 'revert',
  });

  const field: Omit<FieldProps, 'children'> = {
    controlId: id,
    label: props.label,
    disabled: props.disabled,
    error: props.error,
    errorId,
    className: props.className,
  };
  const control = {
    id,
    name: props.name,
    value: draft,
    placeholder: props.placeholder,
    maxLength: props.maxLength,
    disabled: props.disabled,
    ...messageAria(props.error, errorId),
    onChange: (event: ChangeEvent<E>) => setDraft(event.currentTarget.value),
    onBlur: (event: FocusEvent<E>) => commit(event.currentTarget.value),
    onKeyDown: draftKeyHandler<E>({
      shown,
      commit: (element) => commit(element.value),
      revert,
      commitsOnEnter: options.commitsOnEnter,
    }),
  };
  return { field, control };
}
