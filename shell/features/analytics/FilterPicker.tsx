import { useEffect, useId, useState } from 'react';
import type { AutocompleteField, Named } from '../../../src/contract/analytics';
import { t } from '../../../src/i18n';
import { autocomplete } from './api';

/**
 * One filter field with autocomplete (analytics/autocomplete/{field}): typing asks the server for the account's
 * values containing the text; a chosen value becomes a chip that can be removed. Values without ids (event types)
 * are kept by name.
 */
export function FilterPicker({ field, label, chosen, onChange, describe }: { field: AutocompleteField; label: string; chosen: Named[]; onChange: (next: Named[]) => void; describe?: (value: Named) => string }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Named[] | null>(null);
  const [open, setOpen] = useState(false);
  const id = useId();
  const nameOf = describe ?? ((value: Named) => value.name);

  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(async () => {
      const answer = await autocomplete(field, text);
      if (live && answer.ok) setFound(answer.data);
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [field, text, open]);

  const same = (a: Named, b: Named) => (a.id ? a.id === b.id : a.name === b.name);
  const choices = (found ?? []).filter((value) => !chosen.some((item) => same(item, value)));

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
      <input
        id={id}
        value={text}
        autoComplete="off"
        role="combobox"
        aria-expanded={open && choices.length > 0}
        aria-controls={`${id}-list`}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {open && found !== null && (
        <ul id={`${id}-list`} role="listbox" className="analytics-suggestions">
          {choices.length === 0 && <li className="analytics-note">{t('analytics.noMatches')}</li>}
          {choices.map((value) => (
            <li key={`${value.id}:${value.name}`} role="option" aria-selected={false}>
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  onChange([...chosen, value]);
                  setText('');
                }}
              >
                {nameOf(value)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
