import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { Account } from '../../../src/contract/account';
import { countryList } from '../../../src/domain/countries';
import { landingPath } from '../../../src/domain/landing';
import { activeLanguage, t } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { Checkbox } from '../../../src/ui/Checkbox';
import { FormField, FormMessage } from '../../../src/ui/FormField';
import { Select } from '../../../src/ui/Select';
import { $mainScreens } from '../../stores/mainScreens';
import { saveAccountGeneral, type SettingsStep } from './state';

/** The start page as the choice shows it: the stored value, or what '/' leads to without one. */
const startPageOf = (account: Account) => landingPath(account);

/**
 * Settings → account → general, also the body of /accountSettings: name, country, the 'separate rights' option and
 * the start page. Only admins change them; others see them read-only.
 */
export function GeneralForm({ account, canEdit }: { account: Account; canEdit: boolean }) {
  const [name, setName] = useState(account.name);
  const [country, setCountry] = useState<string | null>(account.country ?? null);
  const [separateRights, setSeparateRights] = useState(Boolean(account.separate_rights));
  const [startPage, setStartPage] = useState(startPageOf(account));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SettingsStep | null>(null);
  const screens = useStore($mainScreens);
  const lang = activeLanguage();

  const options = useMemo(() => {
    const countries = countryList(lang).map((entry) => ({ name: entry.name, value: entry.code }));
    // A country saved before the list existed (free text) stays choosable, so saving keeps it.
    const known = !account.country || countries.some((option) => option.value === account.country);
    return [{ name: t('settings.countryNone'), value: '' }, ...(known ? [] : [{ name: account.country!, value: account.country! }]), ...countries];
  }, [lang, account.country]);

  const startOptions = useMemo(() => {
    const list = screens.map((screen) => ({ name: t(screen.label), value: screen.path }));
    // A start page whose screen this build lacks (yet) stays shown, so saving other settings keeps it.
    return list.some((option) => option.value === startPage) ? list : [...list, { name: startPage, value: startPage }];
  }, [screens, lang, startPage]);

  const startChanged = startPage !== startPageOf(account);
  const rightsChanged = separateRights !== Boolean(account.separate_rights);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !canEdit) return;
    setBusy(true);
    const step = await saveAccountGeneral({
      name,
      country,
      ...(rightsChanged && { separate_rights: separateRights }),
      // The spec's page for this account needs no stored value (null): it then follows the spec's rule.
      ...(startChanged && { landing_path: startPage === landingPath({ id: account.id }) ? null : startPage }),
    });
    setBusy(false);
    setResult(step);
    if (step.ok) notify({ type: NotificationType.success, header: t('settings.saved') });
  }

  const error = result && !result.ok ? (result.serverText ?? t(result.messageKey)) : null;
  const nameError = result && !result.ok && result.messageKey === 'validation.empty' ? error : null;
  const changed = name !== account.name || (country ?? null) !== (account.country ?? null) || rightsChanged || startChanged;
  return (
    <form noValidate className="settings-card" aria-labelledby="settings-general" onSubmit={(event) => void submit(event)}>
      <h2 id="settings-general">{t('settings.accountGeneral')}</h2>
      {!canEdit && <p className="auth-hint">{t('settings.adminOnly')}</p>}
      <FormField name="account-name" label={t('settings.accountName')} value={name} onChange={setName} maxLength={120} disabled={!canEdit} error={nameError} />
      <div>
        <Select label={t('settings.country')} options={options} value={country ?? ''} disabled={!canEdit} onChange={(value) => setCountry(value === '' ? null : String(value))} />
        {!country && (
          <p className="settings-warning" role="status">
            {t('errors.noCountry')}
          </p>
        )}
      </div>
      <div>
        <Select label={t('settings.startPage')} options={startOptions} value={startPage} disabled={!canEdit} onChange={(value) => setStartPage(String(value))} />
        <p className="auth-hint">{t('settings.startPageHint')}</p>
      </div>
      <div>
        <Checkbox name="separate-rights" label={t('settings.separateRights')} value={separateRights} disabled={!canEdit} onChange={setSeparateRights} />
        <p className="auth-hint">{t('settings.separateRightsHint')}</p>
      </div>
      <FormMessage tone="error" text={nameError ? null : error} />
      {canEdit && (
        <button type="submit" className="shell-button shell-button-primary" disabled={busy || !changed} aria-busy={busy}>
          {busy ? t('app.saving') : t('app.save')}
        </button>
      )}
    </form>
  );
}
