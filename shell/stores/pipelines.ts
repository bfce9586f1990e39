import { atom, computed } from 'nanostores';
import { listPipelines } from '../../src/api/pipelines';
import type { Pipeline } from '../../src/contract/pipelines';
import { t } from '../../src/i18n';
import { persistentAtom } from '../../src/stores/storage';

export const ALL_PIPELINES_ID = -1;
export const SELECTED_PIPELINE_KEY = 'selectedPipeline';

export const $pipelines = atom<readonly Pipeline[]>([]);
export const $pipelinesLoaded = atom(false);
const $savedPipeline = persistentAtom(SELECTED_PIPELINE_KEY);

/** The synthetic 'All' entry (id and value -1). */
export function allPipelinesEntry(): Pipeline {
  return { id: ALL_PIPELINES_ID, value: ALL_PIPELINES_ID, name: t('app.allPipelines'), statuses: [] };
}

/** The saved choice when it still exists ('All' always does), else the system pipeline, else the first. */
export function resolveSelectedPipeline(pipelines: readonly Pipeline[], saved: string | null): number | null {
  const savedId = saved === null || saved === '' ? NaN : Number(saved);
  if (savedId === ALL_PIPELINES_ID) return ALL_PIPELINES_ID;
  if (pipelines.some((p) => p.id === savedId)) return savedId;
  const system = pipelines.find((p) => p.is_system);
  return system?.id ?? pipelines[0]?.id ?? null;
}

export const $selectedPipeline = computed([$pipelines, $savedPipeline], (pipelines, saved) =>
  resolveSelectedPipeline(pipelines, saved),
);

/** Pipelines with 'All' first, for selectors. */
export const $pipelineOptions = computed($pipelines, (pipelines) => [allPipelinesEntry(), ...pipelines]);

export function selectPipeline(id: number): void {
  $savedPipeline.set(String(id));
}

let loading: Promise<readonly Pipeline[]> | null = null;

/** Loads once and caches until a forced update (spec 2 §4). */
export function loadPipelines(options: { force?: boolean } = {}): Promise<readonly Pipeline[]> {
  if ($pipelinesLoaded.get() && !options.force) return Promise.resolve($pipelines.get());
  if (loading && !options.force) return loading;
  const request: Promise<readonly Pipeline[]> = listPipelines().then((result) => {
    // Only the newest request may write (see loadAccount).
    if (loading !== request) return $pipelines.get();
    loading = null;
    // Pipelines must be an array to be stored (spec 2 §5).
    if (result.ok && Array.isArray(result.data)) {
      $pipelines.set(result.data);
      $pipelinesLoaded.set(true);
    }
    return $pipelines.get();
  });
  loading = request;
  return request;
}

/** Forgets the cached pipelines (sign-in, log out) so the next account loads its own. */
export function resetPipelines(): void {
  loading = null;
  $pipelines.set([]);
  $pipelinesLoaded.set(false);
}
