import { useEffect, useState } from 'react';
import { getBitrix24Settings, loadBitrix24Stages, saveBitrix24Settings, startBitrix24Sync } from '../../../../src/api/bitrix24';
import type { Bitrix24SettingsAnswer, SyncDirection } from '../../../../src/contract/bitrix24';
import type { ComparisonMode } from '../../../../src/contract/integrationSync';
import { t, type MessageKey } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { Bitrix24Connection } from './Bitrix24Connection';

export { Bitrix24Connection };

const STATUS_OPTIONS: { value: string; label: MessageKey }[] = [
  { value: '', label: 'integrations.bitrix24.keep' },
  { value: '0', label: 'integrations.bitrix24.opened' },
  { value: '1', label: 'integrations.bitrix24.reserved' },
  { value: '2', label: 'integrations.bitrix24.success' },
  { value: '3', label: 'integrations.bitrix24.unsuccessful' },
];
const MODES: { value: ComparisonMode; label: MessageKey }[] = [
  { value: 'none', label: 'integrations.bitrix24.noComparison' },
  { value: 'name', label: 'integrations.duplicateByName' },
  { value: 'name_article', label: 'integrations.duplicateByNameArticle' },
  { value: 'name_article_batch', label: 'integrations.duplicateByNameArticleBatch' },
];

function useSettings() {
  const [settings, setSettings] = useState<Bitrix24SettingsAnswer | null>(null);
  const reload = () => void getBitrix24Settings().then((answer) => answer.ok && setSettings(answer.data));
  useEffect(reload, []);
  return [settings, setSettings, reload] as const;
}

/** General: the connection (connect, install address, disconnect) and which crm_status each deal stage means for the order. */
export function Bitrix24General() {
  const [settings, setSettings, reload] = useSettings();
  const [mapping, setMapping] = useState<Record<string, number>>({});
  useEffect(() => setMapping(settings?.stage_mapping ?? {}), [settings]);
  if (!settings) return null;
  const connection = settings.connection;
  return (
    <div className="bitrix24-general">
      <Bitrix24Connection settings={settings} onChange={reload} />
      {connection ? (
        <section aria-labelledby="bitrix24-stages">
          <h3 id="bitrix24-stages">{t('integrations.bitrix24.stageMapping')}</h3>
          <button type="button" onClick={() => void loadBitrix24Stages().then((answer) => answer.ok && setSettings(answer.data))}>
            {t('integrations.bitrix24.loadStages')}
          </button>
          {settings.stages.map((stage) => (
            <label key={stage.id}>
              {stage.name}
              <select
                value={mapping[stage.id] === undefined ? '' : String(mapping[stage.id])}
                onChange={(event) => {
                  const next = { ...mapping };
                  if (event.target.value === '') delete next[stage.id];
                  else next[stage.id] = Number(event.target.value);
                  setMapping(next);
                }}
              >
                {STATUS_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {t(option.label)}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {settings.stages.length ? (
            <button type="button" onClick={() => void saveBitrix24Settings({ stage_mapping: mapping }).then((answer) => answer.ok && setSettings(answer.data))}>
              {t('integrations.bitrix24.save')}
            </button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** Product synchronization: the duplicate comparison and the direction (saved), and the start of a sync task. */
export function Bitrix24Sync() {
  const [settings, setSettings] = useSettings();
  const [busy, setBusy] = useState(false);
  if (!settings) return null;
  if (!settings.connection) return <p>{t('integrations.bitrix24.notConnected')}</p>;
  const save = (update: { comparison_mode?: ComparisonMode; direction?: SyncDirection }) => void saveBitrix24Settings(update).then((answer) => answer.ok && setSettings(answer.data));
  const start = async () => {
    setBusy(true);
    try {
      const answer = await startBitrix24Sync({ direction: settings.direction === 'crm_to_warehouse' ? 'in' : 'out', mode: settings.comparison_mode });
      if (answer.ok) notify({ type: NotificationType.success, header: t('integrations.bitrix24.started') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="bitrix24-sync">
      <label>
        {t('integrations.bitrix24.comparison')}
        <select value={settings.comparison_mode} onChange={(event) => save({ comparison_mode: event.target.value as ComparisonMode })}>
          {MODES.map((mode) => (
            <option key={mode.value} value={mode.value}>
              {t(mode.label)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('integrations.bitrix24.direction')}
        <select value={settings.direction} onChange={(event) => save({ direction: event.target.value as SyncDirection })}>
          <option value="crm_to_warehouse">{t('integrations.bitrix24.crmToWarehouse')}</option>
          <option value="warehouse_to_crm">{t('integrations.bitrix24.warehouseToCrm')}</option>
        </select>
      </label>
      <button type="button" disabled={busy} onClick={() => void start()}>
        {t('integrations.bitrix24.start')}
      </button>
    </div>
  );
}
