import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { FieldDefinition } from '../../../../src/contract/catalogue';
import type { Product } from '../../../../src/contract/stock';
import { FieldType } from '../../../../src/domain/fieldTypes';
import { memberHasRight } from '../../../../src/domain/rights';
import { t } from '../../../../src/i18n';
import { $account, $currency } from '../../../../src/stores/account';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { CustomerFieldControl } from '../../../../src/ui/CustomerFieldControl';
import { adoptStyles } from '../../../../src/ui/adoptStyles';
import { Dialog } from '../../../../src/ui/Dialog';
import { ConfirmDialog } from '../../../../src/ui/ConfirmDialog';
import { Select } from '../../../../src/ui/Select';
import { TextArea } from '../../../../src/ui/TextArea';
import { TextInput } from '../../../../src/ui/TextInput';
import { navigateTo, setLeaveGuard } from '../../../stores/navigation';
import { $editProductIndex, closeOverlay } from '../../../stores/overlays';
import { stockChanged } from '../state';
import '../texts';
import { addBody, changesOf, type CategoryChoice, draftOf, type DraftError, emptyDraft, flattenCategories, isDirty, type ProductDraft, updateBody, validateDraft } from './draft';
import { addProduct, archiveProduct, duplicateProduct, getProduct, listCategories, listProductFields, productTags, updateProduct } from './editorApi';
import { HistoryTab } from './HistoryTab';
import { ImagesControl } from './ImagesControl';
import { PriceControl } from './PriceControl';
import { TagsControl } from './TagsControl';
import styles from './productEditor.css?raw';

adoptStyles(styles);

/** Where a held leave was going: null closes the editor, a path also moves the app there. */
type Leaving = { to: string | null };

/**
 * The edit product overlay (issue 13 §3): a product's or service's texts, category, prices, tags and the
 * fields of its category's levels; create, save, duplicate, archive; its ledger history. Without the
 * product-editing right everything is shown read-only. Unsaved input is never dropped without asking,
 * and a save refused as stale (409) keeps the input until the user chooses how to reload.
 */
export default function ProductEditor() {
  const { index } = useStore($editProductIndex);
  const { account, user } = useStore($account);
  const currency = useStore($currency);
  const canEdit = memberHasRight(user, account, 'editingRemains');
  const [productId, setProductId] = useState<number | null>(index);
  const [product, setProduct] = useState<Product | null>(null);
  const [base, setBase] = useState<ProductDraft>(emptyDraft);
  const [draft, setDraft] = useState<ProductDraft>(emptyDraft);
  const [failed, setFailed] = useState(false);
  const [categories, setCategories] = useState<CategoryChoice[]>([]);
  const [fields, setFields] = useState<FieldDefinition[]>([]);
  const [accountTags, setAccountTags] = useState<string[]>([]);
  const [tab, setTab] = useState<'details' | 'history'>('details');
  const [errors, setErrors] = useState<Record<string, DraftError>>({});
  const [conflict, setConflict] = useState(false);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = isDirty(draft, base);
  const readOnly = !canEdit;

  const show = (loaded: Product) => {
    setProduct(loaded);
    setBase(draftOf(loaded));
    setDraft(draftOf(loaded));
    setErrors({});
  };

  useEffect(() => {
    if (productId === null) return;
    let live = true;
    void getProduct(productId).then((result) => {
      if (!live) return;
      if (result.ok) show(result.data);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [productId]);

  useEffect(() => {
    void listCategories().then((result) => result.ok && setCategories(flattenCategories(result.data)));
    void productTags().then((result) => result.ok && setAccountTags(result.data));
  }, []);

  useEffect(() => {
    let live = true;
    void listProductFields(draft.category_id).then((result) => {
      // Without a category only the root's fields apply (field/list alone answers every category's).
      if (live && result.ok) setFields(result.data.filter((field) => draft.category_id !== null || field.category === null));
    });
    return () => {
      live = false;
    };
  }, [draft.category_id]);

  // While there is unsaved input a move of the app waits for the user's answer.
  useEffect(() => {
    if (!dirty) return;
    setLeaveGuard((to) => {
      setLeaving({ to });
      return true;
    });
    return () => setLeaveGuard(null);
  }, [dirty]);

  const close = () => closeOverlay('editProduct');
  const requestClose = () => (dirty ? setLeaving({ to: null }) : close());
  // Going to another screen (an order of the history) closes the editor, asking first when there is unsaved input.
  const goTo = (path: string) => {
    if (dirty) return setLeaving({ to: path });
    close();
    navigateTo(path);
  };
  const leave = () => {
    const to = leaving?.to ?? null;
    setLeaveGuard(null);
    close();
    if (to !== null) navigateTo(to);
  };

  const set = (patch: Partial<ProductDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setValue = (code: string, value: unknown) => setDraft((current) => ({ ...current, values: { ...current.values, [code]: value } }));
  const priceCodes = fields.filter((field) => field.type === FieldType.price).map((field) => field.code);

  async function save() {
    const found = validateDraft(draft, priceCodes);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const result = product ? await updateProduct(updateBody(product.id, product.updated_at, draft, base)) : await addProduct(addBody(draft));
    setBusy(false);
    if (!result.ok) {
      if (result.status === 409) setConflict(true);
      return;
    }
    show(result.data);
    setProductId(result.data.id);
    stockChanged();
    notify({ type: NotificationType.success, header: t('stock.editor.saved') });
  }

  /** After a 409: the stored product becomes the base, with the user's own changes on top (keep) or not (drop). */
  async function reload(keep: boolean) {
    if (!product) return;
    const result = await getProduct(product.id);
    if (!result.ok) return;
    const mine = changesOf(draft, base);
    show(result.data);
    if (keep) setDraft({ ...draftOf(result.data), ...mine, values: { ...result.data.values, ...mine.values } });
    setConflict(false);
  }

  /** An image change is saved at once: the product's new version, and the field's list in both base and draft (other input stays). */
  function imagesChanged(code: string, changed: Product) {
    setProduct(changed);
    setBase((current) => ({ ...current, values: { ...current.values, [code]: changed.values[code] } }));
    setDraft((current) => ({ ...current, values: { ...current.values, [code]: changed.values[code] } }));
    stockChanged();
  }

  async function duplicate() {
    if (!product) return;
    setBusy(true);
    const result = await duplicateProduct({ id: product.id });
    setBusy(false);
    if (!result.ok) return;
    stockChanged();
    notify({ type: NotificationType.success, header: t('stock.editor.duplicated', { name: result.data.name }) });
    show(result.data);
    setProductId(result.data.id);
    setTab('details');
  }

  async function archive() {
    if (!product) return;
    setBusy(true);
    const result = await archiveProduct({ id: product.id });
    setBusy(false);
    if (!result.ok) return;
    stockChanged();
    notify({ type: NotificationType.success, header: t('stock.editor.archived') });
    close();
  }

  const title = readOnly ? t('stock.editor.viewTitle') : product ? t('stock.editor.editTitle') : t('stock.editor.newTitle');
  const loading = productId !== null && !product;
  const errorText = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const categoryOptions = [{ name: t('stock.editor.noCategory'), value: 0 }, ...categories.map((choice) => ({ name: `${'  '.repeat(choice.depth)}${choice.name}`, value: choice.id }))];

  return (
    <Dialog title={title} onClose={requestClose} className="product-editor" closeOnBackdrop={false}>
      {failed ? (
        <p role="alert">{t('stock.editor.loadFailed')}</p>
      ) : loading ? (
        <p>{t('app.loading')}</p>
      ) : (
        <>
          {readOnly && <p className="product-editor__note">{t('stock.editor.readOnly')}</p>}
          {conflict && (
            <div className="product-editor__conflict" role="alert">
              <p>
                <strong>{t('stock.editor.conflict')}</strong> {t('stock.editor.conflictHint')}
              </p>
              <button type="button" className="shell-button shell-button-primary" onClick={() => void reload(true)}>
                {t('stock.editor.keepInput')}
              </button>
              <button type="button" className="shell-button" onClick={() => void reload(false)}>
                {t('stock.editor.reload')}
              </button>
            </div>
          )}
          {product && (
            <div role="tablist" className="product-editor__tabs">
              {(['details', 'history'] as const).map((name) => (
                <button key={name} type="button" role="tab" aria-selected={tab === name} className="shell-button" onClick={() => setTab(name)}>
                  {t(`stock.editor.${name}`)}
                </button>
              ))}
            </div>
          )}
          {tab === 'history' && product ? (
            <HistoryTab productId={product.id} openOrder={goTo} />
          ) : (
            <form
              className="product-editor__form"
              onSubmit={(event) => {
                event.preventDefault();
                if (!readOnly) void save();
              }}
            >
              <Select
                label={t('stock.editor.type')}
                disabled={readOnly}
                options={[
                  { name: t('stock.editor.product'), value: 'product' },
                  { name: t('stock.editor.service'), value: 'service' },
                ]}
                value={draft.type}
                onChange={(value) => set({ type: value === 'service' ? 'service' : 'product' })}
              />
              <Select label={t('stock.editor.category')} disabled={readOnly} options={categoryOptions} value={draft.category_id ?? 0} onChange={(value) => set({ category_id: Number(value) || null })} />
              <TextInput label={t('stock.editor.name')} required maxLength={300} disabled={readOnly} error={errorText('name')} value={draft.name} onChange={(name) => set({ name })} />
              <TextInput label={t('stock.editor.article')} maxLength={120} disabled={readOnly} value={draft.article} onChange={(article) => set({ article })} />
              <TextArea label={t('stock.editor.description')} rows={3} maxLength={20_000} disabled={readOnly} value={draft.description} onChange={(description) => set({ description })} />
              <TextInput label={t('stock.editor.unit')} required maxLength={20} disabled={readOnly} error={errorText('unit')} value={draft.unit} onChange={(unit) => set({ unit })} />
              {fields.some((field) => field.type === FieldType.price) && <h3>{t('stock.editor.prices')}</h3>}
              {fields
                .filter((field) => field.type === FieldType.price)
                .map((field) => (
                  <PriceControl
                    key={field.code}
                    name={field.name}
                    value={draft.values[field.code]}
                    currency={currency}
                    disabled={readOnly}
                    error={errorText(field.code)}
                    onChange={(value) => setValue(field.code, value)}
                  />
                ))}
              <TagsControl tags={draft.tags} accountTags={accountTags} disabled={readOnly} onChange={(tags) => set({ tags })} />
              {fields
                .filter((field) => field.type === FieldType.images)
                .map((field) => (
                  <ImagesControl key={field.code} product={product} field={field} disabled={readOnly} onProduct={(changed) => imagesChanged(field.code, changed)} onStale={() => setConflict(true)} />
                ))}
              {fields.some((field) => field.type !== FieldType.price && field.type !== FieldType.images) && <h3>{t('stock.editor.properties')}</h3>}
              {fields
                .filter((field) => field.type !== FieldType.price && field.type !== FieldType.images)
                .map((field) => (
                  <CustomerFieldControl key={field.code} field={field} value={draft.values[field.code]} currency={currency} disabled={readOnly} onChange={(value) => setValue(field.code, value)} />
                ))}
              {product && <Batches product={product} />}
              <div className="product-editor__actions">
                {!readOnly && (
                  <button type="submit" className="shell-button shell-button-primary" disabled={busy}>
                    {busy ? t('app.saving') : t('app.save')}
                  </button>
                )}
                {!readOnly && product && (
                  <>
                    <button type="button" className="shell-button" disabled={busy || dirty} onClick={() => void duplicate()}>
                      {t('stock.editor.duplicate')}
                    </button>
                    <button type="button" className="shell-button" disabled={busy || dirty || product.archived} onClick={() => void archive()}>
                      {t('stock.editor.archive')}
                    </button>
                  </>
                )}
                <button type="button" className="shell-button" onClick={requestClose}>
                  {t('app.close')}
                </button>
              </div>
            </form>
          )}
        </>
      )}
      {leaving && (
        <ConfirmDialog
          title={t('stock.editor.unsavedTitle')}
          text={t('app.unsavedLeave')}
          cancelLabel={t('stock.editor.stay')}
          confirmLabel={t('stock.editor.leave')}
          onConfirm={leave}
          onCancel={() => setLeaving(null)}
        />
      )}
    </Dialog>
  );
}

/** The product's stock by batch, read-only here (arrival, write-off and moves are their own overlays). */
function Batches({ product }: { product: Product }) {
  if (product.type === 'service') return null;
  return (
    <section className="product-editor__batches">
      <h3>{t('stock.editor.batches')}</h3>
      {product.batches.length === 0 ? (
        <p>{t('stock.editor.noBatches')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('stock.editor.batch')}</th>
              <th scope="col">{t('stock.editor.quantity')}</th>
              <th scope="col">{t('stock.editor.costPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {product.batches.map((batch) => (
              <tr key={batch.id}>
                <td>{batch.number}</td>
                <td>{batch.count}</td>
                <td>{batch.cost_price}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
