import { useEffect, useId, useState } from 'react';
import { t } from '../../../src/i18n';
import { findFilterValues, type FilterField, type FilterValue } from './api';

/**
 * One registry filter (employee, company, contact) with autocomplete: typing asks the server for the account's
 * names containing the text; the chosen one shows as a chip that clears the filter. One value, because the
 * registry filters by one id (spec 2 §5).
 */
export function RegistryPicker({ field, label, chosen, onChange }: { field: FilterField; label: string; chosen: FilterValue | null; onChange: (next: FilterValue | null) => void }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<FilterValue[] | null>(null);
  const [open, setOpen] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(async () => {
      const answer = await findFilterValues(field, text);
      if (live && answer.ok) setFound(answer.data);
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [field, text, open]);

  return (
    <div className="documents-picker" data-field={field}>
      <label htmlFor={id}>{label}</label>
      {chosen ? (
        <span className="documents-chip">
          {chosen.name}
          <button type="button" aria-label={t('documents.removeFilter', { name: chosen.name })} onClick={() => onChange(null)}>
            ×
          </button>
        </span>
      ) : (
        <input
          id={id}
          value={text}
          autoComplete="off"
          role="combobox"
          aria-expanded={open && (found?.length ?? 0) > 0}
          aria-controls={`${id}-list`}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      )}
      {!chosen && open && found !== null && (
        <ul id={`${id}-list`} role="listbox" aria-label={label} className="documents-suggestions">
          {found.length === 0 && <li className="documents-note">{t('documents.noMatches')}</li>}
          {found.map((value) => (
            <li key={value.id} role="option" aria-selected={false}>
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  onChange(value);
                  setText('');
                  setOpen(false);
                }}
              >
                {value.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
