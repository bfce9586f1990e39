import { useCallback, useEffect, useState } from 'react';
import { disconnectAmo, listAmoConnections, startAmoInstall } from '../../../../src/api/amocrm';
import type { AmoConnectionStatus } from '../../../../src/contract/amocrm';
import { t, type MessageKey } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { AmoBindingsPanel } from './BindingsPanel';

const STATUS: Record<string, MessageKey> = {
  connected: 'integrations.amocrm.statusConnected',
  revoked: 'integrations.amocrm.statusRevoked',
  error: 'integrations.amocrm.statusError',
};

/** 'General settings': each connection's status with Disconnect, and Connect, which hands over to amoCRM's approval page. */
export function AmoGeneralPanel() {
  const [connections, setConnections] = useState<AmoConnectionStatus[]>([]);
  const [form, setForm] = useState({ origin: '', client_id: '', client_secret: '' });
  const load = useCallback(async () => {
    const answer = await listAmoConnections();
    if (answer.ok) setConnections(answer.data);
  }, []);
  useEffect(() => {
    void load();
    // amoCRM's redirect comes back here with the outcome of an install.
    const failure = new URLSearchParams(window.location.search).get('install_error');
    if (failure) notify({ type: NotificationType.error, header: t('integrations.amocrm.installFailed'), text: failure });
  }, [load]);

  const field = (name: keyof typeof form, label: MessageKey, type = 'text') => (
    <label>
      {t(label)}
      <input type={type} value={form[name]} required onChange={(event) => setForm({ ...form, [name]: event.target.value })} />
    </label>
  );

  return (
    <div className="integration-general">
      <ul>
        {connections.map((each) => (
          <li key={each.id}>
            {each.origin} — {t('integrations.amocrm.status')}: {t(STATUS[each.status] ?? 'integrations.amocrm.statusError')}
            {each.last_error && each.status !== 'connected' ? ` (${each.last_error})` : ''}
            {each.status === 'connected' ? (
              <button type="button" onClick={() => void disconnectAmo(each.id).then(load)}>
                {t('integrations.amocrm.disconnect')}
              </button>
            ) : null}
            {each.status === 'connected' ? <AmoBindingsPanel connectionId={each.id} /> : null}
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void startAmoInstall(form).then((answer) => {
            if (answer.ok) window.location.assign(answer.data.url);
          });
        }}
      >
        {field('origin', 'integrations.amocrm.address', 'url')}
        {field('client_id', 'integrations.amocrm.clientId')}
        {field('client_secret', 'integrations.amocrm.clientSecret', 'password')}
        <button type="submit">{t('integrations.amocrm.connect')}</button>
      </form>
    </div>
  );
}
