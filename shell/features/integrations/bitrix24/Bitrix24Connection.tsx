import { useState } from 'react';
import { connectBitrix24, disconnectIntegration } from '../../../../src/api/bitrix24';
import type { Bitrix24SettingsAnswer } from '../../../../src/contract/bitrix24';
import { t, type MessageKey } from '../../../../src/i18n';
import { ConfirmDialog } from '../../../../src/ui/ConfirmDialog';

/**
 * The portal connection: its state; Connect records the portal (address, member_id, the local application's client_id
 * and secret) and shows the install address to enter as the application's handler and install paths — the tokens
 * arrive when the portal installs the application; Disconnect asks first (the portal's events stop reaching us).
 */
export function Bitrix24Connection({ settings, onChange }: { settings: Bitrix24SettingsAnswer; onChange: () => void }) {
  const [form, setForm] = useState({ origin: '', member_id: '', client_id: '', client_secret: '' });
  const [confirming, setConfirming] = useState(false);
  const connection = settings.connection;
  const status: MessageKey = !connection ? 'integrations.bitrix24.notConnected' : connection.status === 'revoked' ? 'integrations.bitrix24.revoked' : connection.installed ? 'integrations.bitrix24.connected' : 'integrations.bitrix24.notInstalled';
  const field = (name: keyof typeof form, label: MessageKey, type = 'text') => (
    <label>
      {t(label)}
      <input type={type} value={form[name]} required onChange={(event) => setForm({ ...form, [name]: event.target.value })} />
    </label>
  );
  return (
    <section className="bitrix24-connection" aria-labelledby="bitrix24-connection">
      <h3 id="bitrix24-connection">{t('integrations.bitrix24.connection')}</h3>
      <p data-status={connection?.status ?? 'none'}>
        {t(status)}
        {connection ? ` — ${connection.origin}` : ''}
      </p>
      {connection?.last_error && connection.status !== 'connected' ? <p>{connection.last_error}</p> : null}
      <label>
        {t('integrations.bitrix24.installAddress')}
        <input type="text" readOnly value={settings.install_url} />
      </label>
      <p>{t('integrations.bitrix24.installSteps')}</p>
      {connection ? (
        <button type="button" onClick={() => setConfirming(true)}>
          {t('integrations.bitrix24.disconnect')}
        </button>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void connectBitrix24(form).then((answer) => answer.ok && onChange());
          }}
        >
          {field('origin', 'integrations.bitrix24.address', 'url')}
          {field('member_id', 'integrations.bitrix24.memberId')}
          {field('client_id', 'integrations.bitrix24.clientId')}
          {field('client_secret', 'integrations.bitrix24.clientSecret', 'password')}
          <button type="submit">{t('integrations.bitrix24.connect')}</button>
        </form>
      )}
      {confirming && connection ? (
        <ConfirmDialog
          text={t('integrations.bitrix24.disconnectConfirm', { origin: connection.origin })}
          confirmLabel={t('integrations.bitrix24.disconnect')}
          onConfirm={() => void disconnectIntegration(connection.id).then(() => {
            setConfirming(false);
            onChange();
          })}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
