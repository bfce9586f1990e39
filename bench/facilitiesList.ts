/**
 * facility/list at 100,000 facilities of one account (and 100,000 of another, so the account key must do its
 * work): the first page, a deep page, and searches by name and address, timed at the service (no HTTP), one
 * caller at a time. PGlite in a temp folder, or the PostgreSQL of DATABASE_URL. Prints p50 and p95 in ms.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { accounts } from '../server/db/schema';
import { listFacilities } from '../server/modules/facilities/service';
import { ensureTariffs } from '../server/seeds/seed';
import type { FacilityListRequest } from '../src/contract/facilities';

const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

async function main(): Promise<void> {
  const config = loadConfig(process.env, { dataDir: process.env.DATABASE_URL ? 'memory://' : mkdtempSync(join(tmpdir(), 'stockroom-bench-facilities-')), logLevel: 'warn' });
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  const { db } = database;
  const trialEndsAt = new Date(Date.now() + 86_400_000);
  const accountIds = (
    await db
      .insert(accounts)
      .values([
        { name: 'Bench facilities', trialEndsAt },
        { name: 'Bench other', trialEndsAt },
      ])
      .returning({ id: accounts.id })
  ).map((row) => row.id);
  const words = ['North', 'South', 'Harbour', 'Hill', 'River', 'Quay', 'Park', 'Mill', 'Bridge', 'Lake'];
  const seeded = Date.now();
  for (const accountId of accountIds) {
    await db.execute(sql`
      insert into facilities (account_id, name, address, notes)
      select ${accountId}, (array[${sql.raw(words.map((w) => `'${w}'`).join(','))}])[1 + i % ${words.length}] || ' site ' || i,
             i || ' ' || (array[${sql.raw(words.map((w) => `'${w}'`).join(','))}])[1 + (i / 10) % ${words.length}] || ' Road', ''
      from generate_series(1, ${FACILITIES}) as i`);
  }
  // As autovacuum would (PostgreSQL): index-only counts need the visibility map.
  await db.execute(sql`vacuum analyze facilities`);
  console.log(`${database.kind}: seeded ${FACILITIES} facilities in each of 2 accounts in ${Date.now() - seeded} ms`);
  const cases: [string, FacilityListRequest][] = [
    ['first page', {}],
    ['page 2500 (deep)', { page: 2500, per_page: 20 }],
    ['search name "harbour"', { filter: { search: 'harbour' } }],
    ['search address "77 Hill Road"', { filter: { search: '77 Hill Road' } }],
    ['search rare "site 99999"', { filter: { search: 'site 99999' } }],
    ['sorted by name', { sort: { field: 'name' } }],
  ];
  for (const [name, request] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const answer = await listFacilities(db, accountIds[0], request);
      times.push(performance.now() - started);
      total = answer.meta.total ?? 0;
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))].toFixed(1);
    console.log(`${name.padEnd(28)} total ${String(total).padStart(6)}  p50 ${at(0.5).padStart(7)} ms  p95 ${at(0.95).padStart(7)} ms`);
  }
  await database.close();
}

await main();
