import type { CustomerGrouping, ReportType } from '../../../src/contract/analytics';
import type { MessageKey } from '../../../src/i18n';

/** The table columns of each report: the answer's key, its heading, how its cells are written, whether it sorts. */

export type CellKind = 'text' | 'money' | 'quantity' | 'integer' | 'date' | 'event' | 'comment';

/** Whether a column's cells are figures (written the user's way, summed in the total row); words and dates are not. */
export const isFigure = (kind: CellKind) => kind === 'money' || kind === 'quantity' || kind === 'integer';

export interface ColumnDef {
  key: string;
  label: MessageKey;
  kind: CellKind;
  sortable: boolean;
}

const c = (key: string, label: MessageKey, kind: CellKind, sortable = true): ColumnDef => ({ key, label, kind, sortable });

const SALES: ColumnDef[] = [
  c('name', 'analytics.colName', 'text'),
  c('count', 'analytics.colCount', 'quantity'),
  c('sum', 'analytics.colSum', 'money'),
  c('cost_sum', 'analytics.colCostSum', 'money'),
  c('prib', 'analytics.colProfit', 'money'),
  c('leads', 'analytics.colLeads', 'integer'),
  c('poz', 'analytics.colPositions', 'integer'),
];

const customerFigures = [c('leads', 'analytics.colLeads', 'integer'), c('sum', 'analytics.colSum', 'money'), c('prib', 'analytics.colProfit', 'money'), c('otv', 'analytics.colResponsible', 'text'), c('poz', 'analytics.colPositions', 'integer')];

const MOVEMENT: ColumnDef[] = [
  c('event_date', 'analytics.colDate', 'date'),
  c('event_type', 'analytics.colEvent', 'event'),
  c('article_number', 'analytics.colArticle', 'text'),
  c('title', 'analytics.colTitle', 'text'),
  c('party', 'analytics.colBatch', 'text'),
  c('quantity', 'analytics.colCount', 'quantity'),
  c('cost_price', 'analytics.colCostPrice', 'money'),
  c('sum', 'analytics.colSum', 'money'),
  c('initial_warehouse', 'analytics.colFrom', 'text', false),
  c('final_warehouse', 'analytics.colTo', 'text', false),
  c('user', 'analytics.colUser', 'text', false),
  c('comment', 'analytics.colComment', 'comment', false),
];

export function columnsOf(report: ReportType, grouping: CustomerGrouping): ColumnDef[] {
  if (report === 'sales') return SALES;
  if (report === 'movement') return MOVEMENT;
  return grouping === 'company'
    ? [c('company', 'analytics.colCompany', 'text'), c('contact', 'analytics.colContact', 'text'), ...customerFigures]
    : [c('contact', 'analytics.colContact', 'text'), c('company', 'analytics.colCompany', 'text'), ...customerFigures];
}

/** The default order of each report: biggest sums first; the ledger newest first. */
export const DEFAULT_SORT: Record<ReportType, { field: string; order: 'asc' | 'desc' }> = {
  sales: { field: 'sum', order: 'desc' },
  customers: { field: 'sum', order: 'desc' },
  movement: { field: 'event_date', order: 'desc' },
};
