import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineType } from '../../../../shell/features/deal/DocumentsFiles';
import { DocumentsTab } from '../../../../shell/features/deal/DocumentsTab';
import { $path } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { $orderDocuments } from '../../../../shell/features/deal/documents';
import { $token } from '../../../../src/stores/session';
import { click } from '../../../ui/render';
import { useApiFake } from '../../../support/apiFake';
import { orderFile } from '../../../support/customerFixtures';
import { settle } from '../../../support/settle';

const fake = useApiFake();
let root: Root | null = null;
const objectUrls: Blob[] = [];

beforeEach(() => {
  clearNotifications();
  $token.set('staff-token');
  $path.set('/addToDeal');
  $orderDocuments.set({ orderId: null, generated: [], custom: [], status: 'idle', uploading: [] });
  objectUrls.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    objectUrls.push(blob as Blob);
    return `blob:test/${objectUrls.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
});

async function show() {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<DocumentsTab orderId={15} />));
  await settle();
  return host;
}

const sectionTitled = (host: HTMLElement, title: string) => [...host.querySelectorAll('section')].find((section) => section.querySelector('h3')?.textContent === title)!;
const buttonNamed = (root: ParentNode, name: string) => [...root.querySelectorAll('button')].find((button) => (button.getAttribute('aria-label') ?? button.textContent?.trim()) === name) as HTMLButtonElement | undefined;
// The delete confirmation is an alert dialog (src/ui/ConfirmDialog.tsx).
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');
async function press(button: HTMLElement | undefined) {
  expect(button).toBeDefined();
  click(button!);
  await settle();
}
async function chooseFiles(host: HTMLElement, files: File[]) {
  const input = host.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

describe('deal documents tab', () => {
  beforeEach(() => {
    fake.answers['/api/orders/doc/list'] = { body: [orderFile(1, 'generated', { name: 'Invoice 1.pdf' })] };
    fake.answers['/api/orders/custom-doc/list'] = { body: [orderFile(2, 'custom', { name: 'scan.png', mime: 'image/png', size: 1536, public_visible: false })] };
  });

  it('lists generated documents and uploaded files with size, who added them and when', async () => {
    const host = await show();
    const generated = sectionTitled(host, 'Generated documents');
    const uploaded = sectionTitled(host, 'Uploaded files');
    expect(generated.querySelector('tbody th')?.textContent).toContain('Invoice 1.pdf');
    expect(generated.textContent).toContain('2 KB');
    expect(generated.textContent).toContain('Demo Admin');
    expect(uploaded.querySelector('tbody th')?.textContent).toContain('scan.png');
    expect(uploaded.textContent).toContain('1.5 KB');
    expect(uploaded.textContent).toContain('Not shown in the public order');
  });

  it('empty lists say so', async () => {
    fake.answers['/api/orders/doc/list'] = { body: [] };
    fake.answers['/api/orders/custom-doc/list'] = { body: [] };
    const host = await show();
    expect(host.textContent).toContain('No documents have been generated for this order yet.');
    expect(host.textContent).toContain('No files have been uploaded yet.');
  });

  it('a failed load offers to try again', async () => {
    fake.answers['/api/orders/doc/list'] = { status: 500, body: { error: 'down' } };
    const host = await show();
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('The documents did not load.');
  });

  it('upload: the chosen file is sent as multipart and listed', async () => {
    fake.answers['/api/orders/custom-doc/upload'] = { body: orderFile(9, 'custom', { name: 'contract.pdf' }) };
    const host = await show();
    await chooseFiles(host, [new File(['%PDF'], 'contract.pdf', { type: 'application/pdf' })]);
    const [call] = fake.callsTo('/api/orders/custom-doc/upload');
    expect((call.body as FormData).get('order_id')).toBe('15');
    expect((call.body as FormData).get('public_visible')).toBe('1');
    expect(sectionTitled(host, 'Uploaded files').textContent).toContain('contract.pdf');
  });

  it('rule: a file over 10 MB is refused in the browser with a clear text and nothing is sent', async () => {
    const host = await show();
    const big = new File(['x'], 'video.mp4');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await chooseFiles(host, [big]);
    expect(host.querySelector('.deal-documents__problems')?.textContent).toBe('video.mp4 is larger than 10 MB. Choose a smaller file.');
    expect(fake.callsTo('/api/orders/custom-doc/upload')).toEqual([]);
  });

  it('a dropped file is uploaded too', async () => {
    fake.answers['/api/orders/custom-doc/upload'] = { body: orderFile(9, 'custom', { name: 'dropped.txt' }) };
    const host = await show();
    const zone = host.querySelector<HTMLElement>('.deal-documents__drop')!;
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [new File(['hi'], 'dropped.txt')] } });
    await act(async () => {
      zone.dispatchEvent(drop);
    });
    await settle();
    expect(fake.callsTo('/api/orders/custom-doc/upload')).toHaveLength(1);
  });

  it("delete asks 'Are you sure you want to delete it?' first, then deletes and takes the file off the list", async () => {
    fake.answers['/api/orders/custom-doc/delete'] = { body: { success: true } };
    const host = await show();
    await press(buttonNamed(host, 'Delete scan.png'));
    expect(dialog()?.textContent).toContain('Are you sure you want to delete it?');
    expect(fake.callsTo('/api/orders/custom-doc/delete')).toEqual([]);
    await press(buttonNamed(dialog()!, 'Delete'));
    expect(fake.callsTo('/api/orders/custom-doc/delete')[0].query.get('id')).toBe('2');
    expect(host.textContent).toContain('No files have been uploaded yet.');
  });

  it('download fetches the bytes with the token and saves them under the file name', async () => {
    fake.answers['/api/orders/doc/download'] = { bytes: new Uint8Array([1, 2, 3]), headers: { 'content-type': 'application/pdf' } };
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const host = await show();
    await press(buttonNamed(host, 'Download Invoice 1.pdf'));
    expect(fake.callsTo('/api/orders/doc/download')[0].authorization).toBe('Bearer staff-token');
    expect(clicked.map((anchor) => [anchor.download, anchor.getAttribute('href')])).toEqual([['Invoice 1.pdf', 'blob:test/1']]);
    expect(new Uint8Array(await objectUrls[0].arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('open shows a PDF or image in a new tab; a type that could run script (HTML, SVG) is downloaded instead', async () => {
    fake.answers['/api/orders/custom-doc/download'] = { bytes: new Uint8Array([137, 80, 78, 71]), headers: { 'content-type': 'image/png' } };
    const tab = { location: { href: '' }, opener: {} as unknown, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const host = await show();
    await press(buttonNamed(host, 'Open scan.png'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('blob:test/1');
    expect(objectUrls[0].type).toBe('image/png');
    expect([inlineType('application/pdf'), inlineType('text/html'), inlineType('image/svg+xml'), inlineType('text/csv')]).toEqual(['application/pdf', null, null, 'text/plain;charset=utf-8']);
  });

  it('generate from a template: the chosen template is filled for the order, the lists reload; a PDF that fell back to docx says why; change last regenerates', async () => {
    fake.answers['/api/orders/doc/list'] = { body: [] };
    fake.answers['/api/orders/custom-doc/list'] = { body: [] };
    const template = (id: number, name: string, type: string, download_type: string) => ({ id, name, type, download_type, orientation: 'portrait', autogen_status_id: null, public_visible: false, builtin: null, file_name: `${name}.docx`, file_size: 100, updated_at: '2026-11-26T00:00:00Z' });
    fake.answers['/api/document/list'] = { body: [template(7, 'Invoice for payment', 'invoice', 'pdf'), template(8, 'Quote', 'quote', 'docx')] };
    fake.answers['/api/orders/doc/failures'] = { body: [{ template_id: 9, template_name: 'Contract', status_id: 3, error: 'The template has errors: {x}', created_at: '2026-11-26T00:00:00Z' }] };
    const generated = { id: 1, order_id: 15, name: 'Quote No. 1.docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 10, template_id: 8, template_name: 'Quote', type: 'quote', number: 1, format: 'docx', status: 'formed', user_id: 1, user_name: 'Ann', lead_name: 'Order', company_name: null, contact_name: null, public_visible: false, created_at: '2026-11-26T00:00:00Z' };
    fake.answers['/api/orders/doc/generate'] = { body: { document: generated, notice: 'PDF is not available: LibreOffice is not installed' } };
    const host = await show();
    expect(host.textContent).toContain('The document “Contract” was not made automatically: The template has errors: {x}');
    const select = host.querySelector<HTMLSelectElement>('.deal-documents__generate select')!;
    await act(async () => {
      select.value = '8';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    fake.answers['/api/orders/doc/list'] = { body: [orderFile(1, 'generated', { name: 'Quote No. 1.docx' })] };
    await press(buttonNamed(host, 'Generate'));
    expect(fake.callsTo('/api/orders/doc/generate').map((call) => call.body)).toEqual([{ order_id: 15, template_id: 8 }]);
    expect(host.textContent).toContain('PDF is not available: LibreOffice is not installed');
    expect(sectionTitled(host, 'Generated documents').textContent).toContain('Quote No. 1.docx');
    await press(buttonNamed(host, 'Change last'));
    expect(fake.callsTo('/api/orders/doc/generate').map((call) => call.body)).toEqual([{ order_id: 15, template_id: 8 }, { order_id: 15, template_id: 8, regenerate: true }]);
  });
});
