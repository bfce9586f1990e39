/**
 * The positions screen's list (page, filter, sort → orders/positions/list), the warehouses its filter
 * offers, and the position the cancel overlay asks about. Only the newest request writes.
 */
import { atom } from 'nanostores';
import type { PageMeta } from '../../../src/contract/common';
import type { PositionRow } from '../../../src/contract/positionList';
import type { Warehouse } from '../../../src/contract/stock';
import { $token } from '../../../src/stores/session';
import { cancelOrderPosition, listPositionRows, listWarehouses } from './api';
import { emptyPositionFilter, nextSort, positionListBody, type PositionFilter, type PositionParams } from './filters';
import type { PositionSortField } from '../../../src/contract/positionList';

export const POSITIONS_PER_PAGE = 50;

export interface PositionsState {
  params: PositionParams;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  data: readonly PositionRow[];
  meta: PageMeta | null;
}

const initial = (): PositionsState => ({
  params: { page: 1, per_page: POSITIONS_PER_PAGE, filter: emptyPositionFilter(), sort: { field: 'created_at', order: 'desc' } },
  status: 'idle',
  data: [],
  meta: null,
});

export const $positions = atom<PositionsState>(initial());
export const $warehouses = atom<readonly Warehouse[]>([]);
/** The position the 'cancel position' overlay asks about. */
export const $cancelTarget = atom<PositionRow | null>(null);

let latest = 0;

export async function loadPositions(): Promise<void> {
  const ticket = ++latest;
  $positions.set({ ...$positions.get(), status: 'loading' });
  const result = await listPositionRows(positionListBody($positions.get().params));
  if (ticket !== latest) return;
  const state = $positions.get();
  if (!result.ok) {
    $positions.set({ ...state, status: 'failed' });
    return;
  }
  const lastPage = Math.max(1, result.data.meta.last_page ?? 1);
  if (result.data.data.length === 0 && state.params.page > lastPage) return withParams({ page: lastPage });
  $positions.set({ ...state, status: 'ready', data: result.data.data, meta: result.data.meta });
}

export async function loadWarehouses(): Promise<void> {
  const result = await listWarehouses();
  if (result.ok) $warehouses.set(result.data);
}

function withParams(patch: Partial<PositionParams>): Promise<void> {
  const state = $positions.get();
  $positions.set({ ...state, params: { ...state.params, ...patch } });
  return loadPositions();
}

export const setPositionFilter = (patch: Partial<PositionFilter>) => withParams({ page: 1, filter: { ...$positions.get().params.filter, ...patch } });
export const clearPositionFilter = () => withParams({ page: 1, filter: emptyPositionFilter() });
export const setPositionPage = (page: number) => withParams({ page: Math.max(1, Math.floor(page)) });
export const sortPositions = (field: PositionSortField) => withParams({ page: 1, sort: nextSort($positions.get().params.sort, field) });

/** Cancels the position through its order's rules (its reservation goes back to stock), then reloads; false when refused. */
export async function cancelPosition(row: PositionRow): Promise<boolean> {
  const result = await cancelOrderPosition(row.id, row.order_id);
  if (result.ok) await loadPositions();
  return result.ok;
}

export function resetPositions(): void {
  latest += 1;
  $positions.set(initial());
  $warehouses.set([]);
  $cancelTarget.set(null);
}

// Another session must not see this one's positions.
$token.listen(() => resetPositions());
