import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePortal, type FakePortal } from '../../../fakes/bitrix24';
import { useTestServer } from '../../harness';
import { connectPortal } from './portalSetup';

/** Issue 18 §2 'Integration settings': the stage mapping, comparison mode and direction are saved per account, by admins only. */
const server = useTestServer();
let portal: FakePortal;
beforeAll(async () => {
  portal = await startFakePortal();
});
afterAll(() => portal.close());

describe('integrations/bitrix24/settings', () => {
  it("rule: an admin loads the portal's stages, saves the mapping, comparison mode and direction; another account sees none of it", async () => {
    const account = await server.newAccount();
    const empty = await server.call('GET', 'integrations/bitrix24/settings', { token: account.token });
    expect(empty.body).toMatchObject({ connection: null, stages: [], comparison_mode: 'name', direction: 'crm_to_warehouse' });
    const connection = await connectPortal(server, account, portal);
    const loaded = await server.call('POST', 'integrations/bitrix24/stages', { token: account.token });
    expect(loaded.body.stages.map((stage: { id: string }) => stage.id)).toEqual(['NEW', 'PREPARATION', 'EXECUTING', 'WON', 'LOSE']);
    const saved = await server.call('POST', 'integrations/bitrix24/settings', { token: account.token, body: { stage_mapping: { EXECUTING: 1, WON: 2 }, comparison_mode: 'name_article', direction: 'warehouse_to_crm' } });
    expect(saved.body).toMatchObject({ connection: { id: connection.id, status: 'connected', installed: true }, stage_mapping: { EXECUTING: 1, WON: 2 }, comparison_mode: 'name_article', direction: 'warehouse_to_crm' });
    expect((await server.call('POST', 'integrations/bitrix24/settings', { token: account.token, body: { stage_mapping: { WON: 7 } } })).status).toBe(400);
    const other = await server.newAccount();
    expect((await server.call('GET', 'integrations/bitrix24/settings', { token: other.token })).body).toMatchObject({ connection: null, stage_mapping: {} });
  });

  it('rule: only an administrator reads or changes the settings (422, as every admin-only call)', async () => {
    const account = await server.newAccount({ separateRights: true });
    const member = await server.newMember(account, { admin: false });
    expect((await server.call('GET', 'integrations/bitrix24/settings', { token: member.token })).status).toBe(422);
    expect((await server.call('POST', 'integrations/bitrix24/settings', { token: member.token, body: { direction: 'warehouse_to_crm' } })).status).toBe(422);
  });
});
