import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AnalyticsFilter, CustomerGrouping, ReportType } from '../../../src/contract/analytics';
import type { Db } from '../../db/client';
import { rowsOf } from './paging';
import { cellValue, type XlsxCell, type XlsxKind } from '../../http/xlsxTable';
import { defineTask, type TaskOutcome, type TaskRunContext } from '../tasks/api';
import { customersReport, customersTotal } from './customers';
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
}

interface Column {
  header: string;
  kind: XlsxKind;
  key: string;
}

const REPORT_COLUMNS: Record<ReportType, Column[]> = {
  sales: [
    { header: 'Product', kind: 'text', key: 'name' },
    { header: 'Quantity', kind: 'quantity', key: 'count' },
    { header: 'Sum', kind: 'money', key: 'sum' },
    { header: 'Cost', kind: 'money', key: 'cost_sum' },
    { header: 'Profit', kind: 'money', key: 'prib' },
    { header: 'Orders', kind: 'number', key: 'leads' },
    { header: 'Positions', kind: 'number', key: 'poz' },
  ],
  customers: [
    { header: 'Company', kind: 'text', key: 'company' },
    { header: 'Contact', kind: 'text', key: 'contact' },
    { header: 'Orders', kind: 'number', key: 'leads' },
    { header: 'Sum', kind: 'money', key: 'sum' },
    { header: 'Profit', kind: 'money', key: 'prib' },
    { header: 'Responsible', kind: 'text', key: 'otv' },
    { header: 'Positions', kind: 'number', key: 'poz' },
  ],
  movement: [
    { header: 'Date', kind: 'text', key: 'event_date' },
    { header: 'Event', kind: 'text', key: 'event_type' },
    { header: 'Article', kind: 'text', key: 'article_number' },
    { header: 'Title', kind: 'text', key: 'title' },
    { header: 'Batch', kind: 'text', key: 'party' },
    { header: 'Quantity', kind: 'quantity', key: 'quantity' },
    { header: 'Cost price', kind: 'money', key: 'cost_price' },
    { header: 'Sum', kind: 'money', key: 'sum' },
    { header: 'From warehouse', kind: 'text', key: 'initial_warehouse' },
    { header: 'To warehouse', kind: 'text', key: 'final_warehouse' },
    { header: 'User', kind: 'text', key: 'user' },
    { header: 'Comment', kind: 'text', key: 'comment' },
  ],
};

// Grouped by contact, the customer report leads with the contact, then the company; the other columns are the same.
const [companyColumn, contactColumn, ...customerFigures] = REPORT_COLUMNS.customers;
const COLUMNS: Record<ReportType | 'customers_contact', Column[]> = { ...REPORT_COLUMNS, customers_contact: [contactColumn, companyColumn, ...customerFigures] };

const REPORT_TITLES: Record<ReportType, string> = { sales: 'Sales report', customers: 'Customer report', movement: 'Movement of goods' };
const FORMAT: Record<XlsxKind, string> = { text: '@', number: '0', quantity: '#,##0.###', money: '#,##0.00', date: 'yyyy-mm-dd hh:mm:ss' };

/** The filter's names per field, as the file's heading shows them (ids the account no longer has are skipped). */
const NAMES: Record<string, { label: string; table: string; column?: string; idColumn?: string }> = {
  product_ids: { label: 'Products', table: 'products' },
  responsible_ids: { label: 'Responsible', table: 'users' },
  pipeline_ids: { label: 'Pipelines', table: 'pipelines' },
  stage_ids: { label: 'Stages', table: 'pipeline_statuses' },
  company_ids: { label: 'Companies', table: 'companies' },
  contact_ids: { label: 'Contacts', table: 'contacts' },
  user_ids: { label: 'Users', table: 'users' },
  initial_warehouse_ids: { label: 'From warehouses', table: 'warehouses' },
  final_warehouse_ids: { label: 'To warehouses', table: 'warehouses' },
};

/** The heading lines: [label, value] pairs. Users are global rows: only the account's members are named. */
export async function filterLines(db: Db, accountId: number, report: ReportType, filter: AnalyticsFilter, grouping?: CustomerGrouping): Promise<[string, string][]> {
  const lines: [string, string][] = [['Report', REPORT_TITLES[report]]];
  lines.push(['Period', filter.period ? `${filter.period.from} – ${filter.period.to}` : 'All time']);
  if (report !== 'movement') {
    const stages = await countedStages(db, accountId, filter);
    lines.push(['Counted stages', `${stages.default ? 'Success stages: ' : ''}${stages.stages.map((stage) => `${stage.pipeline}: ${stage.name}`).join(', ')}`]);
  }
  if (report === 'customers') lines.push(['Grouping', grouping === 'contact' ? 'By contact' : 'By company']);
  for (const [field, { label, table }] of Object.entries(NAMES)) {
    const ids = filter[field as keyof AnalyticsFilter] as number[] | undefined;
    if (!ids?.length) continue;
    const scope = table === 'users' ? sql`id in (select user_id from memberships where account_id = ${accountId})` : sql`account_id = ${accountId}`;
    const rows = await rowsOf<{ name: string }>(db, sql`select name from ${sql.identifier(table)} where ${scope} and ${inIds(sql`id`, ids)} order by name`);
    lines.push([label, rows.map((row) => row.name).join(', ')]);
  }
  if (filter.event_types?.length) lines.push(['Events', filter.event_types.join(', ')]);
  if (filter.product_batch) lines.push(['Batch', filter.product_batch]);
  if (filter.quantity) lines.push(['Quantity', `${filter.quantity.min ?? ''} – ${filter.quantity.max ?? ''}`]);
  return lines;
}

class Cancelled extends Error {}

export async function runAnalyticsExport(context: TaskRunContext<AnalyticsExportPayload>): Promise<TaskOutcome> {
  const { db, accountId, payload, signal } = context;
  const { report, filter } = payload;
  const grouping = payload.group_by ?? 'company';
  const columns = COLUMNS[report === 'customers' && grouping === 'contact' ? 'customers_contact' : report];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Stockroom';
  const sheet = workbook.addWorksheet(REPORT_TITLES[report]);
  sheet.columns = columns.map((column) => ({ width: column.kind === 'text' ? 28 : 14 }));
  for (const [label, value] of await filterLines(db, accountId, report, filter, grouping)) {
    const row = sheet.addRow([cellValue('text', label), cellValue('text', value)]);
    row.getCell(1).font = { bold: true };
  }
  sheet.addRow([]);
  const header = sheet.addRow(columns.map((column) => column.header));
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
      for (const row of rows) write(row);
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
        write({ ...totals, [first]: 'Total' }).font = { bold: true };
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
