import { useEffect, useId, useState } from 'react';
import { t } from '../../../src/i18n';
import { loadOrderDocuments } from './documents';
import { generateFromTemplate, listAutogenerationFailures, listGenerateTemplates, type Failure, type GenerateTemplate } from './templateGeneration';

export interface DocumentsGenerateProps {
  orderId: number;
  /** Whether the order has generated documents (the last one of the chosen template can be changed; the server says when there is none). */
  hasGenerated: boolean;
}

/** Generate a document from a template, or change the last one; shows why a PDF fell back to docx and failed autogenerations. */
export function DocumentsGenerate({ orderId, hasGenerated }: DocumentsGenerateProps) {
  const selectId = useId();
  const [templates, setTemplates] = useState<GenerateTemplate[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);

  useEffect(() => {
    let live = true;
    void listGenerateTemplates().then((result) => {
      if (!live || !result.ok) return;
      setTemplates(result.data);
      setChosen(result.data[0]?.id ?? null);
    });
    void listAutogenerationFailures(orderId).then((result) => live && result.ok && setFailures(result.data));
    return () => {
      live = false;
    };
  }, [orderId]);

  if (templates.length === 0) return null;

  const run = async (regenerate: boolean) => {
    if (chosen === null) return;
    setBusy(true);
    setNotice(null);
    const result = await generateFromTemplate(orderId, chosen, { regenerate });
    setBusy(false);
    if (!result.ok) return;
    setNotice(result.notice);
    await loadOrderDocuments(orderId);
  };

  return (
    <section className="deal-documents__section deal-documents__generate" aria-label={t('documents.generateTitle')}>
      <h3>{t('documents.generateTitle')}</h3>
      <div className="deal-documents__actions">
        <label htmlFor={selectId}>{t('documents.template')}</label>
        <select id={selectId} value={chosen ?? ''} onChange={(event) => setChosen(Number(event.target.value))}>
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name} ({template.download_type.toUpperCase()})
            </option>
          ))}
        </select>
        <button type="button" className="customer-button" disabled={busy || chosen === null} onClick={() => void run(false)}>
          {busy ? t('documents.generating') : t('documents.generate')}
        </button>
        {hasGenerated ? (
          <button type="button" className="customer-button" disabled={busy} onClick={() => void run(true)}>
            {t('documents.changeLast')}
          </button>
        ) : null}
      </div>
      {notice ? (
        <p className="deal-documents__note" role="status">
          {notice}
        </p>
      ) : null}
      {failures.map((failure) => (
        <p key={`${failure.template_id}-${failure.status_id}`} className="deal-documents__note" role="alert">
          {t('documents.autogenerationFailed', { name: failure.template_name, error: failure.error })}
        </p>
      ))}
    </section>
  );
}
