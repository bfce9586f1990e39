import './texts';
import styles from './stock.css?raw';
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { activeLanguage, t } from '../../../src/i18n';
import { plural } from '../../../src/i18n/plural';
import { memberHasRight } from '../../../src/domain/rights';
import { $account } from '../../../src/stores/account';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import type { StockSortField, WarehouseChoice } from '../../../src/contract/stockList';
import { navigateTo, onLocationChange } from '../../stores/navigation';
import { $availablePanels } from '../../stores/overlayPanels';
import { $overlays, closeOverlay, openOverlay } from '../../stores/overlays';
import { $categories, $stockList, $visibleStockColumns, $stockColumns, $warehouses, archiveSelected, currentTotals, exportCurrentTable, loadChoices, loadStock, saveStockColumns } from './listState';
import { pagerCount } from './pagerCount';
import { activeFilterCount, parseStockQuery, PER_PAGE_CHOICES, stockQuery, type StockParams } from './listQuery';
import { InTransitButton } from './operations/InTransitButton';
import { openStockDialog } from './operations/open';
import { ProductExportButton } from './ProductExportButton';
import { StockDialogs } from './operations/StockDialogs';
import { saveFile } from '../../../src/ui/saveFile';
import { $selectedProductIds, $stockVersion } from './state';
import { StockFilterDialog } from './StockFilterDialog';
import { StockPager } from './StockPager';
import { StockTable } from './StockTable';
import { PageTitle } from '../../../src/ui/PageHeader';
import { StockTableSetupDialog } from './StockTableSetupDialog';

adoptStyles(styles);

const ROUTE = '/remnants';
/** Typing waits this long for the next key before the list is asked: short, so rows follow the typing. */
export const STOCK_SEARCH_DEBOUNCE_MS = 50;

const queryOfAddress = () => (globalThis.location?.hash ?? '').split('?')[1] ?? '';

/** Shows these parameters: the address changes, and the list follows it (so Back and reload show the same table). */
function showParams(params: StockParams, options: { replace?: boolean } = {}) {
  const query = stockQuery(params);
  navigateTo(query ? `${ROUTE}?${query}` : ROUTE, options);
}

/**
 * /remnants, the home screen (issue 13 §2): goods and services with their balances in the chosen warehouses — toolbar
 * (warehouse, search, Filter, Table setup, the stock operations, Archive, Export), the table with selection and expandable
 * batch rows, the totals of the filter and the pager. An empty account gets a friendly start instead.
 */
export default function RemnantsScreen() {
  const list = useStore($stockList);
  const columns = useStore($visibleStockColumns);
  const allColumns = useStore($stockColumns);
  const warehouses = useStore($warehouses);
  const categories = useStore($categories);
  const selected = useStore($selectedProductIds);
  const { account, user } = useStore($account);
  const panels = useStore($availablePanels);
  const { filter: filterOpen, tableSettings } = useStore($overlays);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const [busyAction, setBusyAction] = useState<'export' | 'archive' | null>(null);
  const [search, setSearch] = useState(() => parseStockQuery(queryOfAddress()).filter.search ?? '');
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const locale = activeLanguage();
  const { params, status, rows, meta, totals, priceFields } = list;
  const counted = meta && pagerCount(meta, params.perPage, rows.length, currentTotals(list));

  useEffect(() => {
    void loadChoices();
    void loadStock(parseStockQuery(queryOfAddress()));
    const stopListening = onLocationChange((change) => {
      if (change.path !== ROUTE) return;
      const next = parseStockQuery(change.search);
      if (stockQuery(next) === stockQuery($stockList.get().params)) return;
      setSearch(next.filter.search ?? '');
      void loadStock(next);
    });
    // A write elsewhere (arrival, write-off, move, price, editor) bumps the version: the page reloads.
    const stopVersion = $stockVersion.listen(() => void loadStock());
    return () => {
      stopListening();
      stopVersion();
      if (searchTimer.current) clearTimeout(searchTimer.current);
      // The overlay flags belong to this screen; leaving it must not leave the app blurred.
      closeOverlay('tableSettings');
      closeOverlay('filter');
    };
  }, []);

  const mayEdit = memberHasRight(user, account, 'editingRemains');
  const mayMove = memberHasRight(user, account, 'changeRemains');
  const change = (patch: Partial<StockParams>, options?: { replace?: boolean }) => showParams({ ...params, page: 1, ...patch }, options);

  function typeSearch(text: string) {
    setSearch(text);
    if (searchTimer.current) clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      const { search: _old, ...rest } = $stockList.get().params.filter;
      const trimmed = text.trim();
      // Typing replaces the address entry instead of adding one per pause: Back leaves the search, not each letter.
      change({ filter: trimmed ? { ...rest, search: trimmed } : rest }, { replace: true });
    }, STOCK_SEARCH_DEBOUNCE_MS);
  }

  function sortBy(field: StockSortField) {
    const order = params.sort.field === field && params.sort.order === 'asc' ? 'desc' : 'asc';
    change({ sort: { field, order } });
  }


  async function exportTable() {
    setBusyAction('export');
    const answer = await exportCurrentTable();
    setBusyAction(null);
    if (!answer) notify({ type: NotificationType.error, header: t('errors.exportFailed') });
    else if ('file' in answer) saveFile(answer.file, 'stock-export.xlsx');
    else {
      // A big export runs as a task: the task store (and its texts) load only when one starts.
      const { taskStarted } = await import('../../stores/tasks');
      void taskStarted(answer.taskId, { header: t('stock.exportStarted.startedHeader'), text: t('stock.exportStarted.started') });
    }
  }

  async function archive() {
    setBusyAction('archive');
    const count = await archiveSelected();
    setBusyAction(null);
    setConfirmArchive(false);
    if (count === null) return;
    notify({ type: NotificationType.success, header: t('stock.list.archived', { count }) });
    await loadStock();
  }

  const filtered = activeFilterCount(params.filter) > 0 || Boolean(params.filter.search) || params.warehouse !== 'all';
  const emptyAccount = status === 'ready' && rows.length === 0 && !filtered && (meta?.total ?? 0) === 0;

  let body: ReactNode;
  if (emptyAccount) {
    body = (
      <div className="stock-empty" data-testid="stock-empty">
        <h2>{t('stock.list.emptyTitle')}</h2>
        <p>{t('stock.list.emptyText')}</p>
        <div className="stock-empty__buttons">
          {mayEdit && (
            <button type="button" className="shell-button shell-button-primary" onClick={() => openOverlay('editProduct')}>
              {t('stock.list.addFirstProduct')}
            </button>
          )}
          {mayMove && (
            <button type="button" className="shell-button" onClick={() => openStockDialog('arrival')}>
              {t('stock.addGoods')}
            </button>
          )}
          {panels.has('import') && (
            <button type="button" className="shell-button" onClick={() => openOverlay('import')}>
              {t('stock.list.importProducts')}
            </button>
          )}
        </div>
      </div>
    );
  } else if (rows.length > 0) {
    body = (
      <StockTable
        columns={columns}
        rows={rows}
        totals={totals}
        sort={params.sort}
        selected={selected}
        locale={locale}
        busy={status === 'loading'}
        basePriceKey={priceFields[0] ? `price:${priceFields[0].code}` : undefined}
        onSort={sortBy}
        onSelect={(ids) => $selectedProductIds.set(ids)}
        onOpen={(id) => openOverlay('editProduct', { index: id })}
      />
    );
  } else if (status === 'failed') {
    body = (
      <p role="alert" className="stock-state">
        {t('errors.somethingWrong')}{' '}
        <button type="button" className="shell-link" onClick={() => void loadStock()}>
          {t('app.retry')}
        </button>
      </p>
    );
  } else if (status === 'ready') {
    body = (
      <p className="stock-state" role="status">
        {t('stock.list.nothingFound')}
      </p>
    );
  } else {
    body = (
      <p className="stock-state shell-center" role="status" aria-live="polite">
        <span className="shell-spinner" aria-hidden="true" />
        <span>{t('app.loading')}</span>
      </p>
    );
  }

  const filters = activeFilterCount(params.filter);
  const warehouseValue = String(params.warehouse);

  return (
    <section className="stock-screen" aria-labelledby="remnants-title" data-testid="stock-screen">
      <header className="stock-head">
        <PageTitle id="remnants-title">{t('stock.title')}</PageTitle>
      </header>
      <div className="stock-toolbar" role="toolbar" aria-label={t('stock.ops.operations')}>
        <div className="ui-field stock-warehouse">
          <label className="ui-field__label" htmlFor="stock-warehouse">
            {t('stock.list.warehouse')}
          </label>
          <select
            id="stock-warehouse"
            className="ui-input"
            value={warehouseValue}
            onChange={(event) => {
              const value = event.currentTarget.value;
              change({ warehouse: (value === 'all' || value === 'main' ? value : Number(value)) as WarehouseChoice });
            }}
          >
            <option value="all">{t('stock.allWarehouses')}</option>
            <option value="main">{t('stock.mainWarehouse')}</option>
            {warehouses.map((warehouse) => (
              <option key={warehouse.id} value={String(warehouse.id)}>
                {warehouse.name}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field stock-search">
          <label className="ui-field__label" htmlFor="stock-search">
            {t('app.search')}
          </label>
          <input
            id="stock-search"
            className="ui-input"
            type="search"
            autoComplete="off"
            placeholder={t('stock.list.search')}
            value={search}
            onChange={(event) => typeSearch(event.currentTarget.value)}
          />
        </div>
        <button type="button" className="shell-button" aria-pressed={filters > 0} onClick={() => openOverlay('filter')}>
          {filters > 0 ? t('stock.list.filtersActive', { count: filters }) : t('stock.list.filter')}
        </button>
        <button type="button" className="shell-button" onClick={() => openOverlay('tableSettings')}>
          {t('stock.tableSetup')}
        </button>
        <span className="stock-spacer" />
        {mayMove && (
          <>
            <button type="button" className="shell-button" onClick={() => openStockDialog('arrival')}>
              {t('stock.addGoods')}
            </button>
            <button type="button" className="shell-button" onClick={() => openStockDialog('writeOff')}>
              {t('stock.writeOff')}
            </button>
            <button type="button" className="shell-button" onClick={() => openOverlay('moveProducts')}>
              {t('stock.move')}
            </button>
          </>
        )}
        <InTransitButton />
        {mayEdit && (
          <>
            <button type="button" className="shell-button shell-button-primary" onClick={() => openOverlay('editProduct')}>
              {t('stock.editor.add')}
            </button>
            <button type="button" className="shell-button" onClick={() => openOverlay('editPrice')}>
              {t('stock.editPrice')}
            </button>
            <button type="button" className="shell-button" disabled={selected.length === 0} onClick={() => setConfirmArchive(true)}>
              {t('stock.archive')}
            </button>
          </>
        )}
        <button type="button" className="shell-button" disabled={busyAction === 'export'} aria-busy={busyAction === 'export'} onClick={() => void exportTable()}>
          {busyAction === 'export' ? t('stock.list.exporting') : t('stock.export')}
        </button>
        <ProductExportButton />
        {mayEdit && panels.has('import') && (
          <button type="button" className="shell-button" onClick={() => openOverlay('import')}>
            {t('stock.import')}
          </button>
        )}
      </div>
      {selected.length > 0 && (
        <p className="stock-selection" role="status">
          {plural('selectedRows', selected.length)}{' '}
          <button type="button" className="shell-link" onClick={() => $selectedProductIds.set([])}>
            {t('stock.list.clearSelection')}
          </button>
        </p>
      )}

      <div className={`stock-body${status === 'loading' && rows.length > 0 ? ' stock-body--busy' : ''}`}>{body}</div>

      {counted && meta && rows.length > 0 && (
        <StockPager
          page={meta.current_page}
          lastPage={counted.lastPage}
          perPage={params.perPage}
          perPageChoices={PER_PAGE_CHOICES}
          total={counted.total}
          totalIsEstimate={counted.estimate}
          shownCount={rows.length}
          onPage={(page) => showParams({ ...params, page })}
          onPerPage={(perPage) => change({ perPage })}
        />
      )}

      {filterOpen && (
        <StockFilterDialog
          filter={params.filter}
          categories={categories}
          priceFields={priceFields}
          onApply={(filter) => {
            closeOverlay('filter');
            change({ filter });
          }}
          onClose={() => closeOverlay('filter')}
        />
      )}
      {tableSettings && <StockTableSetupDialog columns={allColumns} onSave={saveStockColumns} onClose={() => closeOverlay('tableSettings')} />}
      {confirmArchive && (
        <ConfirmDialog
          title={t('stock.archive')}
          text={t('stock.list.confirmArchive', { count: selected.length })}
          confirmLabel={t('stock.archive')}
          busy={busyAction === 'archive'}
          onConfirm={() => void archive()}
          onCancel={() => setConfirmArchive(false)}
        />
      )}
      <StockDialogs />
    </section>
  );
}
