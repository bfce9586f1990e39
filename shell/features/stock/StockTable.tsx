import { Fragment, useState } from 'react';
import type { StockRow, StockSortField, StockTotals } from '../../../src/contract/stockList';
import { t } from '../../../src/i18n';
import { batchCell, columnTitle, moneyText, productCell, quantityText } from './cells';
import type { StockColumn } from './stockColumns';

export interface StockTableProps {
  columns: readonly StockColumn[];
  rows: readonly StockRow[];
  totals: StockTotals | null;
  sort: { field: StockSortField; order: 'asc' | 'desc' };
  selected: readonly number[];
  locale: string;
  busy: boolean;
  onSort: (field: StockSortField) => void;
  onSelect: (ids: readonly number[]) => void;
  onOpen: (id: number) => void;
  /** The base price's column key (the sale value shows under it). */
  basePriceKey: string | undefined;
}

/** What the totals row shows under a column: the quantities and, under cost and the base price, the cost and sale values. */
function totalCell(column: StockColumn, totals: StockTotals, basePrice: string | undefined, locale: string): string {
  if (column.key === 'count') return quantityText(totals.count, locale);
  if (column.key === 'reserve') return quantityText(totals.reserve, locale);
  if (column.key === 'available') return quantityText(totals.available, locale);
  if (column.key === 'cost_price') return moneyText(totals.cost_value, locale);
  if (column.key === basePrice) return moneyText(totals.sale_value, locale);
  return '';
}

/**
 * The stock table: a sticky header whose column titles sort (again: the other way), a checkbox per row and one for
 * the page, product rows that expand to their batch rows when they have several, and the totals row of the filter.
 */
export function StockTable({ columns, rows, totals, sort, selected, locale, busy, onSort, onSelect, onOpen, basePriceKey }: StockTableProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const chosen = new Set(selected);
  const pageIds = rows.map((row) => row.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => chosen.has(id));

  function toggleRow(id: number, on: boolean) {
    onSelect(on ? [...selected, id] : selected.filter((other) => other !== id));
  }
  function togglePage(on: boolean) {
    const onPage = new Set(pageIds);
    onSelect(on ? [...selected.filter((id) => !onPage.has(id)), ...pageIds] : selected.filter((id) => !onPage.has(id)));
  }
  function toggleExpanded(id: number) {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  }

  return (
    <div className="stock-table-wrap">
      <table className="stock-table" data-testid="stock-table" aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col" className="stock-table__check">
              <input type="checkbox" aria-label={t('stock.list.selectPage')} checked={allOnPage} onChange={(event) => togglePage(event.currentTarget.checked)} />
            </th>
            <td className="stock-table__expand" />
            {columns.map((column) => {
              const title = columnTitle(column);
              const sorted = column.sortField !== null && sort.field === column.sortField;
              return (
                <th
                  key={column.key}
                  scope="col"
                  data-column={column.key}
                  className={column.numeric ? 'stock-table__number' : undefined}
                  aria-sort={sorted ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortField === null ? (
                    title
                  ) : (
                    <button type="button" className="stock-sort" aria-label={t('stock.list.sortBy', { name: title })} onClick={() => onSort(column.sortField as StockSortField)}>
                      {title}
                      <span aria-hidden="true">{sorted ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const open = expanded.has(row.id);
            const expandable = row.batches.length > 1;
            return (
              <Fragment key={row.id}>
                <tr data-product={row.id} className={chosen.has(row.id) ? 'stock-row stock-row--selected' : 'stock-row'}>
                  <td className="stock-table__check">
                    <input type="checkbox" aria-label={t('stock.list.selectRow', { name: row.name })} checked={chosen.has(row.id)} onChange={(event) => toggleRow(row.id, event.currentTarget.checked)} />
                  </td>
                  <td className="stock-table__expand">
                    {expandable && (
                      <button
                        type="button"
                        className="stock-expand"
                        aria-expanded={open}
                        aria-label={t(open ? 'stock.list.collapse' : 'stock.list.expand', { name: row.name })}
                        onClick={() => toggleExpanded(row.id)}
                      >
                        {open ? '▾' : '▸'}
                      </button>
                    )}
                  </td>
                  {columns.map((column) => (
                    <td key={column.key} data-column={column.key} className={column.numeric ? 'stock-table__number' : undefined}>
                      {column.key === 'name' ? (
                        <button type="button" className="shell-link stock-name" onClick={() => onOpen(row.id)}>
                          {row.name}
                        </button>
                      ) : (
                        productCell(row, column.key, locale)
                      )}
                    </td>
                  ))}
                </tr>
                {open &&
                  row.batches.map((batch) => (
                    <tr key={`b${batch.id}`} className="stock-row stock-row--batch" data-batch={batch.id}>
                      <td />
                      <td />
                      {columns.map((column) => (
                        <td key={column.key} data-column={column.key} className={column.numeric ? 'stock-table__number' : undefined}>
                          {batchCell(batch, column.key, locale)}
                        </td>
                      ))}
                    </tr>
                  ))}
              </Fragment>
            );
          })}
        </tbody>
        {totals && (
          <tfoot>
            <tr className="stock-totals" data-testid="stock-totals">
              <th scope="row" colSpan={2} />
              {columns.map((column, index) => (
                <td key={column.key} data-column={column.key} className={column.numeric ? 'stock-table__number' : undefined}>
                  {index === 0 && !column.numeric ? t('stock.list.totals') : totalCell(column, totals, basePriceKey, locale)}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
