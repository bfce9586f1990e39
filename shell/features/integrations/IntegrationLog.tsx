import { useCallback, useEffect, useState } from 'react';
import { getIntegrationLog, retryIntegrationLog } from '../../../src/api/integrations';
import type { IntegrationLogLevel, IntegrationLogPage, IntegrationScreenKind } from '../../../src/contract/integrationSync';
import { formatDateTimeText } from '../../../src/i18n/dates';
import { t, type MessageKey } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';

const LEVEL: Record<IntegrationLogLevel, MessageKey> = { info: 'integrations.levelInfo', warning: 'integrations.levelWarning', error: 'integrations.levelError' };

/** The last syncs and errors of one integration, newest first; a failed sync offers Retry (its task runs again). */
export function IntegrationLog({ kind }: { kind: IntegrationScreenKind }) {
  const [page, setPage] = useState(1);
  const [log, setLog] = useState<IntegrationLogPage | null>(null);
  const load = useCallback(async () => {
    const answer = await getIntegrationLog(kind, page);
    if (answer.ok) setLog(answer.data);
  }, [kind, page]);
  useEffect(() => {
    void load();
  }, [load]);
  const retry = async (id: number) => {
    const answer = await retryIntegrationLog(id);
    if (answer.ok) notify({ type: NotificationType.success, header: t('integrations.retryStarted'), text: t('integrations.retryInTasks') });
    await load();
  };
  return (
    <section className="integration-log" aria-labelledby="integration-log-title">
      <h2 id="integration-log-title">{t('integrations.logTitle')}</h2>
      {log && log.data.length === 0 ? <p>{t('integrations.logEmpty')}</p> : null}
      {log && log.data.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('integrations.logAt')}</th>
              <th scope="col">{t('integrations.logLevel')}</th>
              <th scope="col">{t('integrations.logMessage')}</th>
              <th scope="col">
                <span className="ui-visually-hidden">{t('integrations.logActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((entry) => (
              <tr key={entry.id} data-level={entry.level}>
                <td>{formatDateTimeText(entry.at)}</td>
                <td>{t(LEVEL[entry.level])}</td>
                <td>{entry.message}</td>
                <td>
                  {entry.can_retry ? (
                    <button type="button" onClick={() => void retry(entry.id)}>
                      {t('integrations.retry')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {log && log.meta.last_page > 1 ? (
        <nav aria-label={t('integrations.logPages')}>
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('integrations.newer')}
          </button>
          <span>{t('integrations.pageOf', { page, pages: log.meta.last_page })}</span>
          <button type="button" disabled={page >= log.meta.last_page} onClick={() => setPage(page + 1)}>
            {t('integrations.older')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
