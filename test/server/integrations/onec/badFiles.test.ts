import { describe, expect, it } from 'vitest';
import { importStep } from '../../../../server/modules/integrations/onec/importRun';
import { exchangeRow } from '../../../../server/modules/integrations/onec/settings';
import { importXml, offersXml, zipOf } from '../../../fakes/onec';
import { useTestServer } from '../../harness';
import { catalogueOf, oneCAccount, stockState } from './setup';

/**
 * Issue 18 §6 re-checked for the 1C exchange: a file broken far past the first step, and a broken zip, each fail
 * with a reason 1C shows and a log entry the 1C screen lists — and nothing of them is applied, not even the part
 * before the break.
 */
const server = useTestServer();

async function errorsOf(token: string): Promise<string[]> {
  const log = await server.call('GET', 'integrations/log', { token, query: { kind: '1c', level: 'error' } });
  return log.body.data.map((entry: { message: string }) => entry.message);
}

describe('1C bad files', () => {
  it('rule: offers whose bytes break near the end fail before any offer of the file is applied, and the log says why', async () => {
    const setup = await oneCAccount(server);
    const catalogue = catalogueOf(400);
    expect(await setup.client().catalogueExchange({ 'import.xml': Buffer.from(importXml(catalogue)) })).toEqual({ 'import.xml': 'success' });
    const before = await stockState(server, setup.account.id);
    const offers = Buffer.from(offersXml(catalogue));
    // A byte that is no UTF-8 at all, in the last offers: the first 390 are whole.
    offers[offers.length - 3000] = 0xff;
    const client = setup.client();
    await client.checkauth();
    await client.init();
    client.zip = false;
    await client.upload('offers.xml', offers);
    // Steps of 50 items: the break lies eight steps past the first, which still applies nothing.
    const exchange = (await exchangeRow(server.database.db, setup.account.id))!;
    const answer = await importStep(server.database.db, server.app.ctx.config, exchange, 'offers.xml', 50);
    expect(answer.text).toBe('failure\nThe file is not valid utf-8 text, though its XML declaration says so');
    expect(await stockState(server, setup.account.id)).toEqual(before);
    expect(before.byWarehouse).toEqual({});
    expect(await errorsOf(setup.account.token)).toContain('offers.xml: The file is not valid utf-8 text, though its XML declaration says so');
  });

  it('rule: a broken zip is refused with a log entry naming it, and none of its files is imported', async () => {
    const setup = await oneCAccount(server);
    const client = setup.client();
    await client.checkauth();
    await client.init();
    const catalogue = catalogueOf(30);
    const zip = zipOf({ 'import.xml': Buffer.from(importXml(catalogue)), 'offers.xml': Buffer.from(offersXml(catalogue)) });
    // The zip's middle overwritten: its directory is whole, its data is not.
    zip.fill(0x41, Math.floor(zip.length / 3), Math.floor(zip.length / 2));
    await client.upload('exchange.zip', zip);
    expect(await client.import('import.xml')).toMatch(/^failure\nThe zip exchange\.zip is broken/);
    expect(await client.import('offers.xml')).toBe('failure\nNo file offers.xml was uploaded in this exchange');
    expect(await stockState(server, setup.account.id)).toEqual({ documents: 0, ledger: 0, links: 0, byWarehouse: {} });
    expect((await errorsOf(setup.account.token)).some((message) => message.startsWith('The zip exchange.zip is broken'))).toBe(true);
  });
});
