import { publicApi } from '../../../src/api/http';
import { getFile } from '../../../src/api/transport';
import type { FieldDefinition } from '../../../src/contract/catalogue';
import type {
  PublicCatalogue,
  PublicOrderFile,
  PublicOrderUpdateRequest,
  PublicOrderWithPositions,
  PublicPositionAddRequest,
  PublicPositionDeleteRequest,
} from '../../../src/contract/publicOrder';

/**
 * The customer page's calls, straight to the public-order routes with the public token (the public client
 * leaves public-order/… paths as they are).
 */

export const fetchPublicOrder = (orderId: number) => publicApi.get<PublicOrderWithPositions>('public-order/order', { order_id: orderId });

export const sendPublicOrderUpdate = (body: PublicOrderUpdateRequest) => publicApi.post<PublicOrderWithPositions>('public-order/order/update', body);

/** A plain product id: the server picks the warehouse (customers see none). */
export const sendPublicPositionAdd = (body: PublicPositionAddRequest) => publicApi.post<PublicOrderWithPositions>('public-order/order/position/add', body);

export const sendPublicPositionDelete = (body: PublicPositionDeleteRequest) => publicApi.post<PublicOrderWithPositions>('public-order/order/position/delete', body);

/** The order fields the customer may see (names for the details list). */
export const fetchPublicOrderFields = () => publicApi.get<FieldDefinition[]>('public-order/fields/list', { entity: 'order' });

/** A page of the products the customer's scenario offers them (spec 2 §9), searched by name or article. */
export const fetchOfferedProducts = (search: string, perPage: number) =>
  publicApi.get<PublicCatalogue>('public-order/categories/list', { ...(search ? { search } : {}), per_page: perPage });

const filesArea = (kind: 'generated' | 'custom') => (kind === 'generated' ? 'public-order/doc' : 'public-order/custom-doc');

export const fetchOrderFiles = (orderId: number, kind: 'generated' | 'custom') => publicApi.get<PublicOrderFile[]>(`${filesArea(kind)}/list`, { order_id: orderId });

/** The file's bytes, fetched with the token (a plain link could not carry it). */
export const fetchOrderFile = (file: Pick<PublicOrderFile, 'id' | 'order_id' | 'kind'>) => getFile(publicApi, `${filesArea(file.kind)}/download`, { id: file.id, order_id: file.order_id });
