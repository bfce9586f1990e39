import './texts';
import styles from './orders.css?raw';
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import type { Order } from '../../../src/contract/orders';
import { activeLanguage, t } from '../../../src/i18n';
import { navigateTo } from '../../stores/navigation';
import { notify, NotificationType } from '../../../src/stores/notifications';
import {
  $ordersList,
  archiveListedOrder,
  restoreListedOrder,
  choosePipeline,
  clearFilter,
  exportOrdersFile,
  loadOrders,
  PER_PAGE_CHOICES,
  refreshOrders,
  refundSoldOrder,
  removeOrder,
  setFilter,
  setPage,
  setPerPage,
  setSort,
  shareOrder,
  unshareOrder,
} from './state';
import { $visibleOrdersColumns, loadOrdersTableConfig } from './tableConfig';
import { $overlays, closeOverlay, openOverlay } from '../../stores/overlays';
import { $pipelineOptions, $pipelines, $selectedPipeline, loadPipelines } from '../../stores/pipelines';
import { Checkbox, Select } from '../../../src/ui';
import { copyText } from '../../../src/ui/clipboard';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { FilterPanel, stageOptions } from './FilterPanel';
import { type OrdersPaymentColumn, OrdersTable, type RowAction } from './OrdersTable';
import { Pager } from './Pager';
import { PublicLinkDialog } from './PublicLinkDialog';
import { saveFile } from '../../../src/ui/saveFile';
import { SearchBox } from './SearchBox';
import { TableSettingsDialog } from './TableSettingsDialog';
import { PageTitle } from '../../../src/ui/PageHeader';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(styles);

type ConfirmedAction = Exclude<RowAction, 'share' | 'archive'>;
const CONFIRM_TEXT = { delete: 'app.confirmDelete', refund: 'orders.confirmRefund', unlink: 'orders.confirmUnlink' } as const;
const CONFIRM_BUTTON = { delete: 'app.delete', refund: 'orders.refund', unlink: 'orders.publicUnlink' } as const;
const RUN: Record<ConfirmedAction, (id: number) => Promise<boolean>> = { delete: removeOrder, refund: refundSoldOrder, unlink: unshareOrder };
/** Success says which order it was done to (issue 19 §5: 'Order #34 deleted'). */
const DONE_TEXT = { delete: 'done.orderDeleted', refund: 'done.orderRefunded', unlink: 'done.orderUnlinked' } as const;

/** Archiving is the one row action the data can take back: its notification offers Undo (orders/unarchive). */
function notifyArchived(id: number): void {
  notify({
    type: NotificationType.success,
    header: t('done.orderArchived', { id }),
    text: t('success.archived'),
    action: {
      label: t('done.undo'),
      run: () => {
        void restoreListedOrder(id).then((ok) => ok && notify({ type: NotificationType.success, header: t('done.orderRestored', { id }) }));
      },
    },
  });
}

/** The first list waits for the pipelines, so the saved selection (or the system pipeline) is what it shows. */
async function loadScreen(): Promise<void> {
  void loadOrdersTableConfig();
  await loadPipelines();
  await loadOrders();
}

/**
 * /orders (spec 2 §2 "Orders page"): the account's orders in its configured columns, with search and
 * filter, the pipeline selector ('All' and the saved choice), hide final stages, paging, update list,
 * create order, export, and per order: open, refund, make public with a link or unlink, delete.
 */
export default function OrdersScreen({ payment }: { payment?: OrdersPaymentColumn } = {}) {
  const list = useStore($ordersList);
  const columns = useStore($visibleOrdersColumns);
  const pipelines = useStore($pipelines);
  const pipelineOptions = useStore($pipelineOptions);
  const pipelineId = useStore($selectedPipeline);
  const { tableSettings } = useStore($overlays);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [confirm, setConfirm] = useState<{ action: ConfirmedAction; order: Order } | null>(null);
  const [acting, setActing] = useState(false);
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const locale = activeLanguage();

  useEffect(() => {
    void loadScreen();
    // The table settings flag belongs to this screen; leaving it must not leave the app blurred.
    return () => closeOverlay('tableSettings');
  }, []);

  const { params, status, data, meta } = list;
  const busy = status === 'loading';
  const stages = stageOptions(pipelines, pipelineId);

  async function onAction(action: RowAction, order: Order) {
    // Archiving takes nothing away (the archive gives it back), so it is not confirmed.
    if (action === 'archive') {
      if (await archiveListedOrder(order.id)) notifyArchived(order.id);
      return;
    }
    if (action !== 'share') {
      setConfirm({ action, order });
      return;
    }
    const url = await shareOrder(order.id);
    if (url) setLink({ url, copied: await copyText(url) });
  }

  async function runConfirmed() {
    if (!confirm) return;
    setActing(true);
    const ok = await RUN[confirm.action](confirm.order.id);
    setActing(false);
    setConfirm(null);
    if (ok) notify({ type: NotificationType.success, header: t(DONE_TEXT[confirm.action], { id: confirm.order.id }) });
  }

  async function exportList() {
    setExporting(true);
    setExportFailed(false);
    const answer = await exportOrdersFile();
    setExporting(false);
    if (!answer) setExportFailed(true);
    else if ('file' in answer) saveFile(answer.file, 'orders-export.xlsx');
    else {
      // A big export runs as a task: the task store (and its texts) load only when one starts.
      const { taskStarted } = await import('../../stores/tasks');
      void taskStarted(answer.taskId, { header: t('orders.exportStarted.startedHeader'), text: t('orders.exportStarted.started') });
    }
  }

  let body: ReactNode;
  if (data.length > 0) {
    body = (
      <OrdersTable
        columns={columns}
        orders={data}
        pipelines={pipelines}
        locale={locale}
        sort={params.sort}
        busy={busy}
        onSort={(field) => void setSort(field)}
        onOpen={(order) => navigateTo(`/addToDeal?order_id=${order.id}`)}
        onAction={(action, order) => void onAction(action, order)}
        payment={payment}
      />
    );
  } else if (status === 'failed') {
    body = (
      <p role="alert" className="orders-state">
        {t('errors.somethingWrong')}{' '}
        <button type="button" className="shell-link" onClick={() => void refreshOrders()}>
          {t('app.retry')}
        </button>
      </p>
    );
  } else if (status === 'ready') {
    body = (
      <p className="orders-state" role="status">
        {t('errors.nothingFound')}
      </p>
    );
  } else {
    body = (
      <p className="orders-state shell-center" role="status" aria-live="polite">
        <span className="shell-spinner" aria-hidden="true" />
        <span>{t('app.loading')}</span>
      </p>
    );
  }

  return (
    <section className="orders-screen" aria-labelledby="orders-title" data-testid="orders-screen">
      <header className="orders-head">
        <PageTitle id="orders-title">{t('orders.title')}</PageTitle>
        <div className="orders-head__buttons">
          <button type="button" className="shell-button" onClick={() => void refreshOrders()} disabled={busy} aria-busy={busy}>
            {t('orders.updateList')}
          </button>
          <button type="button" className="shell-button" onClick={() => openOverlay('tableSettings')}>
            {t('orders.columns')}
          </button>
          <button type="button" className="shell-button" onClick={() => void exportList()} disabled={exporting} aria-busy={exporting}>
            {exporting ? t('orders.exporting') : t('orders.export')}
          </button>
          {/* Every order position in one list (/positions, issue 13 §5): not in the main navigation, so linked here. */}
          <button type="button" className="shell-button" onClick={() => navigateTo('/positions')}>
            {t('positions.link')}
          </button>
          <button type="button" className="shell-button shell-button-primary" onClick={() => navigateTo('/addToDeal')}>
            {t('orders.create')}
          </button>
        </div>
      </header>
      {exportFailed && (
        <p className="orders-error" role="alert">
          {t('errors.exportFailed')}
        </p>
      )}

      <div className="orders-toolbar">
        <SearchBox value={params.filter.search} onSearch={(search) => void setFilter({ search })} />
        <Select
          className="orders-pipeline"
          label={t('orders.pipeline')}
          options={pipelineOptions.map((pipeline) => ({ name: pipeline.name, value: pipeline.id }))}
          value={pipelineId}
          onChange={(id) => void choosePipeline(Number(id))}
        />
        <Checkbox className="orders-hide-final" label={t('orders.hideFinalStages')} value={params.filter.hide_final} onChange={(hide) => void setFilter({ hide_final: hide })} />
        <button type="button" className="shell-button orders-filters-toggle" aria-expanded={filtersOpen} aria-controls="orders-filters" onClick={() => setFiltersOpen(!filtersOpen)}>
          {t('orders.filters')}
        </button>
      </div>
      {filtersOpen && (
        <FilterPanel id="orders-filters" filter={params.filter} stages={stages} onChange={(patch) => void setFilter(patch)} onClear={() => void clearFilter()} />
      )}

      <div className={`orders-body${busy && data.length > 0 ? ' orders-body--busy' : ''}`}>{body}</div>

      {meta && data.length > 0 && (
        <Pager
          page={meta.current_page}
          lastPage={Math.max(1, meta.last_page ?? 1)}
          perPage={params.per_page}
          perPageChoices={PER_PAGE_CHOICES}
          total={meta.total ?? data.length}
          totalCapped={meta.total_capped === true}
          shownCount={data.length}
          disabled={busy}
          onPage={(page) => void setPage(page)}
          onPerPage={(perPage) => void setPerPage(perPage)}
        />
      )}

      {tableSettings && <TableSettingsDialog onClose={() => closeOverlay('tableSettings')} />}
      {confirm && (
        <ConfirmDialog
          text={t(CONFIRM_TEXT[confirm.action])}
          confirmLabel={t(CONFIRM_BUTTON[confirm.action])}
          tone={confirm.action === 'refund' ? 'primary' : 'danger'}
          busy={acting}
          onConfirm={() => void runConfirmed()}
          onCancel={() => setConfirm(null)}
        />
      )}
      {link && <PublicLinkDialog url={link.url} copied={link.copied} onClose={() => setLink(null)} />}
    </section>
  );
}
