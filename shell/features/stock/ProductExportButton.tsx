import { useState } from 'react';
import { type ExportAnswer, readExportAnswer } from '../../../src/api/exportAnswer';
import { staffApi } from '../../../src/api/http';
import type { StockExportRequest } from '../../../src/contract/stockList';
import { t } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { saveFile } from '../../../src/ui/saveFile';
import { $stockList } from './listState';
import { $selectedProductIds } from './state';

/**
 * The stock page's product export (issue 14 §4, product/export/xlsx): every product field of the listed products
 * (the table's warehouse, filter and sort, or the selection), in a file the import reads back unchanged — unlike
 * Export, which writes the table as it is shown. A big export runs as a task, downloaded from the task center.
 */

const exportProducts = (body: StockExportRequest) => staffApi.send<ExportAnswer>('POST', 'product/export/xlsx', body, undefined, readExportAnswer);

export function ProductExportButton() {
  const [busy, setBusy] = useState(false);

  async function run() {
    const { params } = $stockList.get();
    const selected = $selectedProductIds.get();
    setBusy(true);
    const answer = await exportProducts({ warehouse: params.warehouse, filter: params.filter, sort: params.sort, ...(selected.length > 0 && { ids: [...selected] }) });
    setBusy(false);
    if (!answer.ok) notify({ type: NotificationType.error, header: t('errors.exportFailed') });
    else if ('file' in answer.data) saveFile(answer.data.file, 'products.xlsx');
    else {
      // The task store (and its texts) load only when a task starts.
      const { taskStarted } = await import('../../stores/tasks');
      void taskStarted(answer.data.taskId, { header: t('stock.exportStarted.startedHeader'), text: t('stock.exportStarted.started') });
    }
  }

  return (
    <button type="button" className="shell-button" title={t('stock.productExport.hint')} disabled={busy} aria-busy={busy} onClick={() => void run()}>
      {busy ? t('stock.list.exporting') : t('stock.productExport.button')}
    </button>
  );
}
