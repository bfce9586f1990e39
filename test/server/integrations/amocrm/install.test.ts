import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections, integrationLog } from '../../../../server/db/schema';
import { NOT_A_CRM_USER } from '../../../../server/modules/integrations/amocrm/install';
import { startFakeAmo, type FakeAmo } from '../../../fakes/amocrmServer';
import { useTestServer, type TestAccount } from '../../harness';

/** Spec §6 install through amoCRM's OAuth authorization-code flow, against the fake amoCRM account. */
const server = useTestServer();
let amo: FakeAmo;
beforeAll(async () => {
  amo = await startFakeAmo();
  amo.redirectUri = 'http://localhost:80/api/integrations/amocrm/oauth';
});
afterAll(() => amo.close());

async function start(account: TestAccount, token = account.token) {
  const answer = await server.call('POST', 'integrations/amocrm/install', { token, body: { origin: amo.origin, client_id: amo.clientId, client_secret: amo.clientSecret } });
  return answer;
}

async function redirect(query: Record<string, string>) {
  const response = await server.app.inject({ method: 'GET', url: `/api/integrations/amocrm/oauth?${new URLSearchParams(query)}` });
  return { status: response.statusCode, location: new URL(String(response.headers.location), 'http://x') };
}

const referer = () => new URL(amo.origin).host;

describe('amoCRM install (OAuth)', () => {
  it('rule: an admin who is a user of the CRM connects; tokens are stored sealed, status connected', async () => {
    const account = await server.newAccount();
    amo.users.push({ id: 601, name: 'Owner', email: account.email.toUpperCase() });
    const started = await start(account);
    expect(started.status).toBe(200);
    expect(started.body.url).toMatch(/^https:\/\/www\.amocrm\.ru\/oauth\?client_id=/);
    const back = await redirect({ code: amo.issueCode({ userId: 601 }), state: started.body.state, referer: referer() });
    expect(back.status).toBe(302);
    expect(back.location.pathname).toBe('/integrations/amocrm');
    expect(back.location.searchParams.get('connected')).toBe(String(started.body.connection_id));
    const [row] = await server.database.db.select().from(integrationConnections).where(eq(integrationConnections.id, started.body.connection_id));
    expect(row).toMatchObject({ status: 'connected', crmAccountId: amo.accountId, kind: 'amocrm' });
    expect(row!.credentials).not.toContain(amo.calls.find((call) => call.auth)!.auth!);
    const list = await server.call('GET', 'integrations/amocrm', { token: account.token });
    expect(list.body).toEqual([expect.objectContaining({ id: row!.id, status: 'connected', currency: 'RUB' })]);
    // The bindings screen's lists come from the CRM with the stored tokens.
    const fields = await server.call('GET', 'account/lead-fields', { token: account.token, query: { connection_id: row!.id } });
    expect(fields.body.map((field: { id: number }) => field.id)).toEqual(amo.customFields.map((field) => field.id));
    const lists = await server.call('GET', 'account/product-lists', { token: account.token, query: { connection_id: row!.id } });
    expect(lists.body).toEqual([{ id: 7001, name: 'Товары' }, { id: 7002, name: 'Services' }]);
    const groups = await server.call('GET', 'account/lead-field-groups', { token: account.token, query: { connection_id: row!.id } });
    expect(groups.body.map((group: { name: string }) => group.name)).toEqual(['Main', 'Warehouse']);
    const pipelines = await server.call('GET', 'integrations/amocrm/pipelines', { token: account.token, query: { connection_id: row!.id } });
    expect(pipelines.body[0].statuses.map((status: { id: number }) => status.id)).toEqual([40001, 40002, 40003, 142, 143]);
  });

  it('rule: an installer who is not a user of that CRM is refused with the spec text, and no tokens are kept', async () => {
    const account = await server.newAccount();
    const started = await start(account);
    const back = await redirect({ code: amo.issueCode(), state: started.body.state, referer: referer() });
    expect(back.location.searchParams.get('install_error')).toBe(NOT_A_CRM_USER);
    const [row] = await server.database.db.select().from(integrationConnections).where(eq(integrationConnections.id, started.body.connection_id));
    expect(row!.credentials).toBeNull();
    expect(row!.status).not.toBe('connected');
    const log = await server.database.db.select().from(integrationLog).where(eq(integrationLog.source, `amocrm:${row!.id}`));
    expect(log.map((entry) => entry.message)).toContain(NOT_A_CRM_USER);
  });

  it('rule: the state is single use, cannot be forged, and must come back from the same CRM account', async () => {
    const account = await server.newAccount();
    amo.users.push({ id: 602, name: 'Owner 2', email: account.email });
    const started = await start(account);
    const forged = await redirect({ code: amo.issueCode(), state: `${started.body.state.slice(0, -4)}AAAA`, referer: referer() });
    expect(forged.location.searchParams.get('install_error')).toMatch(/no longer valid/);
    const elsewhere = await redirect({ code: amo.issueCode(), state: started.body.state, referer: 'other.amocrm.ru' });
    expect(elsewhere.location.searchParams.get('install_error')).toMatch(/other\.amocrm\.ru/);
    const again = await redirect({ code: amo.issueCode(), state: started.body.state, referer: referer() });
    expect(again.location.searchParams.get('install_error')).toMatch(/already used/);
    const [row] = await server.database.db.select().from(integrationConnections).where(eq(integrationConnections.id, started.body.connection_id));
    expect(row!.credentials).toBeNull();
  });

  it('rule: only an admin starts an install (422 noRight, not 403)', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account, { admin: false });
    const answer = await start(account, member.token);
    expect(answer.status).toBe(422);
  });

  it('rule: a refused refresh turns the connection revoked, logs it, and the CRM is not called again', async () => {
    const account = await server.newAccount();
    amo.users.push({ id: 603, name: 'Owner 3', email: account.email });
    const started = await start(account);
    await redirect({ code: amo.issueCode(), state: started.body.state, referer: referer() });
    const id = started.body.connection_id;
    amo.revoke();
    amo.calls.length = 0;
    const first = await server.call('GET', 'account/product-lists', { token: account.token, query: { connection_id: id } });
    expect(first.status).toBe(422);
    expect(first.body.error).toMatch(/connect the integration again/);
    const [row] = await server.database.db.select().from(integrationConnections).where(eq(integrationConnections.id, id));
    expect(row).toMatchObject({ status: 'revoked', credentials: null });
    const second = await server.call('GET', 'account/product-lists', { token: account.token, query: { connection_id: id } });
    expect(second.status).toBe(422);
    expect(amo.calls.map((call) => call.path)).toEqual(['/api/v4/catalogs?page=1&limit=250', '/oauth2/access_token']);
    const log = await server.call('GET', 'integrations/log', { token: account.token, query: { kind: 'amocrm' } });
    expect(log.body.data[0]).toMatchObject({ level: 'error', action: 'token', can_retry: false });
  });

  it('rule: disconnect forgets the tokens', async () => {
    const account = await server.newAccount();
    amo.users.push({ id: 604, name: 'Owner 4', email: account.email });
    const started = await start(account);
    await redirect({ code: amo.issueCode(), state: started.body.state, referer: referer() });
    const answer = await server.call('POST', 'integrations/amocrm/disconnect', { token: account.token, body: { id: started.body.connection_id } });
    expect(answer.status).toBe(200);
    const [row] = await server.database.db.select().from(integrationConnections).where(eq(integrationConnections.id, started.body.connection_id));
    expect(row).toMatchObject({ status: 'revoked', credentials: null });
  });
});
