import './texts';
import styles from './accountSettings.css?raw';
import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { Account } from '../../../src/contract/account';
import { countryList } from '../../../src/domain/countries';
import { activeLanguage, LANGUAGES, t, type Lang } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { saveAccountGeneral, type SettingsStep } from './state';
import { changeLanguage } from '../../../src/stores/language';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { FormField, FormMessage } from '../../../src/ui/FormField';
import { Select } from '../../../src/ui/Select';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(styles);

/** /accountSettings: the account's general settings (name, country) and the interface language. */
export default function AccountSettingsScreen() {
  const { account, user } = useStore($account);
  return (
    <section className="settings-page" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.accountTitle')}</h1>
      {account ? <GeneralForm key={account.id} account={account} canEdit={Boolean(user?.admin)} /> : null}
      <LanguageChoice />
    </section>
  );
}

function GeneralForm({ account, canEdit }: { account: Account; canEdit: boolean }) {
  const [name, setName] = useState(account.name);
  const [country, setCountry] = useState<string | null>(account.country ?? null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SettingsStep | null>(null);
  const lang = activeLanguage();

  const options = useMemo(() => {
    const countries = countryList(lang).map((entry) => ({ name: entry.name, value: entry.code }));
    // A country saved before the list existed (free text) stays choosable, so saving keeps it.
    const known = !account.country || countries.some((option) => option.value === account.country);
    return [{ name: t('settings.countryNone'), value: '' }, ...(known ? [] : [{ name: account.country!, value: account.country! }]), ...countries];
  }, [lang, account.country]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !canEdit) return;
    setBusy(true);
    const step = await saveAccountGeneral({ name, country });
    setBusy(false);
    setResult(step);
    if (step.ok) notify({ type: NotificationType.success, header: t('settings.saved') });
  }

  const error = result && !result.ok ? (result.serverText ?? t(result.messageKey)) : null;
  const nameError = result && !result.ok && result.messageKey === 'validation.empty' ? error : null;
  const changed = name !== account.name || (country ?? null) !== (account.country ?? null);
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
      <FormMessage tone="error" text={nameError ? null : error} />
      {canEdit && (
        <button type="submit" className="shell-button shell-button-primary" disabled={busy || !changed} aria-busy={busy}>
          {busy ? t('app.saving') : t('app.save')}
        </button>
      )}
    </form>
  );
}

/** The interface language: saved locally, sent to the server for a signed-in user, and the app reloads in it. */
function LanguageChoice() {
  const current = activeLanguage();
  const [choice, setChoice] = useState<Lang>(current);
  return (
    <fieldset className="settings-card settings-languages">
      <legend>{t('settings.language')}</legend>
      <p className="auth-hint">{t('settings.languageHint')}</p>
      {LANGUAGES.map((lang) => (
        <label key={lang} lang={lang}>
          <input
            type="radio"
            name="language"
            value={lang}
            checked={choice === lang}
            onChange={() => {
              setChoice(lang);
              if (lang !== current) void changeLanguage(lang);
            }}
          />
          {t(`languages.${lang}`)}
        </label>
      ))}
    </fieldset>
  );
}
