import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { CustomerKind } from '../../../src/api/customers';
import type { Pipeline } from '../../../src/contract/pipelines';
import { t } from '../../../src/i18n';
import { $accountUsers, loadAccountUsers } from './accountUsers';
import { findCustomers } from '../../stores/customers';
import type { NamedChoice, OrderKind, OrdersFilter } from './state';
import { ALL_PIPELINES_ID } from '../../stores/pipelines';
import { DateInput, MultiSelect, Select } from '../../../src/ui';
import { CustomerSearch } from '../../../src/ui/CustomerSearch';

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

const ANYONE = 0;

/** A chosen contact or company: its name with a button that takes it out; else a search by name. */
function CustomerChoice({ kind, chosen, onChange }: { kind: CustomerKind; chosen: NamedChoice | null; onChange: (choice: NamedChoice | null) => void }) {
  const label = t(kind === 'contact' ? 'orders.filterContact' : 'orders.filterCompany');
  if (chosen) {
    return (
      <div className="ui-field orders-filters__choice">
        <span className="ui-field__label">{label}</span>
        <span className="orders-chip">
          {chosen.name}
          <button type="button" className="orders-chip__remove" aria-label={t('orders.removeChoice', { name: chosen.name })} onClick={() => onChange(null)}>
            ×
          </button>
        </span>
      </div>
    );
  }
  return (
    <CustomerSearch
      label={label}
      placeholder={t('orders.filterCustomerPlaceholder')}
      search={(query) => findCustomers(kind, query)}
      onPick={(item) => onChange({ id: item.id, name: item.name })}
    />
  );
}

/** Stages, creation dates, kind, customer and responsible employee; every change applies at once. */
export function FilterPanel({ id, filter, stages, onChange, onClear }: FilterPanelProps) {
  const chosen = stages.filter((stage) => filter.status_ids.includes(stage.id)).map((stage) => stage.name);
  const users = useStore($accountUsers);
  useEffect(() => {
    void loadAccountUsers();
  }, []);
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
      <Select
        label={t('orders.filterEmployee')}
        options={[{ name: t('orders.anyEmployee'), value: ANYONE }, ...users.map((user) => ({ name: user.name || user.email || `#${user.id}`, value: user.id }))]}
        value={filter.user_id ?? ANYONE}
        onChange={(value) => onChange({ user_id: value === ANYONE ? null : Number(value) })}
      />
      <CustomerChoice kind="contact" chosen={filter.contact} onChange={(contact) => onChange({ contact })} />
      <CustomerChoice kind="company" chosen={filter.company} onChange={(company) => onChange({ company })} />
      <button type="button" className="shell-link orders-filters__clear" onClick={onClear}>
        {t('orders.clearFilters')}
      </button>
    </section>
  );
}
