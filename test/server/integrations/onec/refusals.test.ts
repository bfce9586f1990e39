import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { products } from '../../../../server/db/schema';
import { importXml, offersXml, windows1251, zipOf } from '../../../fakes/onec';
import { useTestServer } from '../../harness';
import { catalogueOf, oneCAccount, stockState } from './setup';

/**
 * Issue 18 §6 'bad input and proof' for the 1C exchange: a wrong password, a missing session, a file in another
 * encoding than its header says, a broken zip and names that climb out of the exchange folder are each refused
 * with a reason 1C shows — and nothing changes.
 */
const server = useTestServer();
const nothing = { documents: 0, ledger: 0, links: 0, byWarehouse: {} };

describe('1C exchange refusals', () => {
  it('rule: a wrong password gets failure and no session; without a session no step runs', async () => {
    const setup = await oneCAccount(server);
    const wrong = setup.client('not-the-password');
    const answer = await wrong.checkauth();
    expect(answer).toMatch(/^failure\nWrong login or password/);
    expect(wrong.cookie).toBe('');
    const init = await wrong.raw({ type: 'catalog', mode: 'init' });
    expect(init.status).toBe(401);
    expect(init.body).toMatch(/^failure\n.*checkauth/);
    const forged = setup.client();
    forged.cookie = 'onec_exchange=v1.forged.cookie.value';
    expect((await forged.raw({ type: 'catalog', mode: 'init' })).status).toBe(401);
  });

  it('rule: a password change or switching the exchange off ends open sessions; off refuses sign-in', async () => {
    const setup = await oneCAccount(server);
    const client = setup.client();
    expect(await client.checkauth()).toMatch(/^success\nonec_exchange\n/);
    expect((await client.raw({ type: 'catalog', mode: 'init' })).body).toMatch(/^zip=yes\nfile_limit=\d+$/);
    await server.call('POST', 'integrations/1c/settings', { token: setup.account.token, body: { password: 'another-password' } });
    expect((await client.raw({ type: 'catalog', mode: 'init' })).status).toBe(401);
    await server.call('GET', 'account/genezis-disable', { token: setup.account.token });
    const off = await setup.client('another-password').checkauth();
    expect(off).toMatch(/^failure\nThe exchange with 1C is switched off/);
  });

  it('rule: a file whose bytes are not in the encoding its XML header declares fails with the reason and changes nothing', async () => {
    const setup = await oneCAccount(server);
    const catalogue = catalogueOf(50);
    const client = setup.client();
    // windows-1251 bytes under a UTF-8 header.
    const answers = await client.catalogueExchange({ 'import.xml': windows1251(importXml(catalogue, 'UTF-8')) });
    expect(answers['import.xml']).toBe('failure\nThe file is not valid utf-8 text, though its XML declaration says so');
    const unknown = await setup.client().catalogueExchange({ 'import.xml': Buffer.from(importXml(catalogue, 'KOI8-R')) });
    expect(unknown['import.xml']).toMatch(/^failure\nUnsupported encoding KOI8-R/);
    expect(await stockState(server, setup.account.id)).toEqual(nothing);
    const log = await server.call('GET', 'integrations/log', { token: setup.account.token, query: { kind: '1c', level: 'error' } });
    expect(log.body.data.map((entry: { message: string }) => entry.message)).toContain('import.xml: The file is not valid utf-8 text, though its XML declaration says so');
  });

  it('rule: windows-1251 declared and sent lands with the right Russian names', async () => {
    const setup = await oneCAccount(server);
    const catalogue = catalogueOf(20);
    const answers = await setup.client().catalogueExchange({ 'import.xml': windows1251(importXml(catalogue, 'windows-1251')), 'offers.xml': windows1251(offersXml(catalogue, 'windows-1251')) });
    expect(answers).toEqual({ 'import.xml': 'success', 'offers.xml': 'success' });
    const names = await server.database.db.select({ name: products.name }).from(products).where(eq(products.accountId, setup.account.id));
    expect(names.map((row) => row.name)).toContain('Товар 7');
    expect(await stockState(server, setup.account.id)).toMatchObject({ links: 20 });
  });

  it('rule: a broken XML fails before anything is applied, even when its first half is fine', async () => {
    const setup = await oneCAccount(server);
    const whole = importXml(catalogueOf(100));
    const answers = await setup.client().catalogueExchange({ 'import.xml': Buffer.from(whole.slice(0, Math.floor(whole.length * 0.7))) });
    expect(answers['import.xml']).toMatch(/^failure\nThe XML is broken/);
    expect(await stockState(server, setup.account.id)).toEqual(nothing);
  });

  it('rule: a broken zip fails with its reason and changes nothing', async () => {
    const setup = await oneCAccount(server);
    const client = setup.client();
    await client.checkauth();
    await client.init();
    const zip = zipOf({ 'import.xml': Buffer.from(importXml(catalogueOf(30))) });
    await client.upload('exchange.zip', zip.subarray(0, zip.length - 40));
    expect(await client.import('import.xml')).toMatch(/^failure\nThe zip exchange\.zip is broken/);
    expect(await stockState(server, setup.account.id)).toEqual(nothing);
  });

  it('rule: names that climb out of the exchange folder are refused, in the request and inside a zip', async () => {
    const setup = await oneCAccount(server);
    const client = setup.client();
    await client.checkauth();
    await client.init();
    const marker = `onec-escape-${setup.account.id}.xml`;
    for (const name of [`../${marker}`, `../../${marker}`, `/tmp/${marker}`, `a\\..\\${marker}`, `import_files/../../${marker}`, '', '..', `a/./${marker}`]) {
      const answer = await client.raw({ type: 'catalog', mode: 'file', filename: name }, Buffer.from('<x/>'));
      expect(answer.body, name).toMatch(/^failure\nUnsafe file name/);
    }
    expect(existsSync(join(tmpdir(), marker))).toBe(false);
    await client.upload('exchange.zip', zipOf({ [`../${marker}`]: Buffer.from('<x/>'), 'import.xml': Buffer.from(importXml(catalogueOf(5))) }));
    expect(await client.import('import.xml')).toMatch(/^failure\nThe zip exchange\.zip holds an unsafe file name/);
    expect(existsSync(join(tmpdir(), marker))).toBe(false);
    expect(await stockState(server, setup.account.id)).toEqual(nothing);
  });

  it('rule: import of a file that was not uploaded in this exchange fails with its name', async () => {
    const setup = await oneCAccount(server);
    const client = setup.client();
    await client.checkauth();
    await client.init();
    expect(await client.import('offers.xml')).toBe('failure\nNo file offers.xml was uploaded in this exchange');
  });
});
