import './texts';
import styles from './accountSettings.css?raw';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { activeLanguage, LANGUAGES, t, type Lang } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { changeLanguage } from '../../../src/stores/language';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { GeneralForm } from './GeneralForm';

adoptStyles(styles);

/** /accountSettings: the account's general settings (the settings overlay's 'general' section) and the interface language. */
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
