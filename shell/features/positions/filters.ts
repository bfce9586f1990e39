import type { User } from '../../../src/contract/account';
import type { Pipeline } from '../../../src/contract/pipelines';
import type { PositionListRequest, PositionRow, PositionSortField } from '../../../src/contract/positionList';

/** What the positions list asks for; the chosen product keeps its name only to show the choice. */
export interface PositionFilter {
  product: { id: number; name: string } | null;
  warehouse_id: number | null;
  /** 'p:<pipeline id>' for a whole pipeline, 's:<stage id>' for one stage, '' for any. */
  stage: string;
  /** yyyy-mm-dd in the user's time zone, '' for open. */
  date_from: string;
  date_to: string;
}

export interface PositionParams {
  page: number;
  per_page: number;
  filter: PositionFilter;
  sort: { field: PositionSortField; order: 'asc' | 'desc' };
}

export const emptyPositionFilter = (): PositionFilter => ({ product: null, warehouse_id: null, stage: '', date_from: '', date_to: '' });

/** yyyy-mm-dd → the instant that local day starts, `days` later (1: the exclusive end of that day); null when not a date. */
export function localDayStart(day: string, days = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const instant = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** The stage choice as the server's filter: a whole pipeline or one stage. */
export function stageFilter(choice: string): { pipeline_id?: number; status_id?: number } {
  const match = /^([ps]):(\d+)$/.exec(choice);
  if (!match) return {};
  return match[1] === 'p' ? { pipeline_id: Number(match[2]) } : { status_id: Number(match[2]) };
}

/** The orders/positions/list body: only what narrows the list is sent; dates are whole local days. */
export function positionListBody(params: PositionParams): PositionListRequest {
  const { filter } = params;
  const body: NonNullable<PositionListRequest['filter']> = { ...stageFilter(filter.stage) };
  if (filter.product) body.product_id = filter.product.id;
  if (filter.warehouse_id !== null) body.warehouse_id = filter.warehouse_id;
  const from = filter.date_from ? localDayStart(filter.date_from) : null;
  // The server's 'to' is exclusive: the next local midnight takes the whole chosen day.
  const to = filter.date_to ? localDayStart(filter.date_to, 1) : null;
  if (from) body.date_from = from;
  if (to) body.date_to = to;
  return { page: params.page, per_page: params.per_page, filter: body, sort: params.sort };
}

/** The stage choices: each pipeline (all its stages), then its stages. */
export function stageChoices(pipelines: readonly Pipeline[]): { label: string; options: { value: string; name: string }[] }[] {
  return pipelines
    .filter((pipeline) => pipeline.id > 0)
    .map((pipeline) => ({
      label: pipeline.name,
      options: [{ value: `p:${pipeline.id}`, name: pipeline.name }, ...pipeline.statuses.map((status) => ({ value: `s:${status.id}`, name: status.name }))],
    }));
}

/** Where the position's order stands: its stage, or for a CRM-linked order its CRM status (named by the caller). */
export function stageText(row: Pick<PositionRow, 'status_name' | 'crm_status'>, crmStatusName: (status: number) => string): string {
  if (row.status_name) return row.status_name;
  return row.crm_status === null ? '' : crmStatusName(row.crm_status);
}

/** Sorting by the same column again turns the direction round; a new column starts descending (biggest, newest first). */
export function nextSort(current: PositionParams['sort'], field: PositionSortField): PositionParams['sort'] {
  if (current.field === field) return { field, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { field, order: 'desc' };
}

/** Who may add or cancel positions: any active member (owners and admins always), as server/auth/rights.ts requireOrderEditor decides. */
export function mayChangeOrders(user: User | null): boolean {
  return Boolean(user && (user.is_owner || user.admin || user.activity !== false));
}
