import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { t } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { $orderDocuments, uploadOrderDocument } from './documents';
import { Checkbox } from '../../../src/ui/Checkbox';

/**
 * Uploads files to the order: chosen with the button or dropped on the area, one after another. A file over
 * 10 MB (or an empty one) is refused here with a clear text before any byte is sent. Staff choose whether
 * new files show in the public order.
 */
export function DocumentsUpload() {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { uploading } = useStore($orderDocuments);
  const [over, setOver] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [publicVisible, setPublicVisible] = useState(true);

  const upload = async (files: readonly File[]) => {
    setProblems([]);
    for (const file of files) {
      const result = await uploadOrderDocument(file, { publicVisible });
      if (result.ok) {
        notify({ type: NotificationType.success, header: t('documents.uploaded', { name: file.name }) });
        continue;
      }
      const text =
        result.reason === 'tooLarge'
          ? t('documents.tooLarge', { name: file.name })
          : result.reason === 'empty'
            ? t('documents.emptyFile', { name: file.name })
            : t('documents.uploadFailed', { name: file.name });
      setProblems((current) => [...current, text]);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length) void upload(files);
  };

  return (
    <div
      className={`deal-documents__drop${over ? ' is-over' : ''}`}
      onDragEnter={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
    >
      <p className="deal-documents__drop-text">
        {over ? (
          t('documents.dropNow')
        ) : (
          <>
            {t('documents.dropHere')}{' '}
            <button type="button" className="customer-button customer-button--small" aria-describedby={hintId} onClick={() => input.current?.click()}>
              {t('documents.choose')}
            </button>
          </>
        )}
      </p>
      <p className="deal-documents__note" id={hintId}>
        {t('documents.maxSize')}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t('documents.upload')}
        data-testid="documents-file-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length) void upload(files);
        }}
      />
      <Checkbox label={t('documents.publicVisible')} value={publicVisible} onChange={setPublicVisible} />
      <ul className="deal-documents__progress" aria-live="polite">
        {uploading.map((name, index) => (
          <li key={`${name}-${index}`}>{t('documents.uploading', { name })}</li>
        ))}
      </ul>
      {problems.length ? (
        <ul className="deal-documents__problems" role="alert">
          {problems.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
