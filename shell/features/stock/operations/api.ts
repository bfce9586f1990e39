import type { FieldDefinition } from '../../../../src/contract/catalogue';
import type { AutocompleteItem, Product, Warehouse } from '../../../../src/contract/stock';
import type {
  ArrivalDocumentRequest,
  BatchCheck,
  MoveDocumentRequest,
  PriceEditRequest,
  PriceEditResult,
  StockDocument,
  TransitList,
  WriteOffDocumentRequest,
} from '../../../../src/contract/stockOperations';
import { staffApi } from '../../../../src/api/http';

/** The calls of the stock operations: each document is applied whole or refused whole by the server. */

export const listWarehouses = () => staffApi.get<Warehouse[]>('warehouse/list');
export const searchProducts = (query: string) => staffApi.get<AutocompleteItem[]>('product/autocomplete/name', { query });
export const getProduct = (id: number) => staffApi.get<Product>('product/get', { id });
/** The account's own product fields; the price types are those of type 11. */
export const listProductFields = () => staffApi.get<FieldDefinition[]>('field/list');

export const receiveGoods = (body: ArrivalDocumentRequest) => staffApi.post<StockDocument>('stock/arrival', body);
export const writeOffGoods = (body: WriteOffDocumentRequest) => staffApi.post<StockDocument>('stock/write-off', body);
export const moveGoods = (body: MoveDocumentRequest) => staffApi.post<StockDocument>('stock/move', body);
export const listTransit = () => staffApi.get<TransitList>('stock/transit');
export const receiveTransit = (id: number) => staffApi.post<StockDocument>('stock/transit/receive', { id });
export const cancelTransit = (id: number) => staffApi.post<StockDocument>('stock/transit/cancel', { id });
/** 'Existing batch' as the user types; the blank number is never flagged (the server answers so too). */
export const checkBatch = (query: { product_id: number; warehouse_id: number; batch: string }) => staffApi.get<BatchCheck>('stock/batch-check', query);
export const editPrices = (body: PriceEditRequest) => staffApi.post<PriceEditResult>('product/price-edit', body);
