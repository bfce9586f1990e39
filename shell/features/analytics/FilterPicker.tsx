import { useId, useState } from 'react';
import type { AutocompleteField, Named } from '../../../src/contract/analytics';
import { t } from '../../../src/i18n';
import { useAutocomplete } from '../../../src/ui/useAutocomplete';
import { autocomplete } from './api';

/**
 * One filter field with autocomplete (analytics/autocomplete/{field}): typing asks the server for the account's
 * values containing the text; a chosen value becomes a chip that can be removed. Values without ids (event types)
 * are kept by name.
 */
export function FilterPicker({ field, label, chosen, onChange, describe }: { field: AutocompleteField; label: string; chosen: Named[]; onChange: (next: Named[]) => void; describe?: (value: Named) => string }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const id = useId();
  const nameOf = describe ?? ((value: Named) => value.name);
  const same = (a: Named, b: Named) => (a.id ? a.id === b.id : a.name === b.name);
  const pick = (value: Named) => {
    onChange([...chosen, value]);
    setText('');
  };
  const { found, choices, active, onKeyDown } = useAutocomplete({
    text,
    enabled: open,
    scope: field,
    search: async (q, signal) => {
      const answer = await autocomplete(field, q, signal);
      return answer.ok ? answer.data : null;
    },
    visible: (values) => values.filter((value) => !chosen.some((item) => same(item, value))),
    onPick: pick,
    onClose: () => setOpen(false),
  });

  return (
    <div className="analytics-filter" data-field={field}>
      <label htmlFor={id}>{label}</label>
      <ul className="analytics-chips">
        {chosen.map((value) => (
          <li key={`${value.id}:${value.name}`}>
            {nameOf(value)}
            <button type="button" aria-label={t('analytics.removeFilter', { name: nameOf(value) })} onClick={() => onChange(chosen.filter((item) => !same(item, value)))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input className="ui-input"
        id={id}
        value={text}
        autoComplete="off"
        role="combobox"
        aria-expanded={open && choices.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={active >= 0 ? `${id}-${active}` : undefined}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {open && found !== null && (
        <ul id={`${id}-list`} role="listbox" className="analytics-suggestions">
          {choices.length === 0 && <li className="analytics-note">{t('analytics.noMatches')}</li>}
          {choices.map((value, index) => (
            <li key={`${value.id}:${value.name}`} id={`${id}-${index}`} role="option" aria-selected={index === active}>
              <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => pick(value)}>
                {nameOf(value)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
