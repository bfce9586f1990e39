import { useId } from 'react';
import { t } from '../../../../src/i18n';

export interface OperationFooterProps {
  /** The note's label: a comment, or the reason a write-off must give. */
  noteLabel: string;
  note: string;
  onNote: (note: string) => void;
  submitLabel: string;
  /** The document can be sent (its lines and required fields are complete). */
  ready: boolean;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The end of every stock document dialog (arrival, write-off, move): its note, then Cancel and the send button. */
export function OperationFooter({ noteLabel, note, onNote, submitLabel, ready, busy, onSubmit, onCancel }: OperationFooterProps) {
  const noteId = useId();
  return (
    <>
      <div className="stock-ops__field">
        <label htmlFor={noteId}>{noteLabel}</label>
        <textarea id={noteId} value={note} maxLength={2000} onChange={(event) => onNote(event.target.value)} />
      </div>
      <div className="stock-ops__buttons">
        <button type="button" className="shell-button" onClick={onCancel}>
          {t('app.cancel')}
        </button>
        <button type="button" className="shell-button shell-button-primary" disabled={!ready || busy} aria-busy={busy} onClick={onSubmit}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
