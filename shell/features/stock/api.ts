import type { TableConfig } from '../../../src/contract/account';
import type { Category } from '../../../src/contract/catalogue';
import type { Warehouse } from '../../../src/contract/stock';
import type { StockExportRequest, StockList, StockListRequest, StockTotals } from '../../../src/contract/stockList';
import { staffApi } from '../../../src/api/http';
import { dispositionFileName, type DownloadedFile } from '../../../src/api/transport';
import type { ExportStarted } from '../../../src/contract/import';

/** The stock screen's calls (server/modules/products/stockRoutes.ts). */
export const listStock = (body: StockListRequest) => staffApi.post<StockList>('product/stock-list', body);
export const loadStockTotals = (body: Pick<StockListRequest, 'warehouse' | 'filter'>) => staffApi.post<StockTotals>('product/stock-totals', body);
/** The export's answer: the file, or (202, a big export) the task that writes it for the task center. */
export type StockExportAnswer = { file: DownloadedFile } | { taskId: number };
const readExport = async (response: Response): Promise<StockExportAnswer> =>
  response.status === 202
    ? { taskId: ((await response.json()) as ExportStarted).task_id }
    : { file: { blob: await response.blob(), fileName: dispositionFileName(response.headers.get('content-disposition')) } };
export const exportStockFile = (body: StockExportRequest) => staffApi.send<StockExportAnswer>('POST', 'product/stock-export', body, undefined, readExport);
export const archiveProducts = (ids: readonly number[]) => staffApi.post<{ archived: number }>('product/archive-many', { ids });

export const listWarehouses = () => staffApi.get<Warehouse[]>('warehouse/list');
export const listCategories = () => staffApi.get<Category[]>('category/list');

/** The account/table-config code of the stock table's setup. */
export const STOCK_TABLE_CODE = 'stock_list';

/** The table setup, saved for the whole account (value null until first saved). */
export const getStockTableConfig = () => staffApi.get<TableConfig>('account/table-config', { code: STOCK_TABLE_CODE });
export const saveStockTableConfig = (value: unknown) => staffApi.post<TableConfig>('account/table-config', { code: STOCK_TABLE_CODE, value });
