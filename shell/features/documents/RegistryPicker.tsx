import { useId, useState } from 'react';
import { t } from '../../../src/i18n';
import { useAutocomplete } from '../../../src/ui/useAutocomplete';
import { findFilterValues, type FilterField, type FilterValue } from './api';

/**
 * One registry filter (employee, company, contact) with autocomplete: typing asks the server for the account's
 * names containing the text; the chosen one shows as a chip that clears the filter. One value, because the
 * registry filters by one id (spec 2 §5).
 */
export function RegistryPicker({ field, label, chosen, onChange }: { field: FilterField; label: string; chosen: FilterValue | null; onChange: (next: FilterValue | null) => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const id = useId();
  const pick = (value: FilterValue) => {
    onChange(value);
    setText('');
    setOpen(false);
  };
  const { found, active, onKeyDown } = useAutocomplete({
    text,
    enabled: open,
    scope: field,
    search: async (q, signal) => {
      const answer = await findFilterValues(field, q, signal);
      return answer.ok ? answer.data : null;
    },
    onPick: pick,
    onClose: () => setOpen(false),
  });

  return (
    <div className="ui-field documents-picker" data-field={field}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
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
          className="ui-input"
          value={text}
          autoComplete="off"
          role="combobox"
          aria-expanded={open && (found?.length ?? 0) > 0}
          aria-controls={`${id}-list`}
          aria-activedescendant={active >= 0 ? `${id}-${active}` : undefined}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      )}
      {!chosen && open && found !== null && (
        <ul id={`${id}-list`} role="listbox" aria-label={label} className="documents-suggestions">
          {found.length === 0 && <li className="documents-note">{t('documents.noMatches')}</li>}
          {found.map((value, index) => (
            <li key={value.id} id={`${id}-${index}`} role="option" aria-selected={index === active}>
              <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => pick(value)}>
                {value.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
