import { useState } from 'react';
import { t } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { startOneCSync } from './api';
import { useOneCSettings } from './state';

/** General: the switch (spec's genezis flag), the address to paste into 1C, the login and password 1C signs in with. */
export function OneCGeneral() {
  const { settings, save, setEnabled } = useOneCSettings();
  const [login, setLogin] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  if (!settings) return null;
  const address = `${window.location.origin}${settings.exchange_path}`;
  const submit = async () => {
    const saved = await save({ ...(login !== null && login !== settings.login && { login }), ...(password && { password }) });
    if (saved) setPassword('');
  };
  const sync = async () => {
    const answer = await startOneCSync();
    if (answer.ok) notify({ type: NotificationType.success, header: t('integrations.onec.syncStarted'), text: t('integrations.retryInTasks') });
  };
  return (
    <div className="onec-panel">
      <p role="status">{t(settings.enabled ? 'integrations.onec.statusOn' : 'integrations.onec.statusOff')}</p>
      <button type="button" onClick={() => void setEnabled(!settings.enabled)}>
        {t(settings.enabled ? 'integrations.deactivate' : 'integrations.activate')}
      </button>
      <form
        className="onec-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label>
          {t('integrations.onec.address')}
          <input readOnly value={address} onFocus={(event) => event.currentTarget.select()} />
        </label>
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(address).then(() => notify({ type: NotificationType.success, header: t('integrations.onec.copied') }));
          }}
        >
          {t('integrations.onec.copy')}
        </button>
        <label>
          {t('integrations.onec.login')}
          <input value={login ?? settings.login} onChange={(event) => setLogin(event.target.value)} autoComplete="off" required maxLength={100} />
        </label>
        <label>
          {t('integrations.onec.password')}
          <input type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="new-password" minLength={6} maxLength={200} />
        </label>
        <p>{t(settings.has_password ? 'integrations.onec.passwordSet' : 'integrations.onec.passwordNone')}</p>
        <button type="submit">{t('integrations.onec.save')}</button>
      </form>
      {settings.enabled ? (
        <div className="onec-sync">
          <p>{t('integrations.onec.syncExplained')}</p>
          <button type="button" onClick={() => void sync()}>
            {t('integrations.onec.syncNow')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
