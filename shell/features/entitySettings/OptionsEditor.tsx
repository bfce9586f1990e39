import { t } from '../../../src/i18n';
import { moveItem, type OptionRow } from './rules';

interface OptionsEditorProps {
  plain: boolean;
  rows: OptionRow[];
  onChange: (plain: boolean, rows: OptionRow[]) => void;
}

const EMPTY_ROW: OptionRow = { name: '', value: '', color: '', optgroup: false };

/**
 * The options of a selector: plain names (the position is the value) or name/value pairs with a colour and
 * group headings (an optgroup row is a heading, not a choice).
 */
export function OptionsEditor({ plain, rows, onChange }: OptionsEditorProps) {
  const change = (index: number, patch: Partial<OptionRow>) => onChange(plain, rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="es-options">
      <legend>{t('entitySettings.options')}</legend>
      <label className="es-check">
        <input type="checkbox" checked={plain} onChange={(event) => onChange(event.currentTarget.checked, rows)} />
        {t('entitySettings.plainOptions')}
      </label>
      <ol className="es-options__list">
        {rows.map((row, index) => {
          const label = row.name || String(index + 1);
          return (
            <li key={index} className="es-options__row">
              <input aria-label={t('entitySettings.optionName')} value={row.name} onChange={(event) => change(index, { name: event.currentTarget.value })} />
              {plain ? null : (
                <>
                  <input aria-label={t('entitySettings.optionValue')} placeholder={t('entitySettings.optionValue')} value={row.value} onChange={(event) => change(index, { value: event.currentTarget.value })} />
                  <input type="color" aria-label={t('entitySettings.optionColor', { name: label })} value={row.color || '#ffffff'} onChange={(event) => change(index, { color: event.currentTarget.value })} />
                  <label className="es-check">
                    <input type="checkbox" checked={row.optgroup} onChange={(event) => change(index, { optgroup: event.currentTarget.checked })} />
                    {t('entitySettings.optionGroup')}
                  </label>
                </>
              )}
              <button type="button" aria-label={t('entitySettings.moveUp', { name: label })} onClick={() => onChange(plain, moveItem(rows, index, -1))} disabled={index === 0}>
                ↑
              </button>
              <button type="button" aria-label={t('entitySettings.moveDown', { name: label })} onClick={() => onChange(plain, moveItem(rows, index, 1))} disabled={index === rows.length - 1}>
                ↓
              </button>
              <button type="button" aria-label={t('entitySettings.removeOption', { name: label })} onClick={() => onChange(plain, rows.filter((_, at) => at !== index))}>
                ×
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => onChange(plain, [...rows, { ...EMPTY_ROW }])}>
        {t('entitySettings.addOption')}
      </button>
    </fieldset>
  );
}
