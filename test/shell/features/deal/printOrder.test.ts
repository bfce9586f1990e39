import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceOf, printOrder, type PrintTarget } from '../../../../shell/features/deal/printOrder';
import { $path } from '../../../../shell/stores/navigation';
import type { OrderFile } from '../../../../src/contract/orderDocuments';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { orderFile } from '../../../support/customerFixtures';

const fake = useApiFake();
const file = (id: number, kind: 'custom' | 'generated', name: string, created = '2024-03-05T12:00:00.000Z') =>
  orderFile(id, kind, { name, created_at: created }) as OrderFile;

function target() {
  const tab = { opener: {} as unknown, location: { href: '' } };
  const calls = { print: 0, opened: 0 };
  const printTarget: PrintTarget = {
    print: () => {
      calls.print += 1;
    },
    open: () => {
      calls.opened += 1;
      return tab as unknown as Window;
    },
  };
  return { printTarget, calls, tab };
}

beforeEach(() => {
  $token.set('staff-token');
  $path.set('/addToDeal');
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/invoice');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

describe("the deal's Print (issue 19 §5)", () => {
  it('rule: the invoice is a document named so (English or Russian), a generated one before an upload, the newest first', () => {
    expect(invoiceOf([], [file(1, 'custom', 'scan.png')])).toBeNull();
    expect(invoiceOf([file(2, 'generated', 'Contract.pdf')], [file(3, 'custom', 'Invoice 34.pdf')])?.id).toBe(3);
    expect(invoiceOf([file(4, 'generated', 'Счёт №34.pdf')], [file(5, 'custom', 'invoice.pdf')])?.id).toBe(4);
    expect(invoiceOf([file(6, 'generated', 'Счет 1.pdf', '2024-01-01T00:00:00Z'), file(7, 'generated', 'Счет 2.pdf', '2024-02-01T00:00:00Z')], [])?.id).toBe(7);
  });

  it('rule: with no invoice among the documents the page itself is printed', async () => {
    fake.answers['/api/orders/doc/list'] = { body: [file(2, 'generated', 'Contract.pdf')] };
    fake.answers['/api/orders/custom-doc/list'] = { body: [] };
    const { printTarget, calls } = target();
    expect(await printOrder(15, printTarget)).toBe('page');
    expect(calls).toEqual({ print: 1, opened: 0 });
  });

  it("rule: an order with an invoice opens the invoice's bytes in a new tab instead of printing the page", async () => {
    fake.answers['/api/orders/doc/list'] = { body: [file(8, 'generated', 'Invoice 15.pdf')] };
    fake.answers['/api/orders/custom-doc/list'] = { body: [] };
    fake.answers['/api/orders/doc/download'] = { bytes: new Uint8Array([37, 80, 68, 70]), headers: { 'content-type': 'application/pdf' } };
    const { printTarget, calls, tab } = target();
    expect(await printOrder(15, printTarget)).toBe('invoice');
    expect(calls).toEqual({ print: 0, opened: 1 });
    expect(fake.callsTo('/api/orders/doc/download')[0].query.get('id')).toBe('8');
    expect(tab.location.href).toBe('blob:test/invoice');
    expect(tab.opener).toBeNull();
  });

});
