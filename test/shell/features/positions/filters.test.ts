import { describe, expect, it } from 'vitest';
import { emptyPositionFilter, localDayStart, mayChangeOrders, nextSort, positionListBody, stageChoices, stageFilter, stageText } from '../../../../shell/features/positions/filters';
import type { Pipeline } from '../../../../src/contract/pipelines';

const params = (filter = {}) => ({ page: 1, per_page: 50, filter: { ...emptyPositionFilter(), ...filter }, sort: { field: 'created_at' as const, order: 'desc' as const } });

describe('positions filters', () => {
  it('rule: only what narrows the list is sent: an empty filter sends none', () => {
    expect(positionListBody(params())).toEqual({ page: 1, per_page: 50, filter: {}, sort: { field: 'created_at', order: 'desc' } });
  });

  it('rule: product, warehouse and stage go as ids; a whole pipeline as pipeline_id', () => {
    expect(positionListBody(params({ product: { id: 4, name: 'Drill' }, warehouse_id: 2, stage: 's:9' })).filter).toEqual({ product_id: 4, warehouse_id: 2, status_id: 9 });
    expect(positionListBody(params({ stage: 'p:3' })).filter).toEqual({ pipeline_id: 3 });
    expect(stageFilter('x:1')).toEqual({});
    expect(stageFilter('')).toEqual({});
  });

  it("rule: dates are whole local days: 'from' is the day's start, 'to' the next day's start (the server's end is exclusive)", () => {
    const body = positionListBody(params({ date_from: '2026-03-01', date_to: '2026-03-02' }));
    expect(body.filter?.date_from).toBe(new Date(2026, 2, 1).toISOString());
    expect(body.filter?.date_to).toBe(new Date(2026, 2, 3).toISOString());
    expect(localDayStart('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
    expect(localDayStart('01.03.2026')).toBeNull();
    expect(positionListBody(params({ date_from: 'soon' })).filter).toEqual({});
  });

  it('rule: a stage is named by the pipeline stage, else by the CRM status', () => {
    expect(stageText({ status_name: 'Reserved', crm_status: null }, () => 'x')).toBe('Reserved');
    expect(stageText({ status_name: null, crm_status: 2 }, (status) => `crm ${status}`)).toBe('crm 2');
    expect(stageText({ status_name: null, crm_status: null }, () => 'x')).toBe('');
  });

  it("rule: stage choices group each pipeline's stages under it, the pipeline first; 'All' (-1) is not offered", () => {
    const pipelines = [
      { id: -1, value: -1, name: 'All', statuses: [] },
      { id: 5, value: 5, name: 'Sales', statuses: [{ id: 51, name: 'New' }, { id: 52, name: 'Reserved' }] },
    ] as unknown as Pipeline[];
    expect(stageChoices(pipelines)).toEqual([
      { label: 'Sales', options: [{ value: 'p:5', name: 'Sales' }, { value: 's:51', name: 'New' }, { value: 's:52', name: 'Reserved' }] },
    ]);
  });

  it('rule: sorting the same column again turns it round; a new column starts biggest or newest first', () => {
    expect(nextSort({ field: 'sum', order: 'desc' }, 'sum')).toEqual({ field: 'sum', order: 'asc' });
    expect(nextSort({ field: 'sum', order: 'asc' }, 'sum')).toEqual({ field: 'sum', order: 'desc' });
    expect(nextSort({ field: 'sum', order: 'asc' }, 'quantity')).toEqual({ field: 'quantity', order: 'desc' });
  });

  it('rule: adding and cancelling positions is for active members, owners and admins (the server refuses the rest with 422)', () => {
    const user = (rights: object) => ({ id: 1, name: 'A', email: 'a@b.c', ...rights }) as never;
    expect(mayChangeOrders(user({ activity: true }))).toBe(true);
    expect(mayChangeOrders(user({}))).toBe(true);
    expect(mayChangeOrders(user({ activity: false }))).toBe(false);
    expect(mayChangeOrders(user({ activity: false, admin: true }))).toBe(true);
    expect(mayChangeOrders(user({ activity: false, is_owner: true }))).toBe(true);
    expect(mayChangeOrders(null)).toBe(false);
  });
});
