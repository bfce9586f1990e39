import { map } from 'nanostores';
import { deleteOrderFile, downloadOrderFile, listOrderFiles, ORDER_FILE_MAX_BYTES, uploadOrderFile } from './documentsApi';
import type { DownloadedFile } from '../../../src/api/transport';
import type { OrderFile } from '../../../src/contract/orderDocuments';
import type { LoadStatus } from '../../stores/customers';

/** The files of the order open on the deal screen's documents tab: generated documents and uploads. */
export interface OrderDocumentsState {
  orderId: number | null;
  generated: OrderFile[];
  custom: OrderFile[];
  status: LoadStatus;
  /** Names of the files being uploaded now. */
  uploading: string[];
}

const initial: OrderDocumentsState = { orderId: null, generated: [], custom: [], status: 'idle', uploading: [] };
export const $orderDocuments = map<OrderDocumentsState>({ ...initial });

let ticket = 0;

/** Loads both lists of the order. */
export async function loadOrderDocuments(orderId: number): Promise<void> {
  const mine = ++ticket;
  const before = $orderDocuments.get();
  $orderDocuments.set({ ...(before.orderId === orderId ? before : initial), orderId, status: 'loading' });
  const [generated, custom] = await Promise.all([listOrderFiles(orderId, 'generated'), listOrderFiles(orderId, 'custom')]);
  if (mine !== ticket) return;
  if (!generated.ok || !custom.ok) {
    $orderDocuments.setKey('status', 'error');
    return;
  }
  $orderDocuments.set({ ...$orderDocuments.get(), generated: generated.data, custom: custom.data, status: 'ready' });
}

export type UploadResult = { ok: true; file: OrderFile } | { ok: false; reason: 'tooLarge' | 'empty' | 'failed' };

/** A file the server would refuse is refused here first, without sending its bytes. */
export function uploadProblem(file: Pick<Blob, 'size'>): 'tooLarge' | 'empty' | null {
  if (file.size > ORDER_FILE_MAX_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/** Uploads one file to the open order; the list shows it once stored. */
export async function uploadOrderDocument(file: Blob & { name?: string }, options: { publicVisible?: boolean } = {}): Promise<UploadResult> {
  const { orderId } = $orderDocuments.get();
  if (orderId === null) return { ok: false, reason: 'failed' };
  const problem = uploadProblem(file);
  if (problem) return { ok: false, reason: problem };
  const name = file.name ?? 'file';
  $orderDocuments.setKey('uploading', [...$orderDocuments.get().uploading, name]);
  const result = await uploadOrderFile(orderId, file, { publicVisible: options.publicVisible });
  const state = $orderDocuments.get();
  const uploading = [...state.uploading];
  uploading.splice(uploading.indexOf(name), 1);
  if (state.orderId !== orderId) return result.ok ? { ok: true, file: result.data } : { ok: false, reason: 'failed' };
  if (!result.ok) {
    $orderDocuments.setKey('uploading', uploading);
    return { ok: false, reason: 'failed' };
  }
  $orderDocuments.set({ ...state, uploading, custom: [...state.custom.filter((each) => each.id !== result.data.id), result.data] });
  return { ok: true, file: result.data };
}

/** Deletes a file (after the user confirmed) and takes it off its list. */
export async function deleteOrderDocument(file: OrderFile): Promise<boolean> {
  const result = await deleteOrderFile(file);
  if (!result.ok) return false;
  const state = $orderDocuments.get();
  const key = file.kind === 'generated' ? 'generated' : 'custom';
  $orderDocuments.setKey(key, state[key].filter((each) => each.id !== file.id));
  return true;
}

/** A file's bytes (with the token); null when the server refused (its text is already shown). */
export async function fetchOrderDocument(file: OrderFile): Promise<DownloadedFile | null> {
  const result = await downloadOrderFile(file);
  return result.ok ? result.data : null;
}
