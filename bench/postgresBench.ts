import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { ensureTariffs } from '../server/seeds/seed';

/** What the PostgreSQL benchmarks' workers share (bench/import.server.ts, bench/onec-import.server.ts). */

/**
 * The database of DATABASE_URL, migrated, with the tariffs. The worker is bundled into this checkout (BENCH_ROOT):
 * the migrations are this one's.
 */
export async function openBenchDatabase() {
  const root = process.env.BENCH_ROOT;
  const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'warn', ...(root && { rootDir: root, migrationsDir: join(root, 'server', 'db', 'migrations') }) });
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  return { config, database };
}

/**
 * CPU seconds of the PostgreSQL server the bench started (PG_DATA; 0 when it did not start one): the postmaster and
 * its live backends, and with `endedBackends` also what its ended children used (the postmaster's cutime/cstime).
 */
export function postgresCpu({ endedBackends }: { endedBackends: boolean }): number {
  const data = process.env.PG_DATA;
  if (!data) return 0;
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state, ppid, …, utime, stime, cutime, cstime (fields 14–17 of the line).
      if (Number(entry) === postmaster) ticks += Number(fields[11]) + Number(fields[12]) + (endedBackends ? Number(fields[13]) + Number(fields[14]) : 0);
      else if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we read.
    }
  }
  return ticks / 100;
}

/** CPU seconds this Node process has used. */
export const nodeCpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};
