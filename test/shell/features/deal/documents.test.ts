import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_FILE_MAX_BYTES as CLIENT_LIMIT } from '../../../../shell/features/deal/documentsApi';
import { ORDER_FILE_MAX_BYTES } from '../../../../src/contract/orderDocuments';
import { $path } from '../../../../shell/stores/navigation';
import { $notifications, clearNotifications } from '../../../../src/stores/notifications';
import { $orderDocuments, deleteOrderDocument, fetchOrderDocument, loadOrderDocuments, uploadOrderDocument, uploadProblem } from '../../../../shell/features/deal/documents';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { orderFile } from '../../../support/customerFixtures';

const fake = useApiFake();

beforeEach(() => {
  clearNotifications();
  $token.set('staff-token');
  $path.set('/addToDeal');
  $orderDocuments.set({ orderId: null, generated: [], custom: [], status: 'idle', uploading: [] });
});

describe('order documents: the two lists', () => {
  it('the upload limit is the contract’s 10 MB', () => {
    expect(CLIENT_LIMIT).toBe(ORDER_FILE_MAX_BYTES);
    expect(CLIENT_LIMIT).toBe(10 * 1024 * 1024);
  });

  it('staff: orders/doc/list and orders/custom-doc/list with the order id and the staff token', async () => {
    fake.answers['/api/orders/doc/list'] = { body: [orderFile(1, 'generated')] };
    fake.answers['/api/orders/custom-doc/list'] = { body: [orderFile(2, 'custom')] };
    await loadOrderDocuments(15);
    expect(fake.calls.map((call) => [call.path, call.query.get('order_id'), call.authorization])).toEqual([
      ['/api/orders/doc/list', '15', 'Bearer staff-token'],
      ['/api/orders/custom-doc/list', '15', 'Bearer staff-token'],
    ]);
    expect($orderDocuments.get()).toMatchObject({ orderId: 15, status: 'ready', generated: [{ id: 1 }], custom: [{ id: 2 }] });
  });

  it('a failed list marks the tab failed', async () => {
    fake.answers['/api/orders/doc/list'] = { body: [] };
    await loadOrderDocuments(15);
    expect($orderDocuments.get().status).toBe('error');
  });
});

describe('upload', () => {
  beforeEach(async () => {
    fake.answers['/api/orders/doc/list'] = { body: [] };
    fake.answers['/api/orders/custom-doc/list'] = { body: [] };
    await loadOrderDocuments(15);
    fake.calls.length = 0;
  });

  it('rule: a file over 10 MB is refused before sending a byte; exactly 10 MB is allowed; an empty file is refused', async () => {
    expect(uploadProblem({ size: 10 * 1024 * 1024 + 1 })).toBe('tooLarge');
    expect(uploadProblem({ size: 10 * 1024 * 1024 })).toBeNull();
    expect(uploadProblem({ size: 0 })).toBe('empty');
    const big = new File(['x'], 'big.bin');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    expect(await uploadOrderDocument(big)).toEqual({ ok: false, reason: 'tooLarge' });
    expect(fake.calls).toEqual([]);
  });

  it('sends multipart with order_id (form and address), public_visible and the file; the stored file joins the list', async () => {
    fake.answers['/api/orders/custom-doc/upload'] = { body: orderFile(9, 'custom', { name: 'contract.pdf', public_visible: false }) };
    const result = await uploadOrderDocument(new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' }), { publicVisible: false });
    expect(result.ok).toBe(true);
    const [call] = fake.calls;
    expect([call.method, call.path, call.query.get('order_id')]).toEqual(['POST', '/api/orders/custom-doc/upload', '15']);
    const form = call.body as FormData;
    expect(form.get('order_id')).toBe('15');
    expect(form.get('public_visible')).toBe('0');
    expect((form.get('file') as File).name).toBe('contract.pdf');
    expect(await (form.get('file') as File).text()).toBe('%PDF-1.4');
    expect($orderDocuments.get().custom.map((file) => file.name)).toEqual(['contract.pdf']);
    expect($orderDocuments.get().uploading).toEqual([]);
  });

  it('a refused upload leaves the list as it was and reports failed (the server text is shown)', async () => {
    fake.answers['/api/orders/custom-doc/upload'] = { status: 413, body: { error: 'The file is larger than 10 MB. Choose a smaller file.' } };
    expect(await uploadOrderDocument(new File(['x'], 'a.txt'))).toEqual({ ok: false, reason: 'failed' });
    expect($orderDocuments.get().custom).toEqual([]);
    expect($notifications.get().map((n) => n.text)).toEqual(['The file is larger than 10 MB. Choose a smaller file.']);
  });

});

describe('delete and download', () => {
  beforeEach(async () => {
    fake.answers['/api/orders/doc/list'] = { body: [orderFile(1, 'generated')] };
    fake.answers['/api/orders/custom-doc/list'] = { body: [orderFile(2, 'custom')] };
    await loadOrderDocuments(15);
    fake.calls.length = 0;
  });

  it('a generated document is deleted with orders/doc/delete, an upload with orders/custom-doc/delete (id and order_id)', async () => {
    fake.answers['/api/orders/doc/delete'] = { body: { success: true } };
    fake.answers['/api/orders/custom-doc/delete'] = { body: { success: true } };
    await deleteOrderDocument(orderFile(1, 'generated') as never);
    await deleteOrderDocument(orderFile(2, 'custom') as never);
    expect(fake.calls.map((call) => [call.method, call.path, call.query.get('id'), call.query.get('order_id')])).toEqual([
      ['GET', '/api/orders/doc/delete', '1', '15'],
      ['GET', '/api/orders/custom-doc/delete', '2', '15'],
    ]);
    expect($orderDocuments.get()).toMatchObject({ generated: [], custom: [] });
  });

  it('a refused delete keeps the file listed', async () => {
    fake.answers['/api/orders/custom-doc/delete'] = { status: 422, body: { error: 'You can delete only the files you uploaded' } };
    expect(await deleteOrderDocument(orderFile(2, 'custom') as never)).toBe(false);
    expect($orderDocuments.get().custom).toHaveLength(1);
  });

  it('a download fetches the bytes with the token (orders/doc/download for generated ones)', async () => {
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255]);
    fake.answers['/api/orders/doc/download'] = { bytes, headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="file-1.pdf"` } };
    const file = await fetchOrderDocument(orderFile(1, 'generated') as never);
    expect(new Uint8Array(await file!.blob.arrayBuffer())).toEqual(bytes);
    expect(fake.calls[0].authorization).toBe('Bearer staff-token');
    expect([fake.calls[0].query.get('id'), fake.calls[0].query.get('order_id')]).toEqual(['1', '15']);
  });

  it('a refused download gives null and shows the server’s text, read from the bytes', async () => {
    fake.answers['/api/orders/custom-doc/download'] = { status: 404, body: { error: 'No such file' } };
    expect(await fetchOrderDocument(orderFile(2, 'custom') as never)).toBeNull();
    expect($notifications.get().map((n) => n.text)).toEqual(['No such file']);
  });
});
