import { useId, useState } from 'react';
import { t } from '../../../../src/i18n';
import { tagSuggestions, withTag } from './draft';

/** Free tags with suggestions from the account's tags (a datalist: typing filters it, Enter adds). */
export function TagsControl(props: { tags: string[]; accountTags: readonly string[]; disabled: boolean; onChange: (tags: string[]) => void }) {
  const [typed, setTyped] = useState('');
  const id = useId();
  const add = () => {
    props.onChange(withTag(props.tags, typed));
    setTyped('');
  };
  return (
    <fieldset className="product-editor__tags">
      <legend>{t('stock.editor.tags')}</legend>
      <ul>
        {props.tags.map((tag) => (
          <li key={tag}>
            {tag}
            {!props.disabled && (
              <button type="button" aria-label={t('stock.editor.removeTag', { tag })} onClick={() => props.onChange(props.tags.filter((each) => each !== tag))}>
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {!props.disabled && (
        <div>
          <label htmlFor={`${id}-tag`}>{t('stock.editor.newTag')}</label>
          <input
            id={`${id}-tag`}
            list={`${id}-suggestions`}
            maxLength={60}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
          />
          <datalist id={`${id}-suggestions`}>
            {tagSuggestions(props.accountTags, typed, props.tags).map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
          <button type="button" className="shell-button" onClick={add}>
            {t('stock.editor.addTag')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
