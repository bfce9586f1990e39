import { useEffect, useState } from 'react';
import { getAmoSettings, listAmoLeadFields, listAmoPipelines, saveAmoSettings } from '../../../../src/api/amocrm';
import type { AmoBindings, AmoSettings, AmoStageMapping } from '../../../../src/contract/amocrm';
import { t, type MessageKey } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';

const BINDINGS: { key: keyof AmoBindings; label: MessageKey }[] = [
  { key: 'products', label: 'integrations.amocrm.bindProducts' },
  { key: 'product_search', label: 'integrations.amocrm.bindProductSearch' },
  { key: 'cost_price', label: 'integrations.amocrm.bindCostPrice' },
  { key: 'profit', label: 'integrations.amocrm.bindProfit' },
  { key: 'budget', label: 'integrations.amocrm.bindBudget' },
  { key: 'vat_sum', label: 'integrations.amocrm.bindVatSum' },
];
const STATUS_OPTIONS: { value: string; label: MessageKey }[] = [
  { value: '', label: 'integrations.amocrm.keepOrder' },
  { value: '0', label: 'integrations.amocrm.crmOpened' },
  { value: '1', label: 'integrations.amocrm.crmReserved' },
  { value: '2', label: 'integrations.amocrm.crmSuccess' },
  { value: '3', label: 'integrations.amocrm.crmUnsuccessful' },
  { value: '4', label: 'integrations.amocrm.crmDeleted' },
];

type Pipelines = { id: number; name: string; statuses: { id: number; name: string }[] }[];

/**
 * One connection's deal field bindings (spec §3), lead stage → order mapping, order creation for new leads and the
 * webhook address to give amoCRM. The lists come live from the CRM; the server refuses an id the CRM no longer has.
 */
export function AmoBindingsPanel({ connectionId }: { connectionId: number }) {
  const [fields, setFields] = useState<{ id: number; name: string }[]>([]);
  const [pipelines, setPipelines] = useState<Pipelines>([]);
  const [saved, setSaved] = useState<AmoSettings | null>(null);
  const [bindings, setBindings] = useState<AmoBindings | null>(null);
  const [mapping, setMapping] = useState<AmoStageMapping>({});
  const [createOrders, setCreateOrders] = useState(false);

  useEffect(() => {
    void listAmoLeadFields(connectionId).then((answer) => answer.ok && setFields(answer.data));
    void listAmoPipelines(connectionId).then((answer) => answer.ok && setPipelines(answer.data));
    void getAmoSettings(connectionId).then((answer) => answer.ok && setSaved(answer.data));
  }, [connectionId]);
  useEffect(() => {
    if (!saved) return;
    setBindings(saved.bindings);
    setMapping(saved.stage_mapping);
    setCreateOrders(saved.create_orders);
  }, [saved]);
  if (!saved || !bindings) return <p>{t('integrations.amocrm.loading')}</p>;

  const save = async () => {
    const answer = await saveAmoSettings({ connection_id: connectionId, bindings, stage_mapping: mapping, create_orders: createOrders });
    if (answer.ok) {
      setSaved(answer.data);
      notify({ type: NotificationType.success, header: t('integrations.amocrm.saved') });
    }
  };

  return (
    <form
      className="amocrm-bindings"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset>
        <legend>{t('integrations.amocrm.bindings')}</legend>
        {BINDINGS.map(({ key, label }) => (
          <label key={key}>
            {t(label)}
            <select aria-label={t(label)} value={bindings[key] === null ? '' : String(bindings[key])} onChange={(event) => setBindings({ ...bindings, [key]: event.target.value === '' ? null : Number(event.target.value) })}>
              <option value="">{t(key === 'budget' ? 'integrations.amocrm.leadPrice' : 'integrations.amocrm.notBound')}</option>
              {fields.map((field) => (
                <option key={field.id} value={field.id}>
                  {field.name}
                </option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('integrations.amocrm.stageMapping')}</legend>
        {pipelines.map((pipeline) => (
          <fieldset key={pipeline.id}>
            <legend>{pipeline.name}</legend>
            {pipeline.statuses.map((status) => {
              const key = String(status.id);
              return (
                <label key={key}>
                  {status.name}
                  <select
                    aria-label={`${pipeline.name}: ${status.name}`}
                    value={mapping[key] === undefined ? '' : String(mapping[key])}
                    onChange={(event) => {
                      const next = { ...mapping };
                      if (event.target.value === '') delete next[key];
                      else next[key] = Number(event.target.value) as AmoStageMapping[string];
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
              );
            })}
          </fieldset>
        ))}
        <label>
          <input type="checkbox" checked={createOrders} onChange={(event) => setCreateOrders(event.target.checked)} />
          {t('integrations.amocrm.createOrders')}
        </label>
      </fieldset>
      <label>
        {t('integrations.amocrm.webhookUrl')}
        <input type="text" readOnly value={saved.webhook_url} onFocus={(event) => event.target.select()} />
      </label>
      <p>{t('integrations.amocrm.webhookHint')}</p>
      <button type="submit">{t('integrations.amocrm.save')}</button>
    </form>
  );
}
