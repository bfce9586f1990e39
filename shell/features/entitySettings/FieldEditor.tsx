import { useId, useState, type FormEvent } from 'react';
import type { Category, FieldDefinition, FieldType } from '../../../src/contract/catalogue';
import { FieldType as Code } from '../../../src/domain/fieldTypes';
import { t } from '../../../src/i18n';
import { Dialog } from '../../../src/ui/Dialog';
import { addField, updateField, type FieldEntity, type FieldInput } from './api';
import { OptionsEditor } from './OptionsEditor';
import { codeTaken, flatCategories, optionDataOf, optionRowsOf, type OptionRow } from './rules';
import { typeName } from './typeNames';
import { useRefusal } from './useRefusal';

interface FieldEditorProps {
  entity: FieldEntity;
  /** The field edited; null adds one. */
  field: FieldDefinition | null;
  types: FieldType[];
  /** The codes the entity's other fields have (a taken code is refused before sending). */
  codes: string[];
  /** Products only: the category tree, for the category a field belongs to. */
  categories?: Category[];
  onSaved: () => void;
  onClose: () => void;
}

const SELECTORS: ReadonlySet<number> = new Set([Code.select, Code.multiselect]);
const flag = (value: number | undefined, fallback: number) => (value ?? fallback) === 1;

/** Add or edit one field: name, code and type (on adding), options of selectors, category (products), card flags. */
export function FieldEditor({ entity, field, types, codes, categories, onSaved, onClose }: FieldEditorProps) {
  const id = useId();
  const [name, setName] = useState(field?.name ?? '');
  const [code, setCode] = useState('');
  const [type, setType] = useState<number>(field?.type ?? types[0]?.id ?? Code.string);
  const initial = optionRowsOf(field?.data ?? []);
  const [plain, setPlain] = useState(field ? initial.plain : true);
  const [rows, setRows] = useState<OptionRow[]>(initial.rows);
  const [categoryId, setCategoryId] = useState<number | null>(field?.category ?? null);
  const [visible, setVisible] = useState(flag(field?.lead_config.visible, 1));
  const [editable, setEditable] = useState(flag(field?.lead_config.editable, 1));
  const [publicVisible, setPublicVisible] = useState(flag(field?.lead_config.public_order_visible, 0));
  const [busy, setBusy] = useState(false);
  const refusal = useRefusal();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return refusal.show('entitySettings.nameEmpty');
    if (!field && codeTaken(code, codes)) return refusal.show('entitySettings.codeTaken', { code: code.trim() });
    const body: FieldInput = {
      name: name.trim(),
      // A system field keeps its options and category (the server refuses changing them).
      ...(SELECTORS.has(type) && !field?.is_system && { data: optionDataOf(plain, rows) }),
      ...(entity === 'product' && !field?.is_system && { category_id: categoryId }),
      lead_config: { visible: Number(visible), editable: Number(editable), public_order_visible: Number(publicVisible) },
    };
    setBusy(true);
    const answer = field ? await updateField(entity, field.id, body) : await addField(entity, { ...body, type, ...(code.trim() && { code: code.trim() }) });
    setBusy(false);
    if (!answer.ok) return refusal.failed(answer);
    onSaved();
  }

  return (
    <Dialog title={t(field ? 'entitySettings.editField' : 'entitySettings.addField')} onClose={onClose} className="es-dialog" closeOnBackdrop={false}>
      <form className="es-form" onSubmit={save}>
        <label htmlFor={`${id}-name`}>{t('entitySettings.name')}</label>
        <input id={`${id}-name`} value={name} onChange={(event) => setName(event.currentTarget.value)} />
        {field ? (
          <p className="es-note">
            {t('entitySettings.code')}: <code>{field.code}</code> · {typeName(field.type, types)}
          </p>
        ) : (
          <>
            <label htmlFor={`${id}-code`}>{t('entitySettings.code')}</label>
            <input id={`${id}-code`} value={code} pattern="[a-z][a-z0-9_]*" aria-describedby={`${id}-code-hint`} onChange={(event) => setCode(event.currentTarget.value)} />
            <p id={`${id}-code-hint`} className="es-note">
              {t('entitySettings.codeHint')}
            </p>
            <label htmlFor={`${id}-type`}>{t('entitySettings.type')}</label>
            <select id={`${id}-type`} value={type} onChange={(event) => setType(Number(event.currentTarget.value))}>
              {types.map((option) => (
                <option key={option.id} value={option.id}>
                  {typeName(option.id, types)}
                </option>
              ))}
            </select>
          </>
        )}
        {SELECTORS.has(type) && !field?.is_system ? (
          <OptionsEditor
            plain={plain}
            rows={rows}
            onChange={(nextPlain, nextRows) => {
              setPlain(nextPlain);
              setRows(nextRows);
            }}
          />
        ) : null}
        {entity === 'product' && categories && !field?.is_system ? (
          <>
            <label htmlFor={`${id}-category`}>{t('entitySettings.category')}</label>
            <select id={`${id}-category`} value={categoryId ?? ''} onChange={(event) => setCategoryId(event.currentTarget.value ? Number(event.currentTarget.value) : null)}>
              <option value="">{t('entitySettings.rootCategory')}</option>
              {flatCategories(categories).map(({ category, depth }) => (
                <option key={category.id} value={category.id}>
                  {`${'— '.repeat(depth)}${category.name}`}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <fieldset className="es-flags">
          <legend>{t('entitySettings.flags')}</legend>
          <label className="es-check">
            <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.currentTarget.checked)} />
            {t('entitySettings.visible')}
          </label>
          <label className="es-check">
            <input type="checkbox" checked={editable} onChange={(event) => setEditable(event.currentTarget.checked)} />
            {t('entitySettings.editable')}
          </label>
          <label className="es-check">
            <input type="checkbox" checked={publicVisible} onChange={(event) => setPublicVisible(event.currentTarget.checked)} />
            {t('entitySettings.publicVisible')}
          </label>
        </fieldset>
        {refusal.message ? (
          <p role="alert" className="es-error">
            {refusal.message}
          </p>
        ) : null}
        <div className="es-buttons">
          <button type="button" onClick={onClose}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="es-primary" disabled={busy}>
            {t('app.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
