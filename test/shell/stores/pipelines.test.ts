import { beforeEach, describe, expect, it } from 'vitest';
import { $path } from '../../../shell/stores/navigation';
import { $pipelineOptions, $pipelines, $selectedPipeline, loadPipelines, resolveSelectedPipeline, selectPipeline } from '../../../shell/stores/pipelines';
import type { Pipeline } from '../../../src/contract/pipelines';
import { useApiFake } from '../../support/apiFake';

const pipelines: Pipeline[] = [
  { id: 4, value: 4, name: 'Sales', statuses: [] },
  { id: 9, value: 9, name: 'Main', statuses: [], is_system: true },
];

const { calls, answers } = useApiFake();
beforeEach(() => {
  $path.set('/orders');
});

describe('pipelines store', () => {
  it.each<[string | null, number, string]>([
    ['4', 4, 'the saved selection is restored when it exists'],
    ['-1', -1, "the synthetic 'All' (-1) is always a valid selection"],
    ['77', 9, 'a saved id that no longer exists falls back to the system pipeline'],
    [null, 9, 'nothing saved falls back to the system pipeline'],
  ])('saved %s → %s: %s', (saved, expected) => {
    expect(resolveSelectedPipeline(pipelines, saved)).toBe(expected);
  });

  it('without a system pipeline the first is used, and none at all gives null', () => {
    expect(resolveSelectedPipeline([pipelines[0]], null)).toBe(4);
    expect(resolveSelectedPipeline([], null)).toBeNull();
  });

  it("selection persists under selectedPipeline and 'All' comes first in the options", () => {
    $pipelines.set(pipelines);
    selectPipeline(4);
    expect(localStorage.getItem('selectedPipeline')).toBe('4');
    expect($selectedPipeline.get()).toBe(4);
    expect($pipelineOptions.get()[0]).toMatchObject({ id: -1, value: -1, name: 'All' });
  });

  it('loads once and caches until a forced update; a non-array answer is not stored', async () => {
    answers['/api/orders/pipelines/list'] = { status: 200, body: pipelines };
    await loadPipelines();
    await loadPipelines();
    expect(calls).toHaveLength(1);
    answers['/api/orders/pipelines/list'] = { status: 200, body: { not: 'an array' }, offContract: 'the store must survive a malformed answer' };
    await loadPipelines({ force: true });
    expect(calls).toHaveLength(2);
    expect($pipelines.get()).toEqual(pipelines);
  });

  it('public mode asks public-order/pipelines', async () => {
    $path.set('/publicOrder');
    answers['/api/public-order/pipelines'] = { status: 200, body: pipelines };
    await loadPipelines({ force: true });
    expect(calls[0].path).toBe('/api/public-order/pipelines');
  });
});
