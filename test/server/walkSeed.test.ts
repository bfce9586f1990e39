import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedFor, walkSeed } from './support/walkSeed';

/** The bad-input walk's seed plumbing (support/walkSeed.ts): a printed seed replays the same samples. */
describe('the seed of the bad-input walk', () => {
  const draw = (seed: number, route: string) => fc.sample(fc.anything({ maxDepth: 2 }), { seed: seedFor(seed, route), numRuns: 20 });

  it('rule: BAD_INPUT_SEED replays a run — the same seed draws the same samples for a route, another seed others', () => {
    const { seed, fixed } = walkSeed({ BAD_INPUT_SEED: '12345' });
    expect([seed, fixed]).toEqual([12345, true]);
    expect(draw(seed, 'POST /api/orders/add')).toEqual(draw(walkSeed({ BAD_INPUT_SEED: ' 12345 ' }).seed, 'POST /api/orders/add'));
    expect(draw(seed, 'POST /api/orders/add')).not.toEqual(draw(seed + 1, 'POST /api/orders/add'));
    // A route's samples do not depend on which routes were walked before it.
    expect(draw(seed, 'POST /api/orders/add')).not.toEqual(draw(seed, 'POST /api/product/add'));
  });

  it('without BAD_INPUT_SEED a new seed is drawn (and marked as not fixed, so the run prints it as new)', () => {
    const seeds = new Set(Array.from({ length: 5 }, () => walkSeed({}).seed));
    expect(seeds.size).toBeGreaterThan(1);
    expect(walkSeed({ BAD_INPUT_SEED: '' }).fixed).toBe(false);
  });

  it('a BAD_INPUT_SEED that is not an integer stops the run instead of being ignored', () => {
    expect(() => walkSeed({ BAD_INPUT_SEED: 'abc' })).toThrow(/BAD_INPUT_SEED must be an integer/);
  });
});
