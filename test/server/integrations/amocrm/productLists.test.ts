import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAmo, type FakeAmo } from '../../../fakes/amocrmServer';
import { useTestServer } from '../../harness';
import { connectedAmo } from './amoSetup';

/** Spec §7 account/product-lists: the CRM's lists with its products catalog first, which a sync started from the home menu takes. */
const server = useTestServer();
let amo: FakeAmo;
beforeAll(async () => {
  amo = await startFakeAmo({ perSecond: 50 });
  amo.redirectUri = 'http://localhost:80/api/integrations/amocrm/oauth';
  // An account whose CRM lists a regular list before its products catalog.
  amo.catalogs.unshift({ id: 7000, name: 'Contracts', type: 'regular' });
});
afterAll(() => amo.close());

describe('amoCRM product lists', () => {
  it('rule: the products catalog comes first, the other lists after it in the CRM order', async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    const lists = await server.call('GET', 'account/product-lists', { token: account.token, query: { connection_id: connectionId } });
    expect(lists.body.map((list: { id: number }) => list.id)).toEqual([7001, 7000, 7002]);
  });
});
