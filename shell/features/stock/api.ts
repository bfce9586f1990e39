import type { TableConfig } from '../../../src/contract/account';
import type { Category } from '../../../src/contract/catalogue';
import type { Warehouse } from '../../../src/contract/stock';
import type { StockExportRequest, StockList, StockListRequest, StockTotals } from '../../../src/contract/stockList';
import { staffApi } from '../../../src/api/http';
import { downloadFile } from '../../../src/api/transport';

/** The stock screen's calls (server/modules/products/stockRoutes.ts). */
export const listStock = (body: StockListRequest) => staffApi.post<StockList>('product/stock-list', body);
export const loadStockTotals = (body: Pick<StockListRequest, 'warehouse' | 'filter'>) => staffApi.post<StockTotals>('product/stock-totals', body);
export const exportStockFile = (body: StockExportRequest) => downloadFile(staffApi, 'product/stock-export', body);
export const archiveProducts = (ids: readonly number[]) => staffApi.post<{ archived: number }>('product/archive-many', { ids });

export const listWarehouses = () => staffApi.get<Warehouse[]>('warehouse/list');
export const listCategories = () => staffApi.get<Category[]>('category/list');

/** The account/table-config code of the stock table's setup. */
export const STOCK_TABLE_CODE = 'stock_list';

/** The table setup, saved for the whole account (value null until first saved). */
export const getStockTableConfig = () => staffApi.get<TableConfig>('account/table-config', { code: STOCK_TABLE_CODE });
export const saveStockTableConfig = (value: unknown) => staffApi.post<TableConfig>('account/table-config', { code: STOCK_TABLE_CODE, value });
