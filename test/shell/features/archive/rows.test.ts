import { describe, expect, it } from 'vitest';
import { archiveListBody } from '../../../../shell/features/archive/api';
import { isArchiveTab, mayUnarchive, toArchiveRow } from '../../../../shell/features/archive/rows';
import type { User } from '../../../../src/contract/account';

const describeWords = { kind: (service: boolean) => (service ? 'Service' : 'Product'), orderName: (id: number) => `New order #${id}` };
const member = (rights: Partial<User>): User => ({ id: 1, name: 'Ann', email: 'a@b.c', ...rights }) as User;

describe('archive rows', () => {
  it('rule: each tab lists its item by name with a short second line; an unnamed order takes the new-order name', () => {
    expect(toArchiveRow('products', { id: 3, name: 'Drill', type: 'service', article: 'D-1', updated_at: 'u' } as never, describeWords)).toEqual({ id: 3, name: 'Drill', details: 'Service · D-1', updatedAt: 'u' });
    expect(toArchiveRow('products', { id: 3, name: 'Drill', type: 'product', article: '', updated_at: 'u' } as never, describeWords).details).toBe('Product');
    expect(toArchiveRow('orders', { id: 7, name: ' ', status_name: 'New', sum: 120, currency: 'RUB', updated_at: 'u' } as never, describeWords)).toEqual({ id: 7, name: 'New order #7', details: '#7 · New · 120 RUB', updatedAt: 'u' });
    expect(toArchiveRow('contacts', { id: 9, name: 'Bob', email: 'bob@x.y', phone: '', updated_at: 'u' } as never, describeWords).details).toBe('bob@x.y');
  });

  it('rule: a tab name is one of the four archive tabs', () => {
    expect(['products', 'companies', 'contacts', 'orders'].every(isArchiveTab)).toBe(true);
    expect(isArchiveTab('services')).toBe(false);
  });

  it('rule: the list body asks for archived items only, sends the search trimmed or not at all, and orders of every pipeline', () => {
    expect(archiveListBody('products', { page: 2, per_page: 20, search: '  drill ' })).toEqual({ page: 2, per_page: 20, filter: { archived: true, search: 'drill' } });
    expect(archiveListBody('contacts', { page: 1, per_page: 20, search: '  ' })).toEqual({ page: 1, per_page: 20, filter: { archived: true } });
    expect(archiveListBody('orders', { page: 1, per_page: 20, search: '' }).filter).toEqual({ archived: true, pipeline_id: -1 });
  });

  it('rule: un-archiving a product needs the product-editing right; customers and orders any active member (as the server decides)', () => {
    const separate = { separate_rights: true };
    const clerk = member({ activity: true, editing_remains: false });
    expect(mayUnarchive('products', clerk, separate)).toBe(false);
    expect(mayUnarchive('orders', clerk, separate)).toBe(true);
    expect(mayUnarchive('contacts', clerk, separate)).toBe(true);
    expect(mayUnarchive('products', member({ activity: true, editing_remains: true }), separate)).toBe(true);
    const reader = member({ activity: false });
    for (const tab of ['products', 'companies', 'contacts', 'orders'] as const) expect(mayUnarchive(tab, reader, separate), tab).toBe(false);
    expect(mayUnarchive('orders', member({ admin: true, activity: false }), separate)).toBe(true);
    expect(mayUnarchive('orders', null, separate)).toBe(false);
  });
});
