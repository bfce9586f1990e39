import { sql } from 'drizzle-orm';

import type { AnalyticsFilter, CustomerGrouping, MovementRow, ReportType } from '../../../src/contract/analytics';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cellValue, type XlsxCell, type XlsxKind } from '../../http/xlsxTable';
import { orderCommentIn } from '../stock/api';
import { defineTask, type TaskOutcome, type TaskRunContext } from '../tasks/api';
import { customersReport, customersTotal } from './customers';
import { type ExportTexts, exportTextsOf } from './exportTexts';
import { countedStages, inIds } from './filters';
import { movementReport } from './movement';
import { salesReport, salesTotal } from './sales';

/**
 * analytics/{type}/export/xlsx as a task (issue 16 §2, spec §4): the whole report as a workbook whose first rows say
 * what it is — the report, the period, the stages that counted and every filter by name — then the table and its
 * totals. Rows are read a page at a time through the same functions as the screen, so the file equals the screen.
 */

export const ANALYTICS_EXPORT_TASK = 'analytics-export';
export const EXPORT_PAGE = 500;
export const EXPORT_CANCELLED = 'The export was cancelled.';

export interface AnalyticsExportPayload {
  report: ReportType;
  filter: AnalyticsFilter;
  group_by?: CustomerGrouping;
  /** The language of the user who started it (users.lang): the file's headings are in it. Older tasks have none: English. */
  lang?: string;
}

interface Column {
  header: keyof ExportTexts;
  kind: XlsxKind;
  key: string;
}

const REPORT_COLUMNS: Record<ReportType, Column[]> = {
  sales: [
    { header: 'colProduct', kind: 'text', key: 'name' },
    { header: 'colQuantity', kind: 'quantity', key: 'count' },
    { header: 'colSum', kind: 'money', key: 'sum' },
    { header: 'colCost', kind: 'money', key: 'cost_sum' },
    { header: 'colProfit', kind: 'money', key: 'prib' },
    { header: 'colOrders', kind: 'number', key: 'leads' },
    { header: 'colPositions', kind: 'number', key: 'poz' },
  ],
  customers: [
    { header: 'colCompany', kind: 'text', key: 'company' },
    { header: 'colContact', kind: 'text', key: 'contact' },
    { header: 'colOrders', kind: 'number', key: 'leads' },
    { header: 'colSum', kind: 'money', key: 'sum' },
    { header: 'colProfit', kind: 'money', key: 'prib' },
    { header: 'colResponsible', kind: 'text', key: 'otv' },
    { header: 'colPositions', kind: 'number', key: 'poz' },
  ],
  movement: [
    { header: 'colDate', kind: 'text', key: 'event_date' },
    { header: 'colEvent', kind: 'text', key: 'event_type' },
    { header: 'colArticle', kind: 'text', key: 'article_number' },
    { header: 'colTitle', kind: 'text', key: 'title' },
    { header: 'colBatch', kind: 'text', key: 'party' },
    { header: 'colQuantity', kind: 'quantity', key: 'quantity' },
    { header: 'colCostPrice', kind: 'money', key: 'cost_price' },
    { header: 'colSum', kind: 'money', key: 'sum' },
    { header: 'colFromWarehouse', kind: 'text', key: 'initial_warehouse' },
    { header: 'colToWarehouse', kind: 'text', key: 'final_warehouse' },
    { header: 'colUser', kind: 'text', key: 'user' },
    { header: 'colComment', kind: 'text', key: 'comment' },
  ],
};

// Grouped by contact, the customer report leads with the contact, then the company; the other columns are the same.
const [companyColumn, contactColumn, ...customerFigures] = REPORT_COLUMNS.customers;
const COLUMNS: Record<ReportType | 'customers_contact', Column[]> = { ...REPORT_COLUMNS, customers_contact: [contactColumn, companyColumn, ...customerFigures] };

const REPORT_TITLES: Record<ReportType, keyof ExportTexts> = { sales: 'salesReport', customers: 'customerReport', movement: 'movement' };
const FORMAT: Record<XlsxKind, string> = { text: '@', number: '0', quantity: '#,##0.###', money: '#,##0.00', date: 'yyyy-mm-dd hh:mm:ss' };

/** The filter's names per field, as the file's heading shows them (ids the account no longer has are skipped). */
const NAMES: Record<string, { label: keyof ExportTexts; table: string }> = {
  product_ids: { label: 'products', table: 'products' },
  responsible_ids: { label: 'responsible', table: 'users' },
  pipeline_ids: { label: 'pipelines', table: 'pipelines' },
  stage_ids: { label: 'stages', table: 'pipeline_statuses' },
  company_ids: { label: 'companies', table: 'companies' },
  contact_ids: { label: 'contacts', table: 'contacts' },
  user_ids: { label: 'users', table: 'users' },
  initial_warehouse_ids: { label: 'fromWarehouses', table: 'warehouses' },
  final_warehouse_ids: { label: 'toWarehouses', table: 'warehouses' },
};

/** The heading lines: [label, value] pairs. Users are global rows: only the account's members are named. */
export async function filterLines(db: Db, accountId: number, report: ReportType, filter: AnalyticsFilter, grouping?: CustomerGrouping, texts: ExportTexts = exportTextsOf('en')): Promise<[string, string][]> {
  const lines: [string, string][] = [[texts.report, texts[REPORT_TITLES[report]]]];
  lines.push([texts.period, filter.period ? `${filter.period.from} – ${filter.period.to}` : texts.allTime]);
  if (report !== 'movement') {
    const stages = await countedStages(db, accountId, filter);
    lines.push([texts.countedStages, `${stages.default ? texts.successStages : ''}${stages.stages.map((stage) => `${stage.pipeline}: ${stage.name}`).join(', ')}`]);
  }
  if (report === 'customers') lines.push([texts.grouping, grouping === 'contact' ? texts.byContact : texts.byCompany]);
  for (const [field, { label, table }] of Object.entries(NAMES)) {
    const ids = filter[field as keyof AnalyticsFilter] as number[] | undefined;
    if (!ids?.length) continue;
    const scope = table === 'users' ? sql`id in (select user_id from memberships where account_id = ${accountId})` : sql`account_id = ${accountId}`;
    const rows = await rowsOf<{ name: string }>(db, sql`select name from ${sql.identifier(table)} where ${scope} and ${inIds(sql`id`, ids)} order by name`);
    lines.push([texts[label], rows.map((row) => row.name).join(', ')]);
  }
  if (filter.event_types?.length) lines.push([texts.events, filter.event_types.join(', ')]);
  if (filter.product_batch) lines.push([texts.batch, filter.product_batch]);
  if (filter.quantity) lines.push([texts.quantity, `${filter.quantity.min ?? ''} – ${filter.quantity.max ?? ''}`]);
  return lines;
}

/** A ledger row as the file shows it: an order's row names the order in the language of the user who asked. */
const inLanguage = (row: MovementRow, lang: string | undefined): MovementRow => (row.order ? { ...row, comment: orderCommentIn(lang, row.order) } : row);

class Cancelled extends Error {}

export async function runAnalyticsExport(context: TaskRunContext<AnalyticsExportPayload>): Promise<TaskOutcome> {
  const { db, accountId, payload, signal } = context;
  const { report, filter } = payload;
  const grouping = payload.group_by ?? 'company';
  const texts = exportTextsOf(payload.lang);
  const columns = COLUMNS[report === 'customers' && grouping === 'contact' ? 'customers_contact' : report];
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Stockroom';
  const sheet = workbook.addWorksheet(texts[REPORT_TITLES[report]]);
  sheet.columns = columns.map((column) => ({ width: column.kind === 'text' ? 28 : 14 }));
  for (const [label, value] of await filterLines(db, accountId, report, filter, grouping, texts)) {
    const row = sheet.addRow([cellValue('text', label), cellValue('text', value)]);
    row.getCell(1).font = { bold: true };
  }
  sheet.addRow([]);
  const header = sheet.addRow(columns.map((column) => texts[column.header]));
  header.font = { bold: true };
  const write = (values: Record<string, unknown>) => {
    const row = sheet.addRow(columns.map((column) => cellValue(column.kind, (values[column.key] ?? null) as XlsxCell)));
    columns.forEach((column, index) => {
      row.getCell(index + 1).numFmt = FORMAT[column.kind];
    });
    return row;
  };
  try {
    let total = 0;
    for (let page = 1; ; page += 1) {
      if (signal.aborted) throw new Cancelled();
      const answer =
        report === 'sales'
          ? await salesReport(db, accountId, { filter, page, per_page: EXPORT_PAGE })
          : report === 'customers'
            ? await customersReport(db, accountId, { filter, group_by: grouping, page, per_page: EXPORT_PAGE })
            : await movementReport(db, accountId, { filter, page, per_page: EXPORT_PAGE });
      const rows: Record<string, unknown>[] = 'list' in answer.data ? answer.data.list : (answer.data as Record<string, unknown>[]);
      for (const row of rows) write(report === 'movement' ? inLanguage(row as MovementRow, payload.lang) : row);
      total = answer.meta.total ?? 0;
      await context.progress(Math.min(page * EXPORT_PAGE, total), total);
      if (page >= (answer.meta.last_page ?? 1)) {
        const totals =
          report === 'sales'
            ? (await salesTotal(db, accountId, filter)).total
            : report === 'customers'
              ? (await customersTotal(db, accountId, filter, grouping)).total
              : (answer as Awaited<ReturnType<typeof movementReport>>).total;
        const first = columns[0].key;
        write({ ...totals, [first]: texts.total }).font = { bold: true };
        break;
      }
    }
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const day = new Date().toISOString().slice(0, 10);
    return { file: { name: `analytics-${report}-${day}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes }, counts: { rows: total } };
  } catch (error) {
    if (error instanceof Cancelled) return { error: EXPORT_CANCELLED };
    throw error;
  }
}

export const analyticsExportTask = defineTask<AnalyticsExportPayload>({ type: ANALYTICS_EXPORT_TASK, run: runAnalyticsExport });
