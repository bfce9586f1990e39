import { useId } from 'react';
import type { OrderFile } from '../../../src/contract/orderDocuments';
import { t } from '../../../src/i18n';
import { formatSize } from './DocumentsFiles';
import { formatDateTimeText } from '../../../src/i18n/dates';

/** The file's extension as a small type badge ('PDF', 'XLSX'); a file without one shows 'FILE'. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  return /^[\p{L}\p{N}]{1,5}$/u.test(extension) ? extension.toUpperCase() : 'FILE';
}

export interface DocumentsListProps {
  title: string;
  empty: string;
  files: readonly OrderFile[];
  /** Files whose bytes are being fetched (open or download). */
  busyIds: readonly number[];
  onOpen: (file: OrderFile) => void;
  onDownload: (file: OrderFile) => void;
  onDelete: (file: OrderFile) => void;
}

/** One list of an order's files: name, size, who added it and when; open, download and (when allowed) delete. */
export function DocumentsList({ title, empty, files, busyIds, onOpen, onDownload, onDelete }: DocumentsListProps) {
  const titleId = useId();
  return (
    <section className="deal-documents__section" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {files.length === 0 ? (
        <p className="deal-documents__note">{empty}</p>
      ) : (
        <table className="deal-documents__table">
          <thead>
            <tr>
              <th scope="col">{t('documents.fileName')}</th>
              <th scope="col" className="deal-documents__number">
                {t('documents.size')}
              </th>
              <th scope="col">{t('documents.addedBy')}</th>
              <th scope="col">{t('documents.addedAt')}</th>
              <th scope="col">
                <span className="ui-visually-hidden">{t('documents.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => {
              const busy = busyIds.includes(file.id);
              return (
                <tr key={file.id} data-file-id={file.id}>
                  <th scope="row" className="deal-documents__name">
                    <span className="deal-documents__type" aria-hidden="true">
                      {extensionOf(file.name)}
                    </span>
                    <span>{file.name}</span>
                    {!file.public_visible ? <span className="deal-documents__tag">{t('documents.hiddenFromPublic')}</span> : null}
                  </th>
                  <td className="deal-documents__number">{formatSize(file.size)}</td>
                  <td>{file.user_name ?? (file.customer_id !== null ? t('documents.byCustomer') : '—')}</td>
                  <td className="deal-documents__nowrap">{formatDateTimeText(file.created_at)}</td>
                  <td>
                    <div className="deal-documents__actions">
                      <button type="button" className="customer-button customer-button--small" disabled={busy} aria-label={t('documents.openOf', { name: file.name })} onClick={() => onOpen(file)}>
                        {t('documents.open')}
                      </button>
                      <button type="button" className="customer-button customer-button--small" disabled={busy} aria-label={t('documents.downloadOf', { name: file.name })} onClick={() => onDownload(file)}>
                        {t('documents.download')}
                      </button>
                      {file.deletable ? (
                        <button type="button" className="customer-button customer-button--small" aria-label={t('documents.deleteOf', { name: file.name })} onClick={() => onDelete(file)}>
                          {t('app.delete')}
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
