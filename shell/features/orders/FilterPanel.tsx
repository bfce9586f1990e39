import type { Pipeline } from '../../../src/contract/pipelines';
import { t } from '../../../src/i18n';
import type { OrderKind, OrdersFilter } from '../../../src/stores/ordersList';
import { ALL_PIPELINES_ID } from '../../../src/stores/pipelines';
import { DateInput, MultiSelect, Select } from '../../../src/ui';

export interface StageOption {
  id: number;
  name: string;
  color?: string;
}

/**
 * The stages one can filter by: the chosen pipeline's, or with 'All' every pipeline's, named with their
 * pipeline (two pipelines may both have a 'Paid' stage, and the choice is kept by name).
 */
export function stageOptions(pipelines: readonly Pipeline[], pipelineId: number | null): StageOption[] {
  const shown = pipelineId === ALL_PIPELINES_ID || pipelineId === null ? pipelines : pipelines.filter((pipeline) => pipeline.id === pipelineId);
  return shown.flatMap((pipeline) =>
    pipeline.statuses.map((status) => ({ id: status.id, name: shown.length > 1 ? `${pipeline.name} · ${status.name}` : status.name, color: status.color || undefined })),
  );
}

const KINDS: readonly (OrderKind | '')[] = ['', 'local', 'crm'];
const KIND_LABEL = { '': 'orders.kindAll', local: 'orders.kindLocal', crm: 'orders.kindCrm' } as const;

export interface FilterPanelProps {
  id: string;
  filter: OrdersFilter;
  stages: readonly StageOption[];
  onChange: (patch: Partial<OrdersFilter>) => void;
  onClear: () => void;
}

/** Stages, creation dates and kind; every change applies at once. */
export function FilterPanel({ id, filter, stages, onChange, onClear }: FilterPanelProps) {
  const chosen = stages.filter((stage) => filter.status_ids.includes(stage.id)).map((stage) => stage.name);
  return (
    <section id={id} className="orders-filters" aria-label={t('orders.filters')} data-testid="orders-filters">
      <MultiSelect
        label={t('orders.filterStages')}
        options={stages.map((stage) => ({ name: stage.name, value: stage.id, color: stage.color }))}
        value={chosen}
        onChange={(names) => onChange({ status_ids: stages.filter((stage) => names.includes(stage.name)).map((stage) => stage.id) })}
      />
      <DateInput label={t('orders.filterCreatedFrom')} value={filter.created_from ?? ''} onChange={(day) => onChange({ created_from: day })} />
      <DateInput label={t('orders.filterCreatedTo')} value={filter.created_to ?? ''} onChange={(day) => onChange({ created_to: day })} />
      <Select
        label={t('orders.filterKind')}
        options={KINDS.map((kind) => ({ name: t(KIND_LABEL[kind]), value: kind }))}
        value={filter.kind ?? ''}
        onChange={(kind) => onChange({ kind: kind === 'local' || kind === 'crm' ? kind : null })}
      />
      <button type="button" className="shell-link orders-filters__clear" onClick={onClear}>
        {t('orders.clearFilters')}
      </button>
    </section>
  );
}
