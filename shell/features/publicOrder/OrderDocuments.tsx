import type { PublicOrderFile } from '../../../src/contract/publicOrder';
import { t } from '../../../src/i18n';
import { saveFile } from '../../../src/ui/saveFile';
import { fetchOrderFile } from './orderApi';

/** The files the seller made visible in the public order (and the customer's own uploads), each to download. */
export function OrderDocuments({ files }: { files: readonly PublicOrderFile[] }) {
  async function download(file: PublicOrderFile) {
    const result = await fetchOrderFile(file);
    if (result.ok) saveFile(result.data, file.name);
  }
  return (
    <section className="po-section" aria-labelledby="po-documents">
      <h2 id="po-documents">{t('publicOrder.page.documents')}</h2>
      {files.length === 0 ? (
        <p className="po-empty">{t('publicOrder.page.noDocuments')}</p>
      ) : (
        <ul className="po-documents">
          {files.map((file) => (
            <li key={`${file.kind}-${file.id}`}>
              <span className="po-documents__name">{file.name}</span>
              <button type="button" className="shell-button" aria-label={t('publicOrder.page.downloadNamed', { name: file.name })} onClick={() => void download(file)}>
                {t('publicOrder.page.download')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
