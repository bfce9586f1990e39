import './texts';
import styles from './analytics.css?raw';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LedgerOrder } from '../../../src/contract/common';
import type { AnalyticsFilter, AnalyticsTemplate, ChartAnswer, ChartInterval, ChartSeriesKind, CountedStages, CustomerGrouping, Named, PeriodPreset, ReportType } from '../../../src/contract/analytics';
import { type MessageKey, t, translateDynamic } from '../../../src/i18n';
import { formatDateText } from '../../../src/i18n/dates';
import { ledgerCommentText } from '../../../src/i18n/ledgerComment';
import { formatMoney } from '../../../src/i18n/money';
import { formatAmount, formatQuantity } from '../../../src/i18n/numbers';
import { $currency } from '../../../src/stores/account';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { taskStarted } from '../../stores/tasks';
import * as api from './api';
import { ReportChart } from './Chart';
import { type ColumnDef, columnsOf, DEFAULT_SORT, isFigure } from './columns';
import { type DrillTarget, Drilldown } from './Drilldown';
import { FilterPicker } from './FilterPicker';
import { PageHeader } from '../../../src/ui/PageHeader';
import { presetPeriod } from './period';

adoptStyles(styles);

/**
 * /analytics (issue 16 §2): the sales, customer and movement reports in tabs, a period picker with presets, the chart
 * (sales and customers) and the table with sort, totals and pages; filters with autocomplete, grouping, templates and
 * the export as a background task. Every figure comes from the server's SQL; the screen only formats it.
 */

const REPORTS: { type: ReportType; label: MessageKey }[] = [
  { type: 'sales', label: 'analytics.salesReport' },
  { type: 'customers', label: 'analytics.customerReport' },
  { type: 'movement', label: 'analytics.movement' },
];
const PRESETS: { preset: PeriodPreset; label: MessageKey }[] = [
  { preset: 'today', label: 'analytics.presetToday' },
  { preset: 'week', label: 'analytics.presetWeek' },
  { preset: 'month', label: 'analytics.presetMonth' },
  { preset: 'quarter', label: 'analytics.presetQuarter' },
  { preset: 'year', label: 'analytics.presetYear' },
  { preset: 'custom', label: 'analytics.presetCustom' },
];
const INTERVALS: { interval: ChartInterval; label: MessageKey }[] = [
  { interval: 'day', label: 'analytics.byDays' },
  { interval: 'month', label: 'analytics.byMonths' },
  { interval: 'year', label: 'analytics.byYears' },
];
const SERIES: { series: ChartSeriesKind; label: MessageKey }[] = [
  { series: 'total', label: 'analytics.totalSales' },
  { series: 'clients', label: 'analytics.byClients' },
  { series: 'products', label: 'analytics.byProducts' },
];
const PER_PAGE = 50;

/** The chosen values of the autocomplete filters, by filter key. */
type Chosen = Record<string, Named[]>;
const ID_FILTERS: { key: keyof AnalyticsFilter; field: Parameters<typeof api.autocomplete>[0]; label: MessageKey; reports: ReportType[] }[] = [
  { key: 'product_ids', field: 'product', label: 'analytics.filterProduct', reports: ['sales', 'customers', 'movement'] },
  { key: 'responsible_ids', field: 'responsible', label: 'analytics.filterResponsible', reports: ['sales', 'customers'] },
  { key: 'pipeline_ids', field: 'pipeline', label: 'analytics.filterPipeline', reports: ['sales', 'customers'] },
  { key: 'stage_ids', field: 'stage', label: 'analytics.filterStage', reports: ['sales', 'customers'] },
  { key: 'company_ids', field: 'company', label: 'analytics.filterCompany', reports: ['sales', 'customers'] },
  { key: 'contact_ids', field: 'contact', label: 'analytics.filterContact', reports: ['sales', 'customers'] },
  { key: 'user_ids', field: 'users', label: 'analytics.filterUsers', reports: ['movement'] },
  { key: 'event_types', field: 'event_type', label: 'analytics.filterEventType', reports: ['movement'] },
  { key: 'initial_warehouse_ids', field: 'warehouse', label: 'analytics.filterFromWarehouse', reports: ['movement'] },
  { key: 'final_warehouse_ids', field: 'warehouse', label: 'analytics.filterToWarehouse', reports: ['movement'] },
];

interface Loaded {
  rows: Record<string, unknown>[];
  total: Record<string, unknown> | null;
  pages: number;
  stages: CountedStages | null;
}

export default function AnalyticsScreen() {
  const currency = useStore($currency);
  const [report, setReport] = useState<ReportType>('sales');
  const [preset, setPreset] = useState<PeriodPreset>('month');
  const [custom, setCustom] = useState(() => presetPeriod('month'));
  const [interval, setInterval] = useState<ChartInterval>('day');
  const [series, setSeries] = useState<ChartSeriesKind>('total');
  const [grouping, setGrouping] = useState<CustomerGrouping>('company');
  const [chosen, setChosen] = useState<Chosen>({});
  const [batch, setBatch] = useState('');
  const [quantity, setQuantity] = useState<{ min: string; max: string }>({ min: '', max: '' });
  const [sort, setSort] = useState(DEFAULT_SORT.sales);
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [chart, setChart] = useState<ChartAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const [templates, setTemplates] = useState<AnalyticsTemplate[]>([]);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [templateName, setTemplateName] = useState('');

  const period = preset === 'custom' ? custom : presetPeriod(preset);
  const filter = useMemo((): AnalyticsFilter => {
    const result: AnalyticsFilter = { period };
    for (const item of ID_FILTERS) {
      if (!item.reports.includes(report) || !chosen[item.key]?.length) continue;
      (result as Record<string, unknown>)[item.key] = item.key === 'event_types' ? chosen[item.key].map((value) => value.name) : chosen[item.key].map((value) => value.id);
    }
    if (report === 'movement' && batch.trim()) result.product_batch = batch.trim();
    const min = quantity.min === '' ? undefined : Number(quantity.min);
    const max = quantity.max === '' ? undefined : Number(quantity.max);
    if ((min !== undefined && Number.isFinite(min)) || (max !== undefined && Number.isFinite(max))) result.quantity = { ...(Number.isFinite(min) && { min }), ...(Number.isFinite(max) && { max }) };
    return result;
    // period is a fresh object each render: its days are what the memo depends on.
  }, [report, period.from, period.to, chosen, batch, quantity]);

  // A detail belongs to the row it was opened from: another report, grouping or filter closes it.
  useEffect(() => setDrill(null), [report, grouping, filter]);

  /** The drill-down a row opens: a product's orders (sales), a customer's products (customers); movement rows have none. */
  function drillOf(row: Record<string, unknown>): DrillTarget | null {
    if (report === 'sales') return { kind: 'product', productId: Number(row.product_id), name: String(row.name ?? '') };
    if (report !== 'customers') return null;
    const key = grouping === 'company' ? row.company_id : row.contact_id;
    const name = grouping === 'company' ? (row.company ?? t('analytics.noCompany')) : (row.contact ?? t('analytics.noContact'));
    return { kind: 'customer', grouping, id: key === null || key === undefined ? null : Number(key), name: String(name) };
  }

  const load = useCallback(async () => {
    setBusy(true);
    const ask = { filter, page, per_page: PER_PAGE, sort, group_by: grouping };
    if (report === 'movement') {
      const answer = await api.movementReport(ask);
      setChart(null);
      if (answer.ok) setLoaded({ rows: answer.data.data.list as unknown as Record<string, unknown>[], total: { event_date: t('analytics.total'), quantity: answer.data.total.quantity, sum: answer.data.total.sum }, pages: answer.data.meta.last_page ?? 1, stages: null });
    } else {
      const [rows, total, drawn] = await Promise.all([
        report === 'sales' ? api.salesReport(ask) : api.customersReport(ask),
        report === 'sales' ? api.salesTotal(filter) : api.customersTotal(filter, grouping),
        api.chartData(filter, interval, series),
      ]);
      if (rows.ok && total.ok) {
        const first = columnsOf(report, grouping)[0].key;
        setLoaded({ rows: rows.data.data as unknown as Record<string, unknown>[], total: { ...total.data.total, [first]: t('analytics.total') }, pages: rows.data.meta.last_page ?? 1, stages: rows.data.stages });
      }
      setChart(drawn.ok ? drawn.data : null);
    }
    setBusy(false);
  }, [report, filter, page, sort, grouping, interval, series]);

  useEffect(() => {
    void load();
  }, [load]);

  const refreshTemplates = useCallback(async () => {
    const answer = await api.listTemplates();
    if (answer.ok) setTemplates(answer.data);
  }, []);
  useEffect(() => {
    void refreshTemplates();
  }, [refreshTemplates]);

  function chooseReport(next: ReportType) {
    setReport(next);
    setSort(DEFAULT_SORT[next]);
    setPage(1);
  }

  function sortBy(column: ColumnDef) {
    setSort((current) => ({ field: column.key, order: current.field === column.key && current.order === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  }

  const money = useCallback((value: number) => formatMoney(value, currency), [currency]);
  function cell(column: ColumnDef, value: unknown, row?: Record<string, unknown>): string {
    // A ledger row an order wrote names the order in the user's language (the server's comment is English).
    if (column.kind === 'comment' && row) return ledgerCommentText({ comment: String(value ?? ''), order: (row.order as LedgerOrder | null | undefined) ?? null });
    if (value === null || value === undefined || value === '') return column.key === 'company' ? t('analytics.noCompany') : column.key === 'contact' ? t('analytics.noContact') : '';
    if (typeof value === 'string' && isFigure(column.kind)) return value;
    switch (column.kind) {
      case 'money':
        return formatMoney(value, currency);
      case 'quantity':
        return formatQuantity(value);
      case 'integer':
        return formatAmount(value).replace(/[.,]00$/, '');
      case 'date':
        return typeof value === 'string' && value.includes('T') ? formatDateText(value) : String(value);
      case 'event':
        return translateDynamic(`analytics.event.${String(value)}`);
      default:
        return String(value);
    }
  }

  async function exportReport() {
    const answer = await api.startExport(report, filter, report === 'customers' ? grouping : undefined);
    if (answer.ok) await taskStarted(answer.data.task_id, { text: t('analytics.exportStarted') });
  }

  async function saveAsTemplate() {
    const name = templateName.trim();
    if (!name) return;
    const answer = await api.saveTemplate(name, report, { filter: preset === 'custom' ? filter : { ...filter, period: undefined }, group_by: grouping, preset, interval });
    if (answer.ok) {
      notify({ type: NotificationType.success, header: t('success.done'), text: t('analytics.templateSaved', { name: answer.data.name }) });
      setTemplateName('');
      setTemplateId(answer.data.id);
      await refreshTemplates();
    }
  }

  function openTemplate(template: AnalyticsTemplate) {
    const settings = template.settings;
    setReport(template.report);
    setSort(DEFAULT_SORT[template.report]);
    setPreset(settings.preset ?? 'custom');
    if (settings.filter?.period) setCustom(settings.filter.period);
    if (settings.interval) setInterval(settings.interval);
    if (settings.group_by) setGrouping(settings.group_by);
    // The chips show ids until the names are known: the template keeps ids, the autocomplete answers names.
    const next: Chosen = {};
    for (const item of ID_FILTERS) {
      const values = (settings.filter as Record<string, unknown> | undefined)?.[item.key];
      if (Array.isArray(values)) next[item.key] = values.map((value) => (typeof value === 'number' ? { id: value, name: `#${value}` } : { id: 0, name: String(value) }));
    }
    setChosen(next);
    setBatch(settings.filter?.product_batch ?? '');
    setQuantity({ min: settings.filter?.quantity?.min?.toString() ?? '', max: settings.filter?.quantity?.max?.toString() ?? '' });
    setPage(1);
  }

  const columns = columnsOf(report, grouping);
  const chartLabels = chart ? (chart.series === 'total' ? [t('analytics.seriesSum'), t('analytics.seriesProfit')] : chart.labels.map((label) => label || t('analytics.noCompany'))) : [];
  const stagesNote = loaded?.stages
    ? t(loaded.stages.default ? 'analytics.stagesDefault' : 'analytics.stagesChosen', { stages: loaded.stages.stages.map((stage) => `${stage.pipeline}: ${stage.name}`).join(', ') || t('analytics.noStages') })
    : '';

  return (
    <section className="analytics-screen" aria-labelledby="analytics-title" data-testid="analytics-screen">
      <PageHeader titleId="analytics-title" title={t('analytics.title')} />
      <div role="tablist" aria-label={t('analytics.tabs')} className="analytics-tabs">
        {REPORTS.map((item) => (
          <button key={item.type} type="button" role="tab" aria-selected={report === item.type} id={`analytics-tab-${item.type}`} aria-controls="analytics-panel" onClick={() => chooseReport(item.type)}>
            {t(item.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="analytics-panel" aria-labelledby={`analytics-tab-${report}`} className="analytics-panel">
        <div className="ui-filter-bar analytics-toolbar">
          <label>
            {t('analytics.period')}
            <select className="ui-input"
              value={preset}
              data-testid="analytics-preset"
              onChange={(event) => {
                const next = event.currentTarget.value as PeriodPreset;
                if (next === 'custom') setCustom(period);
                setPreset(next);
                setPage(1);
              }}
            >
              {PRESETS.map((item) => (
                <option key={item.preset} value={item.preset}>
                  {t(item.label)}
                </option>
              ))}
            </select>
          </label>
          {preset === 'custom' && (
            <>
              <label>
                {t('analytics.from')}
                <input className="ui-input" type="date" value={custom.from} data-testid="analytics-from" onChange={(event) => event.currentTarget.value && setCustom({ ...custom, from: event.currentTarget.value })} />
              </label>
              <label>
                {t('analytics.to')}
                <input className="ui-input" type="date" value={custom.to} data-testid="analytics-to" onChange={(event) => event.currentTarget.value && setCustom({ ...custom, to: event.currentTarget.value })} />
              </label>
            </>
          )}
          {report !== 'movement' && (
            <>
              <label>
                {t('analytics.interval')}
                <select className="ui-input" value={interval} data-testid="analytics-interval" onChange={(event) => setInterval(event.currentTarget.value as ChartInterval)}>
                  {INTERVALS.map((item) => (
                    <option key={item.interval} value={item.interval}>
                      {t(item.label)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('analytics.series')}
                <select className="ui-input" value={series} data-testid="analytics-series" onChange={(event) => setSeries(event.currentTarget.value as ChartSeriesKind)}>
                  {SERIES.map((item) => (
                    <option key={item.series} value={item.series}>
                      {t(item.label)}
                    </option>
                  ))}
                </select>
              </label>
            </>
          )}
          {report === 'customers' && (
            <fieldset className="analytics-grouping">
              <legend>{t('analytics.grouping')}</legend>
              {(['company', 'contact'] as const).map((value) => (
                <label key={value}>
                  <input
                    type="radio"
                    name="analytics-grouping"
                    checked={grouping === value}
                    onChange={() => {
                      setGrouping(value);
                      setSort(DEFAULT_SORT.customers);
                      setPage(1);
                    }}
                  />
                  {t(value === 'company' ? 'analytics.groupByCompany' : 'analytics.groupByContact')}
                </label>
              ))}
            </fieldset>
          )}
          <button type="button" className="shell-button analytics-export" onClick={() => void exportReport()}>
            {t('analytics.export')}
          </button>
        </div>

        <details className="analytics-filters">
          <summary>{t('analytics.filters')}</summary>
          <div className="analytics-filter-grid">
            {ID_FILTERS.filter((item) => item.reports.includes(report)).map((item) => (
              <FilterPicker
                key={item.key}
                field={item.field}
                label={t(item.label)}
                chosen={chosen[item.key] ?? []}
                describe={item.field === 'event_type' ? (value) => translateDynamic(`analytics.event.${value.name}`) : undefined}
                onChange={(next) => {
                  setChosen({ ...chosen, [item.key]: next });
                  setPage(1);
                }}
              />
            ))}
            {report === 'movement' && (
              <label className="analytics-filter">
                {t('analytics.filterBatch')}
                <input className="ui-input" value={batch} onChange={(event) => setBatch(event.currentTarget.value)} />
              </label>
            )}
            <label className="analytics-filter">
              {t('analytics.quantityMin')}
              <input className="ui-input" type="number" min={0} value={quantity.min} onChange={(event) => setQuantity({ ...quantity, min: event.currentTarget.value })} />
            </label>
            <label className="analytics-filter">
              {t('analytics.quantityMax')}
              <input className="ui-input" type="number" min={0} value={quantity.max} onChange={(event) => setQuantity({ ...quantity, max: event.currentTarget.value })} />
            </label>
            <button className="shell-button"
              type="button"
              onClick={() => {
                setChosen({});
                setBatch('');
                setQuantity({ min: '', max: '' });
              }}
            >
              {t('analytics.reset')}
            </button>
          </div>
        </details>

        <div className="ui-filter-bar analytics-templates">
          <label>
            {t('analytics.fromTemplate')}
            <select className="ui-input" value={templateId ?? ''} data-testid="analytics-template" onChange={(event) => setTemplateId(event.currentTarget.value ? Number(event.currentTarget.value) : null)}>
              <option value="">{t('analytics.noTemplate')}</option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </select>
          </label>
          <button className="shell-button"
            type="button"
            disabled={templateId === null}
            onClick={() => {
              const template = templates.find((item) => item.id === templateId);
              if (template) openTemplate(template);
            }}
          >
            {t('analytics.openTemplate')}
          </button>
          <button className="shell-button"
            type="button"
            disabled={templateId === null}
            onClick={async () => {
              if (templateId !== null && (await api.deleteTemplate(templateId)).ok) {
                setTemplateId(null);
                await refreshTemplates();
              }
            }}
          >
            {t('analytics.deleteTemplate')}
          </button>
          <label>
            {t('analytics.templateName')}
            <input className="ui-input" value={templateName} maxLength={200} onChange={(event) => setTemplateName(event.currentTarget.value)} />
          </label>
          <button className="shell-button" type="button" disabled={!templateName.trim()} onClick={() => void saveAsTemplate()}>
            {t('analytics.saveTemplate')}
          </button>
        </div>

        {stagesNote && (
          <p className="analytics-note" data-testid="analytics-stages">
            {stagesNote}
          </p>
        )}
        {chart && report !== 'movement' && <ReportChart chart={chart} labels={chartLabels} format={money} />}

        <div className="analytics-table-wrap ui-table-wrap" aria-busy={busy}>
          <table className="analytics-table ui-table" aria-label={t('analytics.table')} data-testid="analytics-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" aria-sort={sort.field === column.key ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined} data-kind={column.kind}>
                    {column.sortable ? (
                      <button type="button" aria-label={t('analytics.sortBy', { column: t(column.label) })} onClick={() => sortBy(column)}>
                        {t(column.label)}
                      </button>
                    ) : (
                      t(column.label)
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loaded?.rows.length === 0 && (
                <tr>
                  <td colSpan={columns.length} className="analytics-note">
                    {t('analytics.empty')}
                  </td>
                </tr>
              )}
              {loaded?.rows.map((row, index) => {
                const target = drillOf(row);
                return (
                  <tr key={String(row.id ?? row.product_id ?? row.company_id ?? row.contact_id ?? index)} data-row={JSON.stringify(row)}>
                    {columns.map((column, at) => (
                      <td key={column.key} data-kind={column.kind}>
                        {at === 0 && target ? (
                          <button type="button" className="analytics-drill-open" aria-label={t('analytics.drill.open', { name: target.name })} onClick={() => setDrill(target)}>
                            {cell(column, row[column.key], row)}
                          </button>
                        ) : (
                          cell(column, row[column.key], row)
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
            {loaded?.total && (
              <tfoot>
                <tr data-testid="analytics-total" data-total={JSON.stringify(loaded.total)}>
                  {columns.map((column, index) => (
                    <td key={column.key} data-kind={column.kind}>
                      {index === 0 ? t('analytics.total') : !isFigure(column.kind) ? '' : cell(column, loaded.total?.[column.key])}
                    </td>
                  ))}
                </tr>
              </tfoot>
            )}
          </table>
        </div>
        {drill && <Drilldown target={drill} filter={filter} money={money} quantity={formatQuantity} onClose={() => setDrill(null)} />}
        {loaded && loaded.pages > 1 && (
          <nav className="analytics-pages ui-pager" aria-label={t('analytics.table')}>
            <button className="shell-button" type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label={t('analytics.prev')}>
              ‹
            </button>
            <span>{t('analytics.page', { page, pages: loaded.pages })}</span>
            <button className="shell-button" type="button" disabled={page >= loaded.pages} onClick={() => setPage(page + 1)} aria-label={t('analytics.next')}>
              ›
            </button>
          </nav>
        )}
      </div>
    </section>
  );
}
