import { useCallback, useEffect, useState } from 'react';
import type { Category, FieldDefinition, FieldType } from '../../../src/contract/catalogue';
import { FieldType as Code } from '../../../src/domain/fieldTypes';
import { pluralForm } from '../../../src/i18n/plural';
import { t } from '../../../src/i18n';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { deleteField, fieldUsage, listCategories, listFields, listFieldTypes, sortFields, type FieldEntity } from './api';
import { FieldEditor } from './FieldEditor';
import { moveItem } from './rules';
import { typeName } from './typeNames';
import { useRefusal } from './useRefusal';

/** The records a delete would empty, in the interface language's plural. */
export const recordsText = (count: number) => t(`entitySettings.records.${pluralForm(count)}`, { count });

interface PendingDelete {
  field: FieldDefinition;
  count: number;
}

/**
 * The field table of one entity (orders, companies, contacts, products; also the customer field settings and the
 * product properties): add, edit, delete (asking first, with the number of records holding a value) and reorder by
 * dragging or with the move buttons. The list reloads after each change.
 */
export function FieldTable({ entity, label }: { entity: FieldEntity; label: string }) {
  const [fields, setFields] = useState<FieldDefinition[]>([]);
  const [types, setTypes] = useState<FieldType[]>([]);
  const [categories, setCategories] = useState<Category[]>([]);
  const [editing, setEditing] = useState<FieldDefinition | 'new' | null>(null);
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const refusal = useRefusal();

  const reload = useCallback(async () => {
    const answer = await listFields(entity);
    if (answer.ok) setFields(answer.data);
  }, [entity]);

  useEffect(() => {
    void reload();
    void listFieldTypes(entity).then((answer) => answer.ok && setTypes(answer.data));
    if (entity === 'product') void listCategories().then((answer) => answer.ok && setCategories(answer.data));
  }, [entity, reload]);

  async function reorder(next: FieldDefinition[]) {
    refusal.clear();
    setFields(next);
    const answer = await sortFields(
      entity,
      next.map((field) => field.id),
    );
    if (!answer.ok) refusal.failed(answer);
    await reload();
  }

  async function askDelete(field: FieldDefinition) {
    refusal.clear();
    const usage = await fieldUsage(entity, field.id);
    if (!usage.ok) return refusal.failed(usage);
    setPending({ field, count: usage.data.count });
  }

  async function confirmDelete() {
    if (!pending) return;
    setBusy(true);
    const answer = await deleteField(entity, pending.field.id);
    setBusy(false);
    setPending(null);
    if (!answer.ok) refusal.failed(answer);
    await reload();
  }

  const flagText = (value: number | undefined) => t(value === 1 ? 'app.yes' : 'app.no');

  return (
    <section className="es-fields" aria-label={label}>
      <div className="es-toolbar">
        <h3>{label}</h3>
        <button type="button" className="es-primary" onClick={() => setEditing('new')}>
          {t('entitySettings.addField')}
        </button>
      </div>
      {refusal.message ? (
        <p role="alert" className="es-error">
          {refusal.message}
        </p>
      ) : null}
      {fields.length === 0 ? (
        <p className="es-note">{t('entitySettings.noFields')}</p>
      ) : (
        <table className="es-table">
          <thead>
            <tr>
              <th scope="col">{t('entitySettings.name')}</th>
              <th scope="col">{t('entitySettings.code')}</th>
              <th scope="col">{t('entitySettings.type')}</th>
              <th scope="col">{t('entitySettings.visible')}</th>
              <th scope="col">{t('entitySettings.editable')}</th>
              <th scope="col">{t('entitySettings.publicVisible')}</th>
              <th scope="col">
                <span className="es-hidden">{t('entitySettings.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => (
              <tr
                key={field.id}
                data-field-code={field.code}
                draggable
                className={dragged === index ? 'es-dragged' : undefined}
                onDragStart={() => setDragged(index)}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null && dragged !== index) void reorder(moveItem(fields, dragged, index - dragged));
                  setDragged(null);
                }}
              >
                <th scope="row">{field.name}</th>
                <td>
                  <code>{field.code}</code>
                  {field.type === Code.multiselect ? <div className="es-note">{t('entitySettings.multiString', { code: field.code })}</div> : null}
                </td>
                <td>{typeName(field.type, types)}</td>
                <td>{flagText(field.lead_config.visible)}</td>
                <td>{flagText(field.lead_config.editable)}</td>
                <td>{flagText(field.lead_config.public_order_visible)}</td>
                <td className="es-actions">
                  <button type="button" aria-label={t('entitySettings.moveUp', { name: field.name })} disabled={index === 0} onClick={() => void reorder(moveItem(fields, index, -1))}>
                    ↑
                  </button>
                  <button type="button" aria-label={t('entitySettings.moveDown', { name: field.name })} disabled={index === fields.length - 1} onClick={() => void reorder(moveItem(fields, index, 1))}>
                    ↓
                  </button>
                  <button type="button" aria-label={t('entitySettings.edit', { name: field.name })} onClick={() => setEditing(field)}>
                    {t('app.edit')}
                  </button>
                  {field.is_system ? null : (
                    <button type="button" aria-label={t('entitySettings.delete', { name: field.name })} onClick={() => void askDelete(field)}>
                      {t('app.delete')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing ? (
        <FieldEditor
          entity={entity}
          field={editing === 'new' ? null : editing}
          types={types}
          codes={fields.map((field) => field.code)}
          categories={entity === 'product' ? categories : undefined}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      ) : null}
      {pending ? (
        <ConfirmDialog
          text={
            pending.count > 0
              ? t('entitySettings.deleteFieldUsed', { name: pending.field.name, records: recordsText(pending.count) })
              : t('entitySettings.deleteFieldEmpty', { name: pending.field.name })
          }
          confirmLabel={t('app.delete')}
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
