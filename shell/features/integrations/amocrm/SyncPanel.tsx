import { useEffect, useState } from 'react';
import { listAmoCatalogs, listAmoConnections, startAmoSync } from '../../../../src/api/amocrm';
import type { AmoConnectionStatus } from '../../../../src/contract/amocrm';
import type { ComparisonMode } from '../../../../src/contract/integrationSync';
import { t, type MessageKey } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';

const MODES: { mode: ComparisonMode; label: MessageKey }[] = [
  { mode: 'none', label: 'integrations.amocrm.noComparison' },
  { mode: 'name', label: 'integrations.duplicateByName' },
  { mode: 'name_article', label: 'integrations.duplicateByNameArticle' },
  { mode: 'name_article_batch', label: 'integrations.duplicateByNameArticleBatch' },
];

/** 'Product synchronization settings': which way, how duplicates are found, which CRM catalog; the run is a task. */
export function AmoSyncPanel() {
  const [connection, setConnection] = useState<AmoConnectionStatus | null | undefined>(undefined);
  const [catalogs, setCatalogs] = useState<{ id: number | string; name: string }[]>([]);
  const [catalogId, setCatalogId] = useState<number | null>(null);
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [mode, setMode] = useState<ComparisonMode>('name');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void listAmoConnections().then((answer) => setConnection(answer.ok ? (answer.data.find((each) => each.status === 'connected') ?? null) : null));
  }, []);
  useEffect(() => {
    if (!connection) return;
    void listAmoCatalogs(connection.id).then((answer) => {
      const list = answer.ok ? answer.data : [];
      setCatalogs(list);
      setCatalogId(list.length ? Number(list[0]!.id) : null);
    });
  }, [connection]);

  if (connection === undefined) return <p>{t('integrations.amocrm.loading')}</p>;
  if (connection === null) return <p>{t('integrations.amocrm.notConnected')}</p>;

  const start = async () => {
    if (catalogId === null) return;
    setBusy(true);
    try {
      const answer = await startAmoSync(direction, { connection_id: connection.id, catalog_id: catalogId, mode });
      if (answer.ok) notify({ type: NotificationType.success, header: t('integrations.amocrm.started') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="integration-sync"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <fieldset>
        <legend>{t('integrations.amocrm.syncDirection')}</legend>
        {(['in', 'out'] as const).map((each) => (
          <label key={each}>
            <input type="radio" name="direction" checked={direction === each} onChange={() => setDirection(each)} />
            {t(each === 'in' ? 'integrations.amocrm.crmToWarehouse' : 'integrations.amocrm.warehouseToCrm')}
          </label>
        ))}
      </fieldset>
      <label>
        {t('integrations.amocrm.comparison')}
        <select value={mode} onChange={(event) => setMode(event.target.value as ComparisonMode)}>
          {MODES.map((each) => (
            <option key={each.mode} value={each.mode}>
              {t(each.label)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('integrations.amocrm.catalog')}
        <select value={catalogId ?? ''} onChange={(event) => setCatalogId(Number(event.target.value))}>
          {catalogs.map((each) => (
            <option key={each.id} value={each.id}>
              {each.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy || catalogId === null}>
        {t('integrations.amocrm.start')}
      </button>
    </form>
  );
}
