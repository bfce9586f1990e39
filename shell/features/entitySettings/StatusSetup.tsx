import { useCallback, useEffect, useId, useState } from 'react';
import type { PipelineSettings, PipelineStatus } from '../../../src/contract/pipelines';
import type { ApiResult } from '../../../src/api/transport';
import { t, type MessageKey } from '../../../src/i18n';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { addPipeline, addStage, deletePipeline, deleteStage, listPipelineSettings, updatePipeline, updateStage } from './api';
import { moveItem, operationProblem, type OperationChoice } from './rules';
import { useRefusal } from './useRefusal';

type Doomed = { kind: 'pipeline'; id: number; name: string } | { kind: 'stage'; id: number; name: string };

/**
 * Status setup: the order pipelines and their stages (add, rename, colour, reorder, delete), and per pipeline the
 * stages of reservation, write-off and stocking with the rules of spec 2 §5, checked here before sending and again
 * by the server. The list reloads after each change.
 */
export function StatusSetup() {
  const [pipelines, setPipelines] = useState<PipelineSettings[]>([]);
  const [newName, setNewName] = useState('');
  const [doomed, setDoomed] = useState<Doomed | null>(null);
  const refusal = useRefusal();
  const id = useId();

  const reload = useCallback(async () => {
    const answer = await listPipelineSettings();
    if (answer.ok) setPipelines(answer.data);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** Runs a change, shows its refusal, reloads. */
  const change: Change = async (call) => {
    refusal.clear();
    const answer = await call();
    if (!answer.ok) refusal.failed(answer);
    await reload();
    return answer.ok;
  };

  async function remove() {
    if (!doomed) return;
    const target = doomed;
    setDoomed(null);
    await change(() => (target.kind === 'pipeline' ? deletePipeline(target.id) : deleteStage(target.id)));
  }

  return (
    <section className="es-statuses" aria-label={t('settings.statusSetup')}>
      <h3>{t('settings.statusSetup')}</h3>
      {refusal.message ? (
        <p role="alert" className="es-error">
          {refusal.message}
        </p>
      ) : null}
      {pipelines.map((pipeline) => (
        <PipelineCard
          key={pipeline.id}
          pipeline={pipeline}
          change={change}
          onRefused={(key) => refusal.show(key)}
          onDelete={(target) => setDoomed(target)}
        />
      ))}
      <form
        className="es-inline"
        onSubmit={(event) => {
          event.preventDefault();
          if (!newName.trim()) return refusal.show('entitySettings.nameEmpty');
          void change(() => addPipeline(newName.trim())).then((ok) => ok && setNewName(''));
        }}
      >
        <label htmlFor={`${id}-pipeline`}>{t('entitySettings.pipelineName')}</label>
        <input id={`${id}-pipeline`} value={newName} onChange={(event) => setNewName(event.currentTarget.value)} />
        <button type="submit">{t('entitySettings.addPipeline')}</button>
      </form>
      {doomed ? (
        <ConfirmDialog
          text={t(doomed.kind === 'pipeline' ? 'entitySettings.deletePipeline' : 'entitySettings.deleteStage', { name: doomed.name })}
          confirmLabel={t('app.delete')}
          onConfirm={() => void remove()}
          onCancel={() => setDoomed(null)}
        />
      ) : null}
    </section>
  );
}

/** Runs a call, shows its refusal and reloads the pipelines; true when it went through. */
type Change = (call: () => Promise<ApiResult<unknown>>) => Promise<boolean>;

interface PipelineCardProps {
  pipeline: PipelineSettings;
  change: Change;
  onRefused: (key: MessageKey) => void;
  onDelete: (target: Doomed) => void;
}

function PipelineCard({ pipeline, change, onRefused, onDelete }: PipelineCardProps) {
  const id = useId();
  const [name, setName] = useState(pipeline.name);
  const [stageName, setStageName] = useState('');
  const [choice, setChoice] = useState<OperationChoice>({ reserve: pipeline.reserve_status_id, writeOff: pipeline.write_off_status_id, stocking: pipeline.stocking_status_id });
  const stages = pipeline.statuses;

  useEffect(() => {
    setName(pipeline.name);
    setChoice({ reserve: pipeline.reserve_status_id, writeOff: pipeline.write_off_status_id, stocking: pipeline.stocking_status_id });
  }, [pipeline]);

  function saveOperations() {
    const problem = operationProblem(stages, choice);
    if (problem) return onRefused(problem);
    void change(() => updatePipeline({ id: pipeline.id, reserve_status_id: choice.reserve, write_off_status_id: choice.writeOff, stocking_status_id: choice.stocking }));
  }

  const reorder = (index: number, delta: number) =>
    void change(() =>
      updatePipeline({
        id: pipeline.id,
        status_ids: moveItem(stages, index, delta).map((stage) => stage.id),
      }),
    );

  const operationSelect = (key: keyof OperationChoice, label: string) => (
    <label className="es-operation">
      {label}
      <select value={choice[key] ?? ''} onChange={(event) => setChoice({ ...choice, [key]: event.currentTarget.value ? Number(event.currentTarget.value) : null })}>
        <option value="">{t('entitySettings.noStage')}</option>
        {stages.map((stage) => (
          <option key={stage.id} value={stage.id}>
            {stage.name}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <article className="es-pipeline" data-pipeline={pipeline.name} aria-label={pipeline.name}>
      <div className="es-inline">
        <label htmlFor={`${id}-name`}>{t('entitySettings.pipelineName')}</label>
        <input id={`${id}-name`} value={name} onChange={(event) => setName(event.currentTarget.value)} />
        <button type="button" disabled={!name.trim() || name.trim() === pipeline.name} onClick={() => void change(() => updatePipeline({ id: pipeline.id, name: name.trim() }))}>
          {t('entitySettings.rename')}
        </button>
        {pipeline.is_system ? null : (
          <button type="button" aria-label={t('entitySettings.delete', { name: pipeline.name })} onClick={() => onDelete({ kind: 'pipeline', id: pipeline.id, name: pipeline.name })}>
            {t('app.delete')}
          </button>
        )}
      </div>
      <ol className="es-stages">
        {stages.map((stage, index) => (
          <StageRow key={stage.id} stage={stage} first={index === 0} last={index === stages.length - 1} change={change} onMove={(delta) => reorder(index, delta)} onDelete={onDelete} />
        ))}
      </ol>
      <form
        className="es-inline"
        onSubmit={(event) => {
          event.preventDefault();
          if (!stageName.trim()) return;
          void change(() => addStage(pipeline.id, { name: stageName.trim() })).then((ok) => ok && setStageName(''));
        }}
      >
        <label htmlFor={`${id}-stage`}>{t('entitySettings.stageName')}</label>
        <input id={`${id}-stage`} value={stageName} onChange={(event) => setStageName(event.currentTarget.value)} />
        <button type="submit">{t('entitySettings.addStage')}</button>
      </form>
      <fieldset className="es-operations">
        <legend>{t('settings.reservationStages')}</legend>
        {operationSelect('reserve', t('entitySettings.reserveStage'))}
        {operationSelect('writeOff', t('entitySettings.writeOffStage'))}
        {operationSelect('stocking', t('entitySettings.stockingStage'))}
        {choice.reserve === null ? <p className="es-note">{t('entitySettings.noReserveHint')}</p> : null}
        <button type="button" className="es-primary" onClick={saveOperations}>
          {t('entitySettings.saveOperations')}
        </button>
      </fieldset>
    </article>
  );
}

interface StageRowProps {
  stage: PipelineStatus;
  first: boolean;
  last: boolean;
  change: Change;
  onMove: (delta: number) => void;
  onDelete: (target: Doomed) => void;
}

function StageRow({ stage, first, last, change, onMove, onDelete }: StageRowProps) {
  const [name, setName] = useState(stage.name);
  useEffect(() => setName(stage.name), [stage.name]);
  return (
    <li className="es-stage" data-stage={stage.name}>
      <input type="color" aria-label={t('entitySettings.stageColor', { name: stage.name })} value={/^#[0-9a-f]{6}$/i.test(stage.color) ? stage.color : '#ffffff'} onChange={(event) => {
        const color = event.currentTarget.value;
        void change(() => updateStage({ id: stage.id, color }));
      }} />
      <input aria-label={t('entitySettings.stageName')} value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <button type="button" disabled={!name.trim() || name.trim() === stage.name} onClick={() => void change(() => updateStage({ id: stage.id, name: name.trim() }))}>
        {t('entitySettings.rename')}
      </button>
      {stage.is_reserve ? (
        <label className="es-check">
          <input type="checkbox" checked={stage.blocks_products} onChange={(event) => {
            const blocks = event.currentTarget.checked;
            void change(() => updateStage({ id: stage.id, blocks_products: blocks }));
          }} />
          {t('entitySettings.blockProducts')}
        </label>
      ) : null}
      <button type="button" aria-label={t('entitySettings.moveUp', { name: stage.name })} disabled={first} onClick={() => onMove(-1)}>
        ↑
      </button>
      <button type="button" aria-label={t('entitySettings.moveDown', { name: stage.name })} disabled={last} onClick={() => onMove(1)}>
        ↓
      </button>
      <button type="button" aria-label={t('entitySettings.delete', { name: stage.name })} onClick={() => onDelete({ kind: 'stage', id: stage.id, name: stage.name })}>
        {t('app.delete')}
      </button>
    </li>
  );
}
