import { useStore } from '@nanostores/react';
import type { Pipeline } from '../../../src/contract/pipelines';
import { displayValue } from '../../../src/domain/format';
import { t, type MessageKey } from '../../../src/i18n';
import { $orderDraft, $positionDrafts, type DealOrder, editOrder } from './state';
import { draftSum } from './draftView';
import { isUnstored } from './newOrder';
import { $pipelines } from '../../stores/pipelines';
import { Select } from '../../../src/ui/Select';
import type { SelectOptionObject } from '../../../src/ui/selectOptions';
import { TextInput } from '../../../src/ui/TextInput';
import { formatDateTimeText } from '../../../src/i18n/dates';
import { formatMoney } from '../../../src/i18n/money';

/** CRM-linked order statuses (spec 1 §3): 0 opened, 1 reserved, 2 success, 3 unsuccessful, 4 deleted. */
const CRM_STATUSES: readonly MessageKey[] = ['orders.statusOpened', 'orders.statusReserved', 'orders.statusSuccess', 'orders.statusUnsuccessful', 'orders.statusDeleted'];

/** A CRM-linked order has a deal and no pipeline: its status is the CRM's 0–4. */
export function isCrmLinked(order: DealOrder): boolean {
  return 'lead_id' in order && order.lead_id !== null && order.pipeline_id === null;
}

export function stageOptions(pipelines: readonly Pipeline[], pipelineId: number | null): SelectOptionObject[] {
  const pipeline = pipelines.find((item) => item.id === pipelineId);
  return (pipeline?.statuses ?? []).map((status) => ({ name: status.name, value: status.id, color: status.color || undefined }));
}

const tagsText = (tags: readonly string[]) => tags.join(', ');
const readTags = (text: string) => [...new Set(text.split(',').map((tag) => tag.trim()).filter(Boolean))];

/**
 * Order details (spec 1 §3): title (empty → the new-order name), status (a stage of the order's pipeline,
 * or the CRM status 0–4 of a linked order), sum, cost price, profit, employee and tags.
 */
export function OrderDetails({ order }: { order: DealOrder }) {
  const draft = useStore($orderDraft);
  const pipelines = useStore($pipelines);

  const crm = isCrmLinked(order);
  // An unstored new order has no pipeline yet; the server stores it in the system pipeline, so its stages are offered.
  const pipelineId = draft.pipeline_id ?? order.pipeline_id ?? (isUnstored(order) ? (pipelines.find((pipeline) => pipeline.is_system)?.id ?? null) : null);
  const options = crm ? CRM_STATUSES.map((key, status) => ({ name: t(key), value: status })) : stageOptions(pipelines, pipelineId);
  const status = crm ? (draft.status ?? order.status) : (draft.status_id ?? order.status_id);

  return (
    <section className="deal-details" aria-label={t('order.details')} data-order-edit="">
      <div className="deal-details__edit">
        <TextInput
          label={t('order.name')}
          value={draft.name ?? order.name}
          placeholder={isUnstored(order) ? t('order.unstoredName') : t('orders.newName', { id: order.id })}
          maxLength={500}
          onChange={(name) => editOrder({ name })}
        />
        {options.length > 0 ? (
          <Select
            label={crm ? t('order.statusCrm') : t('order.status')}
            options={options}
            value={status}
            onChange={(value) => editOrder(crm ? { status: Number(value) } : { status_id: Number(value), pipeline_id: pipelineId ?? undefined })}
          />
        ) : (
          <p className="deal-details__status">
            <span>{t('order.status')}</span> {displayValue(order.status_name)}
          </p>
        )}
        <TextInput
          label={t('order.tags')}
          value={tagsText(draft.tags ?? order.tags)}
          placeholder={t('order.tagsHint')}
          onChange={(text) => editOrder({ tags: readTags(text) })}
        />
      </div>
      <dl className="deal-facts">
        <SumFact order={order} />
        <Fact label={t('order.costPrice')} value={formatMoney(order.cost_price, order.currency)} />
        <Fact label={t('order.profit')} value={formatMoney(order.profit, order.currency)} />
        <Fact label={t('order.employee')} value={displayValue(order.user_name)} />
        <Fact label={t('order.created')} value={formatDateTimeText(order.created_at)} />
        <Fact label={t('order.changed')} value={formatDateTimeText(order.updated_at)} />
      </dl>
    </section>
  );
}

/** The sum with the draft, following every keystroke; alone in listening to the drafts, so the rest of the details stay put. */
function SumFact({ order }: { order: DealOrder }) {
  const drafts = useStore($positionDrafts);
  return <Fact label={t('order.sum')} value={formatMoney(draftSum(order, drafts), order.currency)} />;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="deal-fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
