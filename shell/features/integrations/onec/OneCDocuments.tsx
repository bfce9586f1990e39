import { t } from '../../../../src/i18n';
import { formatDateTimeText } from '../../../../src/i18n/dates';
import { useOneCSettings } from './state';

/** Document settings: whether 1C's sale query gets our orders, and only those at a successful stage. */
export function OneCDocuments() {
  const { settings, save } = useOneCSettings();
  if (!settings) return null;
  const { documents } = settings;
  return (
    <div className="onec-panel">
      <label>
        <input type="checkbox" checked={documents.send_orders} onChange={(event) => void save({ documents: { ...documents, send_orders: event.target.checked } })} />
        {t('integrations.onec.sendOrders')}
      </label>
      <label>
        <input
          type="checkbox"
          checked={documents.only_successful}
          disabled={!documents.send_orders}
          onChange={(event) => void save({ documents: { ...documents, only_successful: event.target.checked } })}
        />
        {t('integrations.onec.onlySuccessful')}
      </label>
      <p>{settings.sale_confirmed_at ? t('integrations.onec.confirmedAt', { at: formatDateTimeText(settings.sale_confirmed_at) }) : t('integrations.onec.neverConfirmed')}</p>
    </div>
  );
}
