import { useEffect, useState } from 'react';
import type { AnalyticsFilter, CustomerGrouping } from '../../../src/contract/analytics';
import { type MessageKey, t } from '../../../src/i18n';
import { formatDateText } from '../../../src/i18n/dates';
import * as api from './api';

/**
 * The detail of a report row (issue 16 §1 drill-down): a sales row opens the orders its product sold in, a customer row
 * the products that customer bought — with the report's filters and period, so its figures add up to the row's.
 */

export type DrillTarget = { kind: 'product'; productId: number; name: string } | { kind: 'customer'; grouping: CustomerGrouping; id: number | null; name: string };

interface DrillColumn {
  key: string;
  label: MessageKey;
  kind: 'text' | 'date' | 'quantity' | 'money' | 'integer';
}

const ORDER_COLUMNS: DrillColumn[] = [
  { key: 'name', label: 'analytics.drill.colOrder', kind: 'text' },
  { key: 'created_at', label: 'analytics.drill.colDate', kind: 'date' },
  { key: 'count', label: 'analytics.colCount', kind: 'quantity' },
  { key: 'sum', label: 'analytics.colSum', kind: 'money' },
  { key: 'cost_sum', label: 'analytics.colCostSum', kind: 'money' },
  { key: 'prib', label: 'analytics.colProfit', kind: 'money' },
  { key: 'poz', label: 'analytics.colPositions', kind: 'integer' },
];
const PRODUCT_COLUMNS: DrillColumn[] = [
  { key: 'name', label: 'analytics.colName', kind: 'text' },
  { key: 'count', label: 'analytics.colCount', kind: 'quantity' },
  { key: 'sum', label: 'analytics.colSum', kind: 'money' },
  { key: 'cost_sum', label: 'analytics.colCostSum', kind: 'money' },
  { key: 'prib', label: 'analytics.colProfit', kind: 'money' },
  { key: 'leads', label: 'analytics.colLeads', kind: 'integer' },
  { key: 'poz', label: 'analytics.colPositions', kind: 'integer' },
];

export function Drilldown(props: { target: DrillTarget; filter: AnalyticsFilter; money: (value: number) => string; quantity: (value: number) => string; onClose: () => void }) {
  const { target, filter, money, quantity, onClose } = props;
  const [rows, setRows] = useState<Record<string, unknown>[] | null>(null);

  useEffect(() => {
    let current = true;
    setRows(null);
    const load = async () => {
      if (target.kind === 'product') {
        const answer = await api.salesOfProduct(target.productId, filter);
        return answer.ok ? (answer.data.data as unknown as Record<string, unknown>[]) : [];
      }
      const answer = await api.customerProducts(target.grouping === 'company' ? { company_id: target.id } : { contact_id: target.id }, filter);
      return answer.ok ? (answer.data.data as unknown as Record<string, unknown>[]) : [];
    };
    void load().then((loaded) => {
      if (current) setRows(loaded);
    });
    return () => {
      current = false;
    };
  }, [target, filter]);

  const columns = target.kind === 'product' ? ORDER_COLUMNS : PRODUCT_COLUMNS;
  const title = target.kind === 'product' ? t('analytics.drill.productOrders', { name: target.name }) : t('analytics.drill.customerProducts', { name: target.name });
  const show = (column: DrillColumn, value: unknown) => {
    if (column.kind === 'money') return money(Number(value));
    if (column.kind === 'quantity') return quantity(Number(value));
    if (column.kind === 'date') return formatDateText(String(value));
    return String(value ?? '');
  };
  return (
    <section className="analytics-drill" aria-label={title} data-testid="analytics-drill" aria-busy={rows === null}>
      <header>
        <h3>{title}</h3>
        <button type="button" className="shell-button" onClick={onClose}>
          {t('analytics.drill.close')}
        </button>
      </header>
      <table className="analytics-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" data-kind={column.kind}>
                {t(column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows?.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="analytics-note">
                {t('analytics.empty')}
              </td>
            </tr>
          )}
          {rows?.map((row, index) => (
            <tr key={String(row.order_id ?? row.product_id ?? index)} data-row={JSON.stringify(row)}>
              {columns.map((column) => (
                <td key={column.key} data-kind={column.kind}>
                  {show(column, row[column.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
