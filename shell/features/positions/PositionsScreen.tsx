import './texts';
import styles from './positions.css?raw';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { PositionRow, PositionSortField } from '../../../src/contract/positionList';
import { orderDisplayName } from '../../../src/domain/orderName';
import { type MessageKey, t } from '../../../src/i18n';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { navigateTo } from '../../stores/navigation';
import { openOverlay } from '../../stores/overlays';
import { $pipelines, loadPipelines } from '../../stores/pipelines';
import { findProducts } from './api';
import { mayChangeOrders, stageChoices, stageText } from './filters';
import { $account } from '../../../src/stores/account';
import { $cancelTarget, $positions, $warehouses, clearPositionFilter, loadPositions, loadWarehouses, setPositionFilter, setPositionPage, sortPositions } from './state';
import { Suggest, type Suggestion } from './Suggest';
import { formatDateText } from '../../../src/i18n/dates';
import { formatQuantity } from '../../../src/i18n/numbers';

adoptStyles(styles);

const CRM_STATUSES: readonly MessageKey[] = ['orders.statusOpened', 'orders.statusReserved', 'orders.statusSuccess', 'orders.statusUnsuccessful', 'orders.statusDeleted'];

async function productSuggestions(text: string): Promise<Suggestion[]> {
  const result = await findProducts(text);
  return result.ok ? result.data.map((item) => ({ id: item.id, name: item.name, hint: item.article })) : [];
}

const orderName = (row: PositionRow) => orderDisplayName({ id: row.order_id, fields: { name: row.order_name } }, (id) => t('orders.newName', { id }));

/**
 * /positions — 'who holds my stock': every position of every order of the account, filtered by product,
 * warehouse, pipeline stage and dates, sorted and paged by the server. A row opens its order; the toolbar
 * adds a product to an order (new position overlay) and a row's cancel releases its reservation (cancel position overlay).
 */
export default function PositionsScreen() {
  const { params, status, data, meta } = useStore($positions);
  const warehouses = useStore($warehouses);
  const pipelines = useStore($pipelines);
  const editor = mayChangeOrders(useStore($account).user);
  const { filter } = params;

  useEffect(() => {
    void loadPositions();
    void loadWarehouses();
    void loadPipelines();
  }, []);

  const lastPage = Math.max(1, meta?.last_page ?? 1);
  const number = (value: number) => formatQuantity(value);
  const sortable = (field: PositionSortField, label: MessageKey) => {
    const sorted = params.sort.field === field;
    return (
      <th scope="col" aria-sort={sorted ? (params.sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
        <button type="button" className="positions-sort" onClick={() => void sortPositions(field)}>
          {t(label)}
          {sorted ? (params.sort.order === 'asc' ? ' ▲' : ' ▼') : ''}
        </button>
      </th>
    );
  };

  return (
    <section className="positions-screen" aria-labelledby="positions-title" data-testid="positions-screen">
      <header className="positions-head">
        <div>
          <h1 id="positions-title">{t('positions.title')}</h1>
          <p className="positions-hint">{t('positions.hint')}</p>
        </div>
        {editor && (
          <button type="button" className="shell-button shell-button-primary" onClick={() => openOverlay('newPosition')}>
            {t('positions.newPosition')}
          </button>
        )}
      </header>

      <div className="positions-filters">
        <Suggest
          label={t('positions.filterProduct')}
          placeholder={t('positions.filterProductPlaceholder')}
          chosen={filter.product}
          find={productSuggestions}
          onChoose={(choice) => void setPositionFilter({ product: choice ? { id: choice.id, name: choice.name } : null })}
        />
        <label className="positions-field">
          <span>{t('positions.filterWarehouse')}</span>
          <select aria-label={t('positions.filterWarehouse')} value={filter.warehouse_id ?? ''} onChange={(event) => void setPositionFilter({ warehouse_id: event.target.value ? Number(event.target.value) : null })}>
            <option value="">{t('positions.anyWarehouse')}</option>
            {warehouses.map((warehouse) => (
              <option key={warehouse.id} value={warehouse.id}>
                {warehouse.name}
              </option>
            ))}
          </select>
        </label>
        <label className="positions-field">
          <span>{t('positions.filterStage')}</span>
          <select aria-label={t('positions.filterStage')} value={filter.stage} onChange={(event) => void setPositionFilter({ stage: event.target.value })}>
            <option value="">{t('positions.anyStage')}</option>
            {stageChoices(pipelines).map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="positions-field">
          <span>{t('positions.dateFrom')}</span>
          <input type="date" aria-label={t('positions.dateFrom')} value={filter.date_from} onChange={(event) => void setPositionFilter({ date_from: event.target.value })} />
        </label>
        <label className="positions-field">
          <span>{t('positions.dateTo')}</span>
          <input type="date" aria-label={t('positions.dateTo')} value={filter.date_to} onChange={(event) => void setPositionFilter({ date_to: event.target.value })} />
        </label>
        <button type="button" className="shell-button" onClick={() => void clearPositionFilter()}>
          {t('positions.clear')}
        </button>
      </div>

      {status === 'failed' && (
        <p role="alert" className="positions-state">
          {t('errors.somethingWrong')}{' '}
          <button type="button" className="shell-link" onClick={() => void loadPositions()}>
            {t('app.retry')}
          </button>
        </p>
      )}
      {status !== 'failed' && data.length === 0 && (
        <p role="status" className="positions-state">
          {status === 'ready' ? t('positions.empty') : t('app.loading')}
        </p>
      )}
      {data.length > 0 && (
        <div className="positions-table-wrap">
          <table className="positions-table" aria-busy={status === 'loading'} aria-labelledby="positions-title">
            <thead>
              <tr>
                <th scope="col">{t('positions.colProduct')}</th>
                {sortable('order_id', 'positions.colOrder')}
                <th scope="col">{t('positions.colStage')}</th>
                <th scope="col">{t('positions.colWarehouse')}</th>
                <th scope="col">{t('positions.colBatch')}</th>
                {sortable('quantity', 'positions.colQuantity')}
                <th scope="col">{t('positions.colReserved')}</th>
                {sortable('price', 'positions.colPrice')}
                {sortable('sum', 'positions.colSum')}
                <th scope="col">{t('positions.colEmployee')}</th>
                {sortable('created_at', 'positions.colDate')}
                <th scope="col">
                  <span className="positions-hidden">{t('positions.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((row) => (
                <tr key={row.id} data-testid="position-row" className="positions-row" onClick={() => navigateTo(`/addToDeal?order_id=${row.order_id}`)}>
                  <th scope="row">
                    {row.product_name}
                    {row.article ? <span className="positions-muted"> {row.article}</span> : null}
                  </th>
                  <td>
                    <a
                      href={`#/addToDeal?order_id=${row.order_id}`}
                      aria-label={t('positions.openOrder', { name: orderName(row) })}
                      onClick={(event) => {
                        event.preventDefault();
                        event.stopPropagation();
                        navigateTo(`/addToDeal?order_id=${row.order_id}`);
                      }}
                    >
                      {orderName(row)}
                    </a>
                    {row.order_archived ? <span className="positions-badge"> {t('positions.archivedOrder')}</span> : null}
                  </td>
                  <td>{stageText(row, (crm) => t(CRM_STATUSES[crm] ?? 'orders.statusOpened'))}</td>
                  <td>{row.warehouse_name ?? ''}</td>
                  <td>{row.batches}</td>
                  <td className="positions-number">
                    {number(row.quantity)} {row.unit}
                  </td>
                  <td className="positions-number">
                    {number(row.reserved)} / {number(row.written_off)}
                  </td>
                  <td className="positions-number">{number(row.price)}</td>
                  <td className="positions-number">
                    {number(row.sum)} {row.currency}
                  </td>
                  <td>{row.user_name ?? ''}</td>
                  <td>{formatDateText(row.created_at)}</td>
                  <td className="positions-actions">
                    {editor && (
                    <button
                      type="button"
                      className="shell-button"
                      aria-label={t('positions.cancelFor', { name: row.product_name, order: orderName(row) })}
                      onClick={(event) => {
                        event.stopPropagation();
                        $cancelTarget.set(row);
                        openOverlay('cancelPosition');
                      }}
                    >
                      {t('positions.cancel')}
                    </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {meta && lastPage > 1 && (
        <nav className="positions-pager" aria-label={t('orders.pages')}>
          <button type="button" className="shell-button" disabled={params.page <= 1} onClick={() => void setPositionPage(params.page - 1)}>
            {t('orders.previousPage')}
          </button>
          <span>{t('orders.page', { page: `${params.page} / ${lastPage}` })}</span>
          <button type="button" className="shell-button" disabled={params.page >= lastPage} onClick={() => void setPositionPage(params.page + 1)}>
            {t('orders.nextPage')}
          </button>
        </nav>
      )}
    </section>
  );
}
