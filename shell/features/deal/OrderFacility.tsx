import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { facilities } from '../../../locales/en.json';
import { listFacilities, setOrderFacility } from '../../../src/api/facilities';
import { registerTexts, t } from '../../../src/i18n';
import { CustomerSearch } from '../../../src/ui/CustomerSearch';
import { UNSTORED_ORDER_ID } from './newOrder';
import { $order, applyOrderAnswer, storeNewOrder } from './state';

registerTexts({ facilities });

/** Offered facilities: not archived (an archived one cannot be newly chosen), found by name or address. */
async function findFacilities(query: string) {
  const answer = await listFacilities({ per_page: 20, filter: { search: query } });
  return answer.ok ? answer.data.data.map((facility) => ({ id: facility.id, name: facility.name, detail: facility.address })) : [];
}

/**
 * The order's facility in the deal's client tab (issue 13 §6): its name with a button that takes it out, else a
 * search among the account's facilities. Set with orders/client-update, like the order's contact and company.
 */
export function OrderFacility() {
  const order = useStore($order);
  const [busy, setBusy] = useState(false);
  const chosen = order && 'facility' in order ? (order.facility ?? null) : null;

  const choose = async (facilityId: number | null) => {
    setBusy(true);
    // A facility is a change: an unstored order is stored first, then takes it.
    const orderId = order?.id === UNSTORED_ORDER_ID ? ((await storeNewOrder())?.id ?? null) : (order?.id ?? null);
    const answer = orderId === null ? null : await setOrderFacility(orderId, facilityId);
    setBusy(false);
    // A refusal is already shown by the shell's failure rules (the server's text).
    if (answer?.ok) applyOrderAnswer(answer.data);
  };

  return (
    <section className="deal-client__facility" aria-label={t('facilities.orderFacility')} data-testid="order-facility">
      {chosen ? (
        <div className="ui-field">
          <span className="ui-field__label">{t('facilities.orderFacility')}</span>
          <span>
            {chosen.name}
            {chosen.address ? ` — ${chosen.address}` : ''}{' '}
            <button type="button" className="customer-button customer-button--small" disabled={busy} aria-label={t('facilities.removeChoice', { name: chosen.name })} onClick={() => void choose(null)}>
              ×
            </button>
          </span>
        </div>
      ) : (
        <CustomerSearch label={t('facilities.orderFacility')} placeholder={t('facilities.chooseFacilityPlaceholder')} disabled={busy} search={findFacilities} onPick={(item) => void choose(item.id)} />
      )}
    </section>
  );
}
