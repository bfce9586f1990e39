import Type from 'typebox';
import { Id } from './catalogue';
import { LedgerOrder, Nullable, PageLinks, PageMeta } from './common';

/**
 * Analytics (issue 16; spec §2 'Analytics', §3 report columns and filters, §7 Analytics calls). Every report is computed
 * in SQL over one account's orders (sales, customers) or its stock ledger (movement). Only orders in the chosen stages
 * count as sales — the success stages unless the filter names others — and every answer says which, so the screen can.
 */

/** A filter names at most this many ids of one kind: enough for any screen, small enough for one query. */
const IdList = Type.Array(Id, { maxItems: 200 });
const Day = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC day)' });

/** A ledger kind (src/domain/movementKinds.ts; contracts import no domain code, so the server checks the name). */
export const EventType = Type.String({ pattern: '^[a-z_]{1,40}$' });

/** The period: both days included. An inverted or absurd one (before 2000, after 2100, longer than 20 years) is refused. */
export const AnalyticsPeriod = Type.Object({ from: Day, to: Day }, { additionalProperties: false });
export type AnalyticsPeriod = Type.Static<typeof AnalyticsPeriod>;

export const AnalyticsFilter = Type.Object(
  {
    period: Type.Optional(AnalyticsPeriod),
    product_ids: Type.Optional(IdList),
    /** The order's responsible employee (orders.user_id). */
    responsible_ids: Type.Optional(IdList),
    pipeline_ids: Type.Optional(IdList),
    /** The stages whose orders count as sales; absent or empty: every success stage (and CRM deals won). */
    stage_ids: Type.Optional(IdList),
    company_ids: Type.Optional(IdList),
    contact_ids: Type.Optional(IdList),
    /** Movement: who made the movement. */
    user_ids: Type.Optional(IdList),
    event_types: Type.Optional(Type.Array(EventType, { maxItems: 20 })),
    /** Movement: part of the batch (party) number. */
    product_batch: Type.Optional(Type.String({ maxLength: 200 })),
    initial_warehouse_ids: Type.Optional(IdList),
    final_warehouse_ids: Type.Optional(IdList),
    /** Sales and customers: a row's total quantity; movement: a movement's quantity (its absolute value). */
    quantity: Type.Optional(Type.Object({ min: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })), max: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type AnalyticsFilter = Type.Static<typeof AnalyticsFilter>;

export const AnalyticsSortOrder = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);

const paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
};

export const SALES_SORT = ['name', 'count', 'sum', 'cost_sum', 'prib', 'leads', 'poz'] as const;
export const CUSTOMER_SORT = ['company', 'contact', 'leads', 'sum', 'prib', 'otv', 'poz', 'count'] as const;
export const MOVEMENT_SORT = ['event_date', 'event_type', 'article_number', 'title', 'party', 'quantity', 'cost_price', 'sum'] as const;
const sortOf = (fields: readonly string[]) =>
  Type.Optional(Type.Object({ field: Type.Union(fields.map((field) => Type.Literal(field))), order: Type.Optional(AnalyticsSortOrder) }, { additionalProperties: false }));

export const CustomerGrouping = Type.Union([Type.Literal('company'), Type.Literal('contact')]);
export type CustomerGrouping = Type.Static<typeof CustomerGrouping>;

export const SalesRequest = Type.Object({ filter: Type.Optional(AnalyticsFilter), ...paging, sort: sortOf(SALES_SORT) }, { additionalProperties: false });
export type SalesRequest = Type.Static<typeof SalesRequest>;
/** sales/products: the orders one product sold in (the drill-down of a sales row). */
export const SalesProductRequest = Type.Object({ product_id: Id, filter: Type.Optional(AnalyticsFilter), ...paging }, { additionalProperties: false });
export type SalesProductRequest = Type.Static<typeof SalesProductRequest>;
export const TotalRequest = Type.Object({ filter: Type.Optional(AnalyticsFilter) }, { additionalProperties: false });
export type TotalRequest = Type.Static<typeof TotalRequest>;

export const CustomersRequest = Type.Object({ filter: Type.Optional(AnalyticsFilter), group_by: Type.Optional(CustomerGrouping), ...paging, sort: sortOf(CUSTOMER_SORT) }, { additionalProperties: false });
export type CustomersRequest = Type.Static<typeof CustomersRequest>;
/** customers/products: one customer's products (company_id or contact_id; null: the orders with none — a report row's null key). */
export const CustomerProductsRequest = Type.Object(
  {
    company_id: Type.Optional(Nullable(Id)),
    contact_id: Type.Optional(Nullable(Id)),
    filter: Type.Optional(AnalyticsFilter),
    ...paging,
    sort: sortOf(SALES_SORT),
  },
  { additionalProperties: false },
);
export type CustomerProductsRequest = Type.Static<typeof CustomerProductsRequest>;

export const MovementRequest = Type.Object({ filter: Type.Optional(AnalyticsFilter), ...paging, sort: sortOf(MOVEMENT_SORT) }, { additionalProperties: false });
export type MovementRequest = Type.Static<typeof MovementRequest>;

export const ChartInterval = Type.Union([Type.Literal('day'), Type.Literal('month'), Type.Literal('year')]);
export type ChartInterval = Type.Static<typeof ChartInterval>;
/** total: all sales; clients: the biggest customers' sales (by company); products: the best-selling products' sales. */
export const ChartSeriesKind = Type.Union([Type.Literal('total'), Type.Literal('clients'), Type.Literal('products')]);
export type ChartSeriesKind = Type.Static<typeof ChartSeriesKind>;
export const ChartRequest = Type.Object({ filter: Type.Optional(AnalyticsFilter), interval: Type.Optional(ChartInterval), series: Type.Optional(ChartSeriesKind) }, { additionalProperties: false });
export type ChartRequest = Type.Static<typeof ChartRequest>;

/** The stages whose orders counted, so the screen states it. */
export const CountedStages = Type.Object({
  /** true: no stage was chosen, so every success stage counted (and CRM deals won). */
  default: Type.Boolean(),
  stages: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), pipeline: Type.String() })),
});
export type CountedStages = Type.Static<typeof CountedStages>;

const money = Type.Number();
export const SalesRow = Type.Object({ product_id: Type.Integer(), name: Type.String(), count: Type.Number(), sum: money, cost_sum: money, prib: money, leads: Type.Integer(), poz: Type.Integer() });
export type SalesRow = Type.Static<typeof SalesRow>;
export const SalesTotal = Type.Object({ count: Type.Number(), sum: money, cost_sum: money, prib: money, leads: Type.Integer(), poz: Type.Integer() });
export type SalesTotal = Type.Static<typeof SalesTotal>;

const listAnswer = { links: PageLinks, meta: PageMeta, stages: CountedStages };
export const SalesAnswer = Type.Object({ data: Type.Array(SalesRow), ...listAnswer });
export type SalesAnswer = Type.Static<typeof SalesAnswer>;
export const TotalAnswer = Type.Object({ total: SalesTotal, stages: CountedStages });
export type TotalAnswer = Type.Static<typeof TotalAnswer>;

export const SalesOrderRow = Type.Object({ order_id: Type.Integer(), name: Type.String(), created_at: Type.String(), count: Type.Number(), sum: money, cost_sum: money, prib: money, poz: Type.Integer() });
export const SalesProductAnswer = Type.Object({ data: Type.Array(SalesOrderRow), ...listAnswer });
export type SalesProductAnswer = Type.Static<typeof SalesProductAnswer>;

export const CustomerRow = Type.Object({
  company_id: Nullable(Type.Integer()),
  company: Nullable(Type.String()),
  contact_id: Nullable(Type.Integer()),
  contact: Nullable(Type.String()),
  leads: Type.Integer(),
  count: Type.Number(),
  sum: money,
  prib: money,
  /** The responsible employees of the row's orders, by name, comma-separated. */
  otv: Type.String(),
  poz: Type.Integer(),
});
export type CustomerRow = Type.Static<typeof CustomerRow>;
export const CustomersAnswer = Type.Object({ data: Type.Array(CustomerRow), group_by: CustomerGrouping, ...listAnswer });
export type CustomersAnswer = Type.Static<typeof CustomersAnswer>;
export const ResponsibleRow = Type.Object({ user_id: Nullable(Type.Integer()), name: Nullable(Type.String()), leads: Type.Integer(), count: Type.Number(), sum: money, prib: money, poz: Type.Integer() });
export const ResponsibleAnswer = Type.Object({ data: Type.Array(ResponsibleRow), ...listAnswer });

export const MovementRow = Type.Object({
  id: Type.Integer(),
  event_date: Type.String(),
  event_type: Type.String(),
  product_id: Type.Integer(),
  article_number: Type.String(),
  title: Type.String(),
  party: Type.String(),
  quantity: Type.Number(),
  cost_price: money,
  sum: money,
  initial_warehouse: Nullable(Type.String()),
  final_warehouse: Nullable(Type.String()),
  user: Nullable(Type.String()),
  /** The row's comment; an order's row says "Order N: name" (English: the shell says it from `order`). */
  comment: Type.String(),
  /** The order that moved the goods and its name then; null for any other row. */
  order: Nullable(LedgerOrder),
});
export type MovementRow = Type.Static<typeof MovementRow>;
export const Named = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Named = Type.Static<typeof Named>;
/** Spec §3: data with the types, users and warehouses (whs) for the filters and the list, plus the total. */
export const MovementAnswer = Type.Object({
  data: Type.Object({ types: Type.Array(Type.String()), users: Type.Array(Named), whs: Type.Array(Named), list: Type.Array(MovementRow) }),
  total: Type.Object({ rows: Type.Integer(), quantity: Type.Number(), sum: money }),
  links: PageLinks,
  meta: PageMeta,
});
export type MovementAnswer = Type.Static<typeof MovementAnswer>;

export const ChartPoint = Type.Object({ period: Type.String(), values: Type.Array(Type.Number()) });
export const ChartAnswer = Type.Object({
  interval: ChartInterval,
  series: ChartSeriesKind,
  /** One label per line of the chart (the total: sum and profit; otherwise the customers' or products' names). */
  labels: Type.Array(Type.String()),
  /** The buckets in time order, each with one value per label. */
  points: Type.Array(ChartPoint),
  stages: CountedStages,
});
export type ChartAnswer = Type.Static<typeof ChartAnswer>;

export const AUTOCOMPLETE_FIELDS = ['product', 'responsible', 'pipeline', 'stage', 'company', 'contact', 'users', 'product_batch', 'warehouse', 'event_type'] as const;
export type AutocompleteField = (typeof AUTOCOMPLETE_FIELDS)[number];
export const AutocompleteParams = Type.Object({ field: Type.Union(AUTOCOMPLETE_FIELDS.map((field) => Type.Literal(field))) });
export const AutocompleteQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })) });
/** Batch numbers have no id of their own: their id is 0 and the name is the number to filter by. */
export const AutocompleteAnswer = Type.Array(Named);

export const REPORT_TYPES = ['sales', 'customers', 'movement'] as const;
export const ReportType = Type.Union([Type.Literal('sales'), Type.Literal('customers'), Type.Literal('movement')]);
export type ReportType = Type.Static<typeof ReportType>;
export const PERIOD_PRESETS = ['today', 'week', 'month', 'quarter', 'year', 'custom'] as const;
export const PeriodPreset = Type.Union([Type.Literal('today'), Type.Literal('week'), Type.Literal('month'), Type.Literal('quarter'), Type.Literal('year'), Type.Literal('custom')]);
export type PeriodPreset = Type.Static<typeof PeriodPreset>;

export const ExportParams = Type.Object({ type: ReportType });
export const ExportRequest = Type.Object({ filter: Type.Optional(AnalyticsFilter), group_by: Type.Optional(CustomerGrouping) }, { additionalProperties: false });
export type ExportRequest = Type.Static<typeof ExportRequest>;
export const ExportStarted = Type.Object({ task_id: Type.Integer(), message: Type.String() });

/** A saved report: its type, filters, grouping and period preset (a custom period keeps its days in the filter). */
export const TemplateSettings = Type.Object(
  { filter: Type.Optional(AnalyticsFilter), group_by: Type.Optional(CustomerGrouping), preset: Type.Optional(PeriodPreset), interval: Type.Optional(ChartInterval) },
  { additionalProperties: false },
);
export type TemplateSettings = Type.Static<typeof TemplateSettings>;
export const TemplateSaveRequest = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), report: ReportType, settings: TemplateSettings }, { additionalProperties: false });
export type TemplateSaveRequest = Type.Static<typeof TemplateSaveRequest>;
export const AnalyticsTemplate = Type.Object({ id: Type.Integer(), name: Type.String(), report: ReportType, settings: TemplateSettings, updated_at: Type.String() });
export type AnalyticsTemplate = Type.Static<typeof AnalyticsTemplate>;
export const TemplateIdRequest = Type.Object({ id: Id }, { additionalProperties: false });
