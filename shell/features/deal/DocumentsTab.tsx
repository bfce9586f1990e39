import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { OrderFile } from '../../../src/contract/orderDocuments';
import { t } from '../../../src/i18n';
import { $orderDocuments, deleteOrderDocument, fetchOrderDocument, loadOrderDocuments } from './documents';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { inlineType, saveBlob, showBlobIn } from './DocumentsFiles';
import { DocumentsGenerate } from './DocumentsGenerate';
import { DocumentsList } from './DocumentsList';
import { DocumentsUpload } from './DocumentsUpload';
import styles from './DocumentsTab.css?raw';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(styles);

export interface DocumentsTabProps {
  orderId: number;
}

/**
 * The deal's documents tab: the order's generated documents and uploaded files, each opened in a new tab,
 * downloaded or deleted (after confirmation), and an upload area.
 */
export function DocumentsTab({ orderId }: DocumentsTabProps) {
  const state = useStore($orderDocuments);
  const [busyIds, setBusyIds] = useState<number[]>([]);
  const [deleting, setDeleting] = useState<OrderFile | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  useEffect(() => {
    void loadOrderDocuments(orderId);
  }, [orderId]);

  const withBytes = async (file: OrderFile, use: (blob: Blob) => void, tab: Window | null = null) => {
    setBusyIds((ids) => [...ids, file.id]);
    const fetched = await fetchOrderDocument(file);
    setBusyIds((ids) => ids.filter((id) => id !== file.id));
    if (fetched) use(fetched.blob);
    else tab?.close();
  };

  const open = (file: OrderFile) => {
    const type = inlineType(file.mime);
    if (!type) {
      void withBytes(file, (blob) => saveBlob(blob, file.name));
      return;
    }
    // Opened now, while the click still counts as the user's: a tab opened after the wait would be blocked.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    void withBytes(file, (blob) => (tab ? showBlobIn(tab, blob, type) : saveBlob(blob, file.name)), tab);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    await deleteOrderDocument(deleting);
    setDeleteBusy(false);
    setDeleting(null);
  };

  const current = state.orderId === orderId;
  const loading = !current || (state.status === 'loading' && state.generated.length + state.custom.length === 0);

  return (
    <div className="deal-documents" aria-label={t('documents.tabLabel')} role="region" aria-busy={state.status === 'loading'}>
      {/* Kept while the lists reload after a generation, so its notice stays. */}
      {current && state.status !== 'error' ? <DocumentsGenerate orderId={orderId} hasGenerated={state.generated.length > 0} /> : null}
      {current && state.status === 'error' ? (
        <div className="deal-documents__error" role="alert">
          <p>{t('documents.loadFailed')}</p>
          <button type="button" className="customer-button" onClick={() => void loadOrderDocuments(orderId)}>
            {t('app.retry')}
          </button>
        </div>
      ) : loading ? (
        <p className="deal-documents__note">{t('app.loading')}</p>
      ) : (
        <>
          <DocumentsList
            title={t('documents.generatedTitle')}
            empty={t('documents.noGenerated')}
            files={state.generated}
            busyIds={busyIds}
            onOpen={open}
            onDownload={(file) => void withBytes(file, (blob) => saveBlob(blob, file.name))}
            onDelete={setDeleting}
          />
          <DocumentsList
            title={t('documents.uploadedTitle')}
            empty={t('documents.noUploaded')}
            files={state.custom}
            busyIds={busyIds}
            onOpen={open}
            onDownload={(file) => void withBytes(file, (blob) => saveBlob(blob, file.name))}
            onDelete={setDeleting}
          />
        </>
      )}
      {current && state.status !== 'error' ? <DocumentsUpload /> : null}
      {deleting ? <ConfirmDialog text={t('app.confirmDelete')} confirmLabel={t('app.delete')} busy={deleteBusy} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} /> : null}
    </div>
  );
}
