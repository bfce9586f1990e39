import { useStore } from '@nanostores/react';
import { Link } from 'wouter';
import type { Facility } from '../../../src/contract/facilities';
import { displayValue } from '../../../src/domain/format';
import { t } from '../../../src/i18n';
import { CustomerDialog } from '../../../src/ui/CustomerDialog';
import { $facilityPage, closeFacilityPage, openFacilityPage } from './state';
import { formatDateText } from '../../../src/i18n/dates';
import { formatAmount, formatQuantity } from '../../../src/i18n/numbers';

/** Quantities show as stored (up to thousandths), not as money. */

/** A facility's page (a card over the list): its details, the orders naming it, and the goods delivered there with sums and totals. */
export function FacilityPage({ onEdit }: { onEdit: (facility: Facility) => void }) {
  const page = useStore($facilityPage);
  if (!page) return null;
  const { facility, orders, goods, status } = page;
  return (
    <CustomerDialog title={facility.name} size="wide" onClose={closeFacilityPage}>
      <div className="facility-page" data-testid="facility-page">
        <dl className="facility-page__details">
          <dt>{t('facilities.address')}</dt>
          <dd>{displayValue(facility.address)}</dd>
          <dt>{t('facilities.company')}</dt>
          <dd>{displayValue(facility.company?.name)}</dd>
          <dt>{t('facilities.contact')}</dt>
          <dd>{displayValue(facility.contact?.name)}</dd>
          <dt>{t('facilities.notes')}</dt>
          <dd>{displayValue(facility.notes)}</dd>
        </dl>
        <button type="button" className="customer-button customer-button--small" onClick={() => onEdit(facility)}>
          {t('app.edit')}
        </button>
        {status === 'error' ? (
          <div role="alert" className="facility-message">
            <p>{t('facilities.pageLoadFailed')}</p>
            <button type="button" className="customer-button" onClick={() => void openFacilityPage(facility)}>
              {t('app.retry')}
            </button>
          </div>
        ) : null}
        {status === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
        {orders ? (
          <section aria-labelledby="facility-orders-title">
            <h3 id="facility-orders-title">{t('facilities.orders')}</h3>
            {orders.data.length ? (
              <table className="facility-table" data-testid="facility-orders">
                <thead>
                  <tr>
                    <th scope="col">{t('facilities.order')}</th>
                    <th scope="col">{t('facilities.stage')}</th>
                    <th scope="col" className="facility-number">
                      {t('facilities.sum')}
                    </th>
                    <th scope="col">{t('facilities.date')}</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.data.map((order) => (
                    <tr key={order.id}>
                      <th scope="row">
                        <Link href={`/addToDeal?order_id=${order.id}`} onClick={() => closeFacilityPage()}>
                          {order.name || `#${order.id}`}
                        </Link>
                      </th>
                      <td>{displayValue(order.status)}</td>
                      <td className="facility-number">{formatAmount(order.sum)}</td>
                      <td>{formatDateText(order.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="facility-empty">{t('facilities.noOrders')}</p>
            )}
          </section>
        ) : null}
        {goods ? (
          <section aria-labelledby="facility-goods-title">
            <h3 id="facility-goods-title">{t('facilities.goods')}</h3>
            {goods.data.length ? (
              <table className="facility-table" data-testid="facility-goods">
                <thead>
                  <tr>
                    <th scope="col">{t('facilities.product')}</th>
                    <th scope="col">{t('facilities.source')}</th>
                    <th scope="col" className="facility-number">
                      {t('facilities.quantity')}
                    </th>
                    <th scope="col" className="facility-number">
                      {t('facilities.price')}
                    </th>
                    <th scope="col" className="facility-number">
                      {t('facilities.sum')}
                    </th>
                    <th scope="col">{t('facilities.date')}</th>
                  </tr>
                </thead>
                <tbody>
                  {goods.data.map((line, index) => (
                    <tr key={`${line.source}-${line.order_id ?? ''}-${index}`}>
                      <th scope="row">{line.article ? `${line.name} (${line.article})` : line.name}</th>
                      <td>{line.source === 'order' ? t('facilities.fromOrder', { id: line.order_id ?? '' }) : t('facilities.writeOff')}</td>
                      <td className="facility-number">{formatQuantity(line.quantity)}</td>
                      <td className="facility-number">{formatAmount(line.price)}</td>
                      <td className="facility-number">{formatAmount(line.sum)}</td>
                      <td>{formatDateText(line.date)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      {t('facilities.totals')}
                    </th>
                    <td className="facility-number" data-testid="facility-goods-quantity">
                      {formatQuantity(goods.totals.quantity)}
                    </td>
                    <td />
                    <td className="facility-number" data-testid="facility-goods-sum">
                      {formatAmount(goods.totals.sum)}
                    </td>
                    <td />
                  </tr>
                </tfoot>
              </table>
            ) : (
              <p className="facility-empty">{t('facilities.noGoods')}</p>
            )}
          </section>
        ) : null}
      </div>
    </CustomerDialog>
  );
}
