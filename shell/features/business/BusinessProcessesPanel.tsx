import './texts';
import styles from './business.css?raw';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { TagUsage } from '../../../src/contract/business';
import type { ProductVisibility } from '../../../src/contract/publicOrder';
import { t, type MessageKey } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { FormField } from '../../../src/ui/FormField';
import { $scenario, $tags, chooseScenario, deleteAccountTag, loadBusiness, renameAccountTag } from './state';

adoptStyles(styles);

/** The three scenarios of spec 2 §9, in its order, each with what it means in one line. */
const SCENARIOS: readonly { value: ProductVisibility; label: MessageKey; hint: MessageKey }[] = [
  { value: 'all', label: 'business.scenarioAll', hint: 'business.scenarioAllHint' },
  { value: 'tagged', label: 'business.scenarioTagged', hint: 'business.scenarioTaggedHint' },
  { value: 'tagged_or_untagged', label: 'business.scenarioTaggedOrUntagged', hint: 'business.scenarioTaggedOrUntaggedHint' },
];

/** Settings → business processes: the public customers' scenario and the account's tags. */
export default function BusinessProcessesPanel() {
  const { user } = useStore($account);
  const admin = Boolean(user?.admin);
  useEffect(() => {
    void loadBusiness();
  }, []);
  return (
    <section className="business-panel" aria-labelledby="business-title">
      <h2 id="business-title">{t('business.sectionTitle')}</h2>
      {!admin && <p className="auth-hint">{t('business.adminOnly')}</p>}
      <ScenarioChoice admin={admin} />
      <TagTable admin={admin} />
    </section>
  );
}

function ScenarioChoice({ admin }: { admin: boolean }) {
  const scenario = useStore($scenario);
  const [busy, setBusy] = useState(false);
  async function choose(value: ProductVisibility) {
    setBusy(true);
    const ok = await chooseScenario(value);
    setBusy(false);
    if (ok) notify({ type: NotificationType.success, header: t('business.scenarioSaved') });
  }
  return (
    <fieldset disabled={!admin || busy || scenario === null}>
      <legend>{t('business.scenarioTitle')}</legend>
      {SCENARIOS.map((option) => (
        <label key={option.value} className="business-option">
          <input type="radio" name="business-scenario" value={option.value} checked={scenario === option.value} onChange={() => void choose(option.value)} />
          <span>{t(option.label)}</span>
          <small>{t(option.hint)}</small>
        </label>
      ))}
    </fieldset>
  );
}

function TagTable({ admin }: { admin: boolean }) {
  const tags = useStore($tags);
  const [renaming, setRenaming] = useState<TagUsage | null>(null);
  const [deleting, setDeleting] = useState<TagUsage | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(row: TagUsage) {
    setBusy(true);
    const change = await deleteAccountTag(row.tag);
    setBusy(false);
    setDeleting(null);
    if (change) notify({ type: NotificationType.success, header: t('business.deleted', change) });
  }

  return (
    <section aria-labelledby="business-tags">
      <h3 id="business-tags">{t('business.tagsTitle')}</h3>
      <p className="auth-hint">{t('business.tagsHint')}</p>
      {tags && !tags.length && <p>{t('business.noTags')}</p>}
      {tags && tags.length > 0 && (
        <table className="business-table">
          <thead>
            <tr>
              <th scope="col">{t('business.tagColumn')}</th>
              <th scope="col">{t('business.productsColumn')}</th>
              <th scope="col">{t('business.customersColumn')}</th>
              {admin && <th scope="col" aria-label={t('business.rename')} />}
            </tr>
          </thead>
          <tbody>
            {tags.map((row) => (
              <tr key={row.tag}>
                <th scope="row">{renaming?.tag === row.tag ? <RenameForm row={row} onDone={() => setRenaming(null)} /> : row.tag}</th>
                <td>{row.products}</td>
                <td>{row.customers}</td>
                {admin && (
                  <td className="business-actions">
                    <button type="button" className="shell-button" onClick={() => setRenaming(row)} aria-label={`${t('business.rename')} ${row.tag}`}>
                      {t('business.rename')}
                    </button>
                    <button type="button" className="shell-button" onClick={() => setDeleting(row)} aria-label={`${t('business.delete')} ${row.tag}`}>
                      {t('business.delete')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deleting && (
        <ConfirmDialog
          text={t('business.deleteQuestion', { tag: deleting.tag, products: deleting.products, customers: deleting.customers })}
          confirmLabel={t('business.delete')}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

function RenameForm({ row, onDone }: { row: TagUsage; onDone: () => void }) {
  const [name, setName] = useState(row.tag);
  const [error, setError] = useState<string | null>(null);
  async function save() {
    if (!name.trim()) return setError(t('validation.empty'));
    const change = await renameAccountTag(row.tag, name);
    if (change) {
      notify({ type: NotificationType.success, header: t('business.renamed', change) });
      onDone();
    }
  }
  return (
    <form
      className="business-inline"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormField name="tag-name" label={t('business.renameTo', { tag: row.tag })} value={name} onChange={setName} maxLength={100} error={error} />
      <button type="submit" className="shell-button shell-button-primary">
        {t('business.save')}
      </button>
      <button type="button" className="shell-button" onClick={onDone}>
        {t('business.cancel')}
      </button>
    </form>
  );
}
