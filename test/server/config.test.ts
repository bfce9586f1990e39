import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultPoolMax, loadConfig } from '../../server/config';

describe('server/config: connections per process', () => {
  it('rule: unset, the pool holds about two connections per core over all the processes, 4 to 10 a process', () => {
    expect(defaultPoolMax(2, 1)).toBe(4);
    expect(defaultPoolMax(2, 2)).toBe(4);
    expect(defaultPoolMax(4, 1)).toBe(8);
    expect(defaultPoolMax(8, 1)).toBe(10);
    expect(defaultPoolMax(8, 8)).toBe(4);
    expect(defaultPoolMax(32, 4)).toBe(10);
  });

  it('rule: loadConfig takes that default for the primary and the replica from this machine and its processes', () => {
    const env = { DATABASE_URL: 'postgres://127.0.0.1/x', WORKERS: '1' };
    const config = loadConfig(env);
    expect(config.dbPoolMax).toBe(defaultPoolMax(availableParallelism(), 1));
    expect(config.readPoolMax).toBe(config.dbPoolMax);
    // On PGlite there is one process whatever WORKERS says.
    expect(loadConfig({ WORKERS: '16' }).dbPoolMax).toBe(defaultPoolMax(availableParallelism(), 1));
  });

  it('rule: DB_POOL_MAX and READ_DB_POOL_MAX, when set, win over the default', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/x', DB_POOL_MAX: '17', READ_DB_POOL_MAX: '3' });
    expect(config.dbPoolMax).toBe(17);
    expect(config.readPoolMax).toBe(3);
  });
});
