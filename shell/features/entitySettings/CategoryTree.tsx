import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { Category, FieldDefinition } from '../../../src/contract/catalogue';
import { t } from '../../../src/i18n';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { Dialog } from '../../../src/ui/Dialog';
import { addCategory, deleteCategory, listCategories, listCategoryFields, updateCategory } from './api';
import { flatCategories, subtreeIds } from './rules';
import { useRefusal } from './useRefusal';

type Editing = { mode: 'add'; parent: Category | null } | { mode: 'edit'; category: Category };

/**
 * The product category tree: add (at the top or under a category), rename, move to another parent, reorder among
 * its siblings, its image address, the fields each category has, and delete after confirmation (its products'
 * properties go to the root category, spec 2 §4). The tree reloads after each change.
 */
export function CategoryTree() {
  const [tree, setTree] = useState<Category[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [doomed, setDoomed] = useState<Category | null>(null);
  const [shown, setShown] = useState<Category | null>(null);
  const refusal = useRefusal();

  const reload = useCallback(async () => {
    const answer = await listCategories();
    if (answer.ok) setTree(answer.data);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** Siblings renumbered 0, 1, 2… in their new order, so the moved one lands exactly where it was put. */
  async function move(siblings: readonly Category[], index: number, delta: number) {
    refusal.clear();
    const target = index + delta;
    if (target < 0 || target >= siblings.length) return;
    const order = [...siblings];
    [order[index], order[target]] = [order[target], order[index]];
    for (const [sort, category] of order.entries()) {
      if (category.sort === sort) continue;
      const answer = await updateCategory({ id: category.id, sort });
      if (!answer.ok) {
        refusal.failed(answer);
        break;
      }
    }
    await reload();
  }

  async function remove() {
    if (!doomed) return;
    const answer = await deleteCategory(doomed.id);
    setDoomed(null);
    if (!answer.ok) refusal.failed(answer);
    await reload();
  }

  const renderLevel = (level: readonly Category[]) => (
    <ul className="es-tree">
      {level.map((category, index) => (
        <li key={category.id} data-category={category.name}>
          <div className="es-tree__row">
            {category.image_url ? <img className="es-tree__image" src={category.image_url} alt="" /> : null}
            <span className="es-tree__name">{category.name}</span>
            <button type="button" aria-label={t('entitySettings.moveUp', { name: category.name })} disabled={index === 0} onClick={() => void move(level, index, -1)}>
              ↑
            </button>
            <button type="button" aria-label={t('entitySettings.moveDown', { name: category.name })} disabled={index === level.length - 1} onClick={() => void move(level, index, 1)}>
              ↓
            </button>
            <button type="button" aria-label={t('entitySettings.addSubcategory', { name: category.name })} onClick={() => setEditing({ mode: 'add', parent: category })}>
              +
            </button>
            <button type="button" aria-label={t('entitySettings.edit', { name: category.name })} onClick={() => setEditing({ mode: 'edit', category })}>
              {t('app.edit')}
            </button>
            <button type="button" aria-label={t('entitySettings.categoryFields', { name: category.name })} onClick={() => setShown(category)}>
              {t('entitySettings.fields')}
            </button>
            <button type="button" aria-label={t('entitySettings.delete', { name: category.name })} onClick={() => setDoomed(category)}>
              {t('app.delete')}
            </button>
          </div>
          {category.subcategories.length ? renderLevel(category.subcategories) : null}
        </li>
      ))}
    </ul>
  );

  return (
    <section className="es-categories" aria-label={t('settings.categoryTree')}>
      <div className="es-toolbar">
        <h3>{t('settings.categoryTree')}</h3>
        <button type="button" className="es-primary" onClick={() => setEditing({ mode: 'add', parent: null })}>
          {t('entitySettings.addCategory')}
        </button>
      </div>
      {refusal.message ? (
        <p role="alert" className="es-error">
          {refusal.message}
        </p>
      ) : null}
      {tree.length ? renderLevel(tree) : <p className="es-note">{t('entitySettings.noCategories')}</p>}
      {shown ? <CategoryFields category={shown} onClose={() => setShown(null)} /> : null}
      {editing ? (
        <CategoryEditor
          editing={editing}
          tree={tree}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      ) : null}
      {doomed ? (
        <ConfirmDialog text={t('entitySettings.deleteCategory', { name: doomed.name })} confirmLabel={t('app.delete')} onConfirm={() => void remove()} onCancel={() => setDoomed(null)} />
      ) : null}
    </section>
  );
}

function CategoryEditor({ editing, tree, onClose, onSaved }: { editing: Editing; tree: Category[]; onClose: () => void; onSaved: () => void }) {
  const id = useId();
  const current = editing.mode === 'edit' ? editing.category : null;
  const [name, setName] = useState(current?.name ?? '');
  const [parentId, setParentId] = useState<number | null>(current ? current.parent_id : editing.mode === 'add' ? (editing.parent?.id ?? null) : null);
  const [imageUrl, setImageUrl] = useState(current?.image_url ?? '');
  const refusal = useRefusal();
  // A category cannot go under itself or its own subcategories (the server refuses it too).
  const excluded = current ? subtreeIds(current) : new Set<number>();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return refusal.show('entitySettings.nameEmpty');
    const image_url = imageUrl.trim() || null;
    const answer = current
      ? await updateCategory({ id: current.id, name: name.trim(), image_url, ...(parentId !== current.parent_id && { parent_id: parentId }) })
      : await addCategory({ name: name.trim(), parent_id: parentId, image_url });
    if (!answer.ok) return refusal.failed(answer);
    onSaved();
  }

  return (
    <Dialog title={t(current ? 'entitySettings.editCategory' : 'entitySettings.addCategory')} onClose={onClose} className="es-dialog" closeOnBackdrop={false}>
      <form className="es-form" onSubmit={save}>
        <label htmlFor={`${id}-name`}>{t('entitySettings.categoryName')}</label>
        <input id={`${id}-name`} value={name} onChange={(event) => setName(event.currentTarget.value)} />
        <label htmlFor={`${id}-parent`}>{t('entitySettings.parent')}</label>
        <select id={`${id}-parent`} value={parentId ?? ''} onChange={(event) => setParentId(event.currentTarget.value ? Number(event.currentTarget.value) : null)}>
          <option value="">{t('entitySettings.topLevel')}</option>
          {flatCategories(tree)
            .filter(({ category }) => !excluded.has(category.id))
            .map(({ category, depth }) => (
              <option key={category.id} value={category.id}>
                {`${'— '.repeat(depth)}${category.name}`}
              </option>
            ))}
        </select>
        <label htmlFor={`${id}-image`}>{t('entitySettings.imageUrl')}</label>
        <input id={`${id}-image`} type="url" value={imageUrl} aria-describedby={`${id}-image-hint`} onChange={(event) => setImageUrl(event.currentTarget.value)} />
        <p id={`${id}-image-hint`} className="es-note">
          {t('entitySettings.imageHint')}
        </p>
        {refusal.message ? (
          <p role="alert" className="es-error">
            {refusal.message}
          </p>
        ) : null}
        <div className="es-buttons">
          <button type="button" onClick={onClose}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="es-primary">
            {t('app.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The fields a category's products have: its own, those of the categories above it and the root's (field/list with_parents=1). */
function CategoryFields({ category, onClose }: { category: Category; onClose: () => void }) {
  const [fields, setFields] = useState<FieldDefinition[] | null>(null);
  useEffect(() => {
    void listCategoryFields(category.id).then((answer) => answer.ok && setFields(answer.data));
  }, [category.id]);
  return (
    <Dialog title={t('entitySettings.categoryFields', { name: category.name })} onClose={onClose} className="es-dialog">
      {fields === null ? null : fields.length ? (
        <ul className="es-list">
          {fields.map((field) => (
            <li key={field.id}>
              {field.name} {field.category === null ? <span className="es-note">({t('entitySettings.rootCategory')})</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="es-note">{t('entitySettings.noFields')}</p>
      )}
      <div className="es-buttons">
        <button type="button" onClick={onClose}>
          {t('app.close')}
        </button>
      </div>
    </Dialog>
  );
}
