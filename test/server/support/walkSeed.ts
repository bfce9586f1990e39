import { createHash, randomInt } from 'node:crypto';

/** The variable that replays a run of the bad-input walk with the samples of a printed seed. */
export const SEED_VARIABLE = 'BAD_INPUT_SEED';

/**
 * The seed of a property-based walk: the one in BAD_INPUT_SEED (CI sets a fixed one; a failing local seed is replayed
 * with it), else a new one. A seed that is set but not an integer stops the run rather than being ignored.
 */
export function walkSeed(env: NodeJS.ProcessEnv = process.env): { seed: number; fixed: boolean } {
  const text = env[SEED_VARIABLE]?.trim();
  if (!text) return { seed: randomInt(0, 2 ** 31 - 1), fixed: false };
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) throw new Error(`${SEED_VARIABLE} must be an integer, got '${text}'`);
  return { seed: seed | 0, fixed: true };
}

/**
 * The seed of one route's property, from the run's seed and the route's name: a route draws the same samples for a
 * seed whatever routes are added or walked before it, so a printed seed replays its failure.
 */
export function seedFor(seed: number, name: string): number {
  return createHash('sha256').update(`${seed}:${name}`).digest().readInt32LE(0);
}
