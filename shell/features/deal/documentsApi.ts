import type { SuccessFlag } from '../../../src/contract/common';
import type { OrderFile, OrderFileKind, OrderFileList } from '../../../src/contract/orderDocuments';
import { publicApi, staffApi } from '../../../src/api/http';
import { getFile, type ApiClient } from '../../../src/api/transport';

/**
 * An order's files (spec 2 §7): generated documents (orders/doc/list, delete, download) and uploaded ones
 * (orders/custom-doc/upload, list, delete, download). In public mode the public client sends the same
 * calls to public-order/doc/* and public-order/custom-doc/*, with the public token.
 */

/** The largest upload (contract ORDER_FILE_MAX_BYTES; the bundles take only the contract's types). */
export const ORDER_FILE_MAX_BYTES = 10 * 1024 * 1024;

const clientOf = (publicMode: boolean): ApiClient => (publicMode ? publicApi : staffApi);
const areaOf = (kind: OrderFileKind) => (kind === 'generated' ? 'orders/doc' : 'orders/custom-doc');

export const listOrderFiles = (orderId: number, kind: OrderFileKind, publicMode: boolean) =>
  clientOf(publicMode).get<OrderFileList>(`${areaOf(kind)}/list`, { order_id: orderId });

export const deleteOrderFile = (file: Pick<OrderFile, 'id' | 'order_id' | 'kind'>, publicMode: boolean) =>
  clientOf(publicMode).get<SuccessFlag>(`${areaOf(file.kind)}/delete`, { id: file.id, order_id: file.order_id });

/** The file's bytes, fetched with the token (a plain link could not carry it). */
export const downloadOrderFile = (file: Pick<OrderFile, 'id' | 'order_id' | 'kind'>, publicMode: boolean) =>
  getFile(clientOf(publicMode), `${areaOf(file.kind)}/download`, { id: file.id, order_id: file.order_id });

/**
 * orders/custom-doc/upload: multipart with order_id and the file (staff: also public_visible). order_id goes
 * in the address too, where public-order/custom-doc/upload checks the share before it reads the file.
 */
export function uploadOrderFile(orderId: number, file: Blob & { name?: string }, options: { publicMode: boolean; publicVisible?: boolean }) {
  const form = new FormData();
  form.append('order_id', String(orderId));
  if (!options.publicMode && options.publicVisible !== undefined) form.append('public_visible', options.publicVisible ? '1' : '0');
  form.append('file', file, file.name ?? 'file');
  return clientOf(options.publicMode).post<OrderFile>('orders/custom-doc/upload', form, { order_id: orderId });
}
