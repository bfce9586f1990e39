import { useStore } from '@nanostores/react';
import { Link } from 'wouter';
import type { Facility } from '../../../src/contract/facilities';
import { displayValue, formatDateLocale, formatNumber } from '../../../src/domain/format';
import { activeLanguage, t } from '../../../src/i18n';
import { CustomerDialog } from '../../../src/ui/CustomerDialog';
import { $facilityPage, closeFacilityPage, openFacilityPage } from './state';

/** Quantities show as stored (up to thousandths), not as money. */
const quantityText = (value: number) => String(Number(value.toFixed(3)));

/** A facility's page (a card over the list): its details, the orders naming it, and the goods delivered there with sums and totals. */
export function FacilityPage({ onEdit }: { onEdit: (facility: Facility) => void }) {
  const page = useStore($facilityPage);
  if (!page) return null;
  const { facility, orders, goods, status } = page;
  const language = activeLanguage();
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
                      <td className="facility-number">{formatNumber(order.sum)}</td>
                      <td>{formatDateLocale(order.created_at, language)}</td>
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
                      <td className="facility-number">{quantityText(line.quantity)}</td>
                      <td className="facility-number">{formatNumber(line.price)}</td>
                      <td className="facility-number">{formatNumber(line.sum)}</td>
                      <td>{formatDateLocale(line.date, language)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      {t('facilities.totals')}
                    </th>
                    <td className="facility-number" data-testid="facility-goods-quantity">
                      {quantityText(goods.totals.quantity)}
                    </td>
                    <td />
                    <td className="facility-number" data-testid="facility-goods-sum">
                      {formatNumber(goods.totals.sum)}
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
