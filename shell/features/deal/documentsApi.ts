import type { SuccessFlag } from '../../../src/contract/common';
import type { OrderFile, OrderFileKind, OrderFileList } from '../../../src/contract/orderDocuments';
import { staffApi } from '../../../src/api/http';
import { getFile } from '../../../src/api/transport';

/**
 * An order's files (spec 2 §7): generated documents (orders/doc/list, delete, download) and uploaded ones
 * (orders/custom-doc/upload, list, delete, download).
 */

/** The largest upload (contract ORDER_FILE_MAX_BYTES; the bundles take only the contract's types). */
export const ORDER_FILE_MAX_BYTES = 10 * 1024 * 1024;

const areaOf = (kind: OrderFileKind) => (kind === 'generated' ? 'orders/doc' : 'orders/custom-doc');

export const listOrderFiles = (orderId: number, kind: OrderFileKind) =>
  staffApi.get<OrderFileList>(`${areaOf(kind)}/list`, { order_id: orderId });

export const deleteOrderFile = (file: Pick<OrderFile, 'id' | 'order_id' | 'kind'>) =>
  staffApi.get<SuccessFlag>(`${areaOf(file.kind)}/delete`, { id: file.id, order_id: file.order_id });

/** The file's bytes, fetched with the token (a plain link could not carry it). */
export const downloadOrderFile = (file: Pick<OrderFile, 'id' | 'order_id' | 'kind'>) =>
  getFile(staffApi, `${areaOf(file.kind)}/download`, { id: file.id, order_id: file.order_id });

/** orders/custom-doc/upload: multipart with order_id, public_visible when chosen, and the file; order_id goes in the address too. */
export function uploadOrderFile(orderId: number, file: Blob & { name?: string }, options: { publicVisible?: boolean } = {}) {
  const form = new FormData();
  form.append('order_id', String(orderId));
  if (options.publicVisible !== undefined) form.append('public_visible', options.publicVisible ? '1' : '0');
  form.append('file', file, file.name ?? 'file');
  return staffApi.post<OrderFile>('orders/custom-doc/upload', form, { order_id: orderId });
}
