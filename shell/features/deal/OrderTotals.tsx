import { useStore } from '@nanostores/react';
import { t } from '../../../src/i18n';
import { formatMoney } from '../../../src/i18n/money';
import { draftSum } from './draftView';
import { $positionDrafts, type DealOrder } from './state';

/**
 * The products tab's totals (issue 19 §2): the order's total as it will be once saved, and for staff its cost
 * and profit, all in the order's currency. Alone in listening to every draft, so a keystroke re-renders one card and this.
 */
export function OrderTotals({ order }: { order: DealOrder }) {
  const drafts = useStore($positionDrafts);
  const total = draftSum(order, drafts);
  const staff = 'cost_price' in order;
  return (
    <dl className="deal-totals" aria-label={t('order.totals')}>
      <div className="deal-totals__item deal-totals__item--total">
        <dt>{t('order.orderTotal')}</dt>
        <dd data-total="sum">{formatMoney(total, order.currency)}</dd>
      </div>
      {staff ? (
        <>
          <div className="deal-totals__item">
            <dt>{t('order.costPrice')}</dt>
            <dd data-total="cost">{formatMoney(order.cost_price, order.currency)}</dd>
          </div>
          <div className="deal-totals__item">
            <dt>{t('order.profit')}</dt>
            {/* The stored profit moved by what the draft changes in the sum: the cost follows stock, known on save. */}
            <dd data-total="profit">{formatMoney(order.profit + total - order.sum, order.currency)}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
