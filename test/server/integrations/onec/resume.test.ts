import { and, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../../server/app';
import { accounts, onecImports, products, tariffs } from '../../../../server/db/schema';
import { folderOf } from '../../../../server/modules/integrations/onec/exchangeFiles';
import { importStep } from '../../../../server/modules/integrations/onec/importRun';
import { exchangeRow } from '../../../../server/modules/integrations/onec/settings';
import { importXml, OneCClient, offersXml } from '../../../fakes/onec';
import { useTestServer } from '../../harness';
import { catalogueOf, oneCAccount, stockState } from './setup';

/**
 * Issue 18 §3 resume: an import interrupted — the process restarted after 'progress', or a step that failed midway —
 * goes on from the checkpoint its import row keeps (the byte after the last applied item), not from the file's start:
 * it lands completely, and no product is added twice and no stock applied twice.
 */
const server = useTestServer();

async function importRow(accountId: number, filename: string) {
  const [row] = await server.database.db
    .select()
    .from(onecImports)
    .where(and(eq(onecImports.accountId, accountId), eq(onecImports.filename, filename)));
  return row!;
}

describe('1C import resumes from its checkpoint', () => {
  it('rule: offers stopped after two steps go on in a restarted process from the checkpoint; stock lands once, as a clean import', async () => {
    const catalogue = catalogueOf(1500);
    const files = { 'import.xml': Buffer.from(importXml(catalogue)), 'offers.xml': Buffer.from(offersXml(catalogue)) };
    const clean = await oneCAccount(server);
    expect(await clean.client().catalogueExchange(files)).toEqual({ 'import.xml': 'success', 'offers.xml': 'success' });
    const cleanState = await stockState(server, clean.account.id);

    const setup = await oneCAccount(server);
    const client = setup.client();
    await client.checkauth();
    await client.init();
    client.zip = false;
    await client.upload('import.xml', files['import.xml']);
    await client.upload('offers.xml', files['offers.xml']);
    expect(await client.import('import.xml')).toBe('success');
    const { db } = server.database;
    const { config } = server.app.ctx;
    const exchange = (await exchangeRow(db, setup.account.id))!;
    // Two steps of 600 items (two price types and two warehouses first, then 1,196 offers), then the process stops.
    expect((await importStep(db, config, exchange, 'offers.xml', 600)).outcome).toBe('progress');
    expect((await importStep(db, config, exchange, 'offers.xml', 600)).outcome).toBe('progress');
    const row = await importRow(setup.account.id, 'offers.xml');
    expect(row).toMatchObject({ done: 1200, finished: false });
    // The checkpoint is the byte right after offer p-1195: the next item in the file is p-1196.
    const uploaded = readFileSync(`${folderOf(config, setup.account.id)}/offers.xml`);
    expect(uploaded.subarray(row.checkpoint!.offset).toString('utf8').trimStart()).toMatch(/^<Предложение><Ид>p-1196<\/Ид>/);
    expect(row.checkpoint!.ancestors).toEqual(['КоммерческаяИнформация', 'ПакетПредложений', 'Предложения']);

    // A new process (nothing kept in memory) takes 1C's next mode=import call.
    const restarted = await buildApp({ config, db, taskQueue: false });
    try {
      const again = new OneCClient(
        async (request) => {
          const response = await restarted.inject({ method: request.method, url: request.url, headers: request.headers, ...(request.body && { payload: request.body }) });
          return { status: response.statusCode, body: response.body };
        },
        `/exchange/1c/${setup.account.id}`,
        setup.login,
        setup.password,
      );
      again.cookie = client.cookie;
      expect(await again.import('offers.xml')).toBe('success');
    } finally {
      await restarted.close();
    }
    expect(await importRow(setup.account.id, 'offers.xml')).toMatchObject({ done: 1504, finished: true });
    const state = await stockState(server, setup.account.id);
    expect(state.byWarehouse).toEqual({ [setup.main]: cleanState.byWarehouse[clean.main], [setup.second]: cleanState.byWarehouse[clean.second] });
    // Every product's rest arrived by exactly one ledger row per warehouse, as in the clean import.
    expect(state.ledger).toBe(cleanState.ledger);
    expect(state.links).toBe(1500);
  });

  it('rule: a step that fails midway leaves nothing of itself; 1C’s next exchange of the same file goes on from the checkpoint and adds no product twice', async () => {
    const setup = await oneCAccount(server, { tariff: 'start' });
    const catalogue = catalogueOf(1500);
    const file = Buffer.from(importXml(catalogue));
    const client = setup.client();
    await client.checkauth();
    await client.init();
    client.zip = false;
    await client.upload('import.xml', file);
    const { db } = server.database;
    const { config } = server.app.ctx;
    const exchange = (await exchangeRow(db, setup.account.id))!;
    // The groups, the property and 698 products fit the tariff's 1,000 positions; the next 700 do not.
    expect((await importStep(db, config, exchange, 'import.xml', 700)).outcome).toBe('progress');
    const failed = await importStep(db, config, exchange, 'import.xml', 700);
    expect(failed.outcome).toBe('failure');
    const countProducts = async () => (await db.select({ id: products.id }).from(products).where(eq(products.accountId, setup.account.id))).length;
    expect(await countProducts()).toBe(698);
    expect(await importRow(setup.account.id, 'import.xml')).toMatchObject({ done: 700, finished: false });

    // A larger tariff; 1C starts its exchange again and sends the same file.
    const [corporate] = await db.select().from(tariffs).where(eq(tariffs.code, 'corporate'));
    await db.update(accounts).set({ tariffId: corporate!.id }).where(eq(accounts.id, setup.account.id));
    const answers = await setup.client().catalogueExchange({ 'import.xml': file });
    expect(answers).toEqual({ 'import.xml': 'success' });
    expect(await countProducts()).toBe(1500);
    expect(await stockState(server, setup.account.id)).toMatchObject({ links: 1500 });
  });
});
