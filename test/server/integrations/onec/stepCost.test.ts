import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../../server/db/client';
import * as schema from '../../../../server/db/schema';
import { importStep } from '../../../../server/modules/integrations/onec/importRun';
import { exchangeRow } from '../../../../server/modules/integrations/onec/settings';
import { importXml, offersXml } from '../../../fakes/onec';
import { useTestServer } from '../../harness';
import { catalogueOf, expectedTotal, oneCAccount, stockState } from './setup';

/**
 * Issue 18 §6 (100,000 offers ≤ 60 s): an import step costs the same whatever the account already holds. Statements
 * are counted for two steps of the same number of items, one early (a few hundred rows in the tables) and one late
 * (nine times as many): a statement per row already imported, or a page-by-page read of the account's products or
 * batches, makes the late step's count per 1,000 items grow, and the ratio is held ≤ 1.2. Counted on the app's own
 * connection (a drizzle logger over the same client), on PGlite and on PostgreSQL alike.
 */
const server = useTestServer();

const PRODUCTS = 3000;
const STEP = 300;

/** The server's database with every statement it sends counted (the triggers' own work is the database's). */
function countingDb(): { db: Db; statements: () => number } {
  let statements = 0;
  const logger: Logger = {
    logQuery: () => {
      statements += 1;
    },
  };
  const client = (server.database.db as unknown as { $client: never }).$client;
  const db = server.database.kind === 'pg' ? drizzlePg(client, { schema, logger }) : drizzlePglite(client, { schema, logger });
  return { db: db as unknown as Db, statements: () => statements };
}

describe('1C import step cost does not grow with the rows already imported', () => {
  it('rule: statements per 1,000 items of a late step (9× the rows there) are within 1.2× of an early step’s, for import.xml and offers.xml', async () => {
    const setup = await oneCAccount(server);
    const catalogue = catalogueOf(PRODUCTS);
    const client = setup.client();
    await client.checkauth();
    await client.init();
    client.zip = false;
    await client.upload('import.xml', Buffer.from(importXml(catalogue)));
    await client.upload('offers.xml', Buffer.from(offersXml(catalogue)));
    const { config } = server.app.ctx;
    const exchange = (await exchangeRow(server.database.db, setup.account.id))!;
    const counted = countingDb();

    /** Statements of each step of `filename` (STEP items each; the last step holds the rest). */
    const stepsOf = async (filename: string): Promise<number[]> => {
      const perStep: number[] = [];
      for (;;) {
        const before = counted.statements();
        const answer = await importStep(counted.db, config, exchange, filename, STEP);
        perStep.push(counted.statements() - before);
        if (answer.outcome !== 'progress') {
          expect(answer.outcome).toBe('success');
          return perStep;
        }
      }
    };
    for (const filename of ['import.xml', 'offers.xml']) {
      const perStep = await stepsOf(filename);
      if (process.env.SHOW_STEP_STATEMENTS) console.log(filename, perStep.join(' '));
      // Step 1 also holds the groups, properties, warehouses and price types; steps 2 and 10 hold STEP products or
      // offers each, with ~300 and ~2,700 already imported before them.
      expect(perStep.length, filename).toBeGreaterThanOrEqual(11);
      const early = (perStep[1]! / STEP) * 1000;
      const late = (perStep[9]! / STEP) * 1000;
      expect(late / early, `${filename}: ${perStep.join(' ')} statements per step`).toBeLessThanOrEqual(1.2);
    }
    // Stepped this finely, the stock still lands exactly.
    const state = await stockState(server, setup.account.id);
    expect(state.byWarehouse).toEqual({ [setup.main]: expectedTotal(catalogue, 0), [setup.second]: expectedTotal(catalogue, 1) });
    expect(state.links).toBe(PRODUCTS);
  });
});
