import type {
  AnalyticsFilter,
  AnalyticsTemplate,
  AutocompleteField,
  ChartAnswer,
  ChartInterval,
  ChartSeriesKind,
  CustomerGrouping,
  CustomersAnswer,
  MovementAnswer,
  Named,
  ReportType,
  SalesAnswer,
  SalesProductAnswer,
  TemplateSettings,
  TotalAnswer,
} from '../../../src/contract/analytics';
import { staffApi } from '../../../src/api/http';

/** The analytics calls (spec §7 Analytics) as the screen makes them. */

export interface Ask {
  filter: AnalyticsFilter;
  page: number;
  per_page: number;
  sort?: { field: string; order: 'asc' | 'desc' };
  group_by?: CustomerGrouping;
}

export const salesReport = (ask: Ask) => staffApi.post<SalesAnswer>('analytics/sales', { filter: ask.filter, page: ask.page, per_page: ask.per_page, sort: ask.sort });
export const salesTotal = (filter: AnalyticsFilter) => staffApi.post<TotalAnswer>('analytics/sales/total', { filter });
export const customersReport = (ask: Ask) => staffApi.post<CustomersAnswer>('analytics/customers', ask);
export const customersTotal = (filter: AnalyticsFilter, group_by: CustomerGrouping) => staffApi.post<TotalAnswer>('analytics/customers/total', { filter, group_by });
export const movementReport = (ask: Ask) => staffApi.post<MovementAnswer>('analytics/movement/products', { filter: ask.filter, page: ask.page, per_page: ask.per_page, sort: ask.sort });
export const chartData = (filter: AnalyticsFilter, interval: ChartInterval, series: ChartSeriesKind) => staffApi.post<ChartAnswer>('analytics/chart', { filter, interval, series });
export const autocomplete = (field: AutocompleteField, q: string, signal?: AbortSignal) => staffApi.get<Named[]>(`analytics/autocomplete/${field}`, { q }, signal);
export const startExport = (report: ReportType, filter: AnalyticsFilter, group_by?: CustomerGrouping) =>
  staffApi.post<{ task_id: number; message: string }>(`analytics/${report}/export/xlsx`, { filter, group_by });
export const listTemplates = () => staffApi.get<AnalyticsTemplate[]>('analytics/templates');
export const saveTemplate = (name: string, report: ReportType, settings: TemplateSettings) => staffApi.post<AnalyticsTemplate>('analytics/templates/save', { name, report, settings });
export const deleteTemplate = (id: number) => staffApi.post<{ success: boolean }>('analytics/templates/delete', { id });

/** The drill-downs: the orders one product sold in, and one customer's products (null: the orders with no customer). */
export const salesOfProduct = (product_id: number, filter: AnalyticsFilter) => staffApi.post<SalesProductAnswer>('analytics/sales/products', { product_id, filter, per_page: DRILL_ROWS });
export const customerProducts = (customer: { company_id: number | null } | { contact_id: number | null }, filter: AnalyticsFilter) =>
  staffApi.post<SalesAnswer>('analytics/customers/products', { ...customer, filter, per_page: DRILL_ROWS });
/** The rows a drill-down shows: the biggest first, as many as one server page holds. */
export const DRILL_ROWS = 500;
