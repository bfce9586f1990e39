import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections, integrationLog } from '../../../../server/db/schema';
import { AmoRevokedError } from '../../../../server/modules/integrations/amocrm/client';
import { amoClientOf, REVOKED_MESSAGE, type AmoCredentials } from '../../../../server/modules/integrations/amocrm/connection';
import { vaultOf } from '../../../../server/modules/integrations/vaultOf';
import { startFakeAmo, type FakeAmo } from '../../../fakes/amocrmServer';
import { useTestServer } from '../../harness';
import { connectedAmo } from './amoSetup';

/**
 * Issue 18 §1: amoCRM's refresh token works once, so the clients of one connection — other tasks, other processes,
 * each with its own client and nothing shared in memory — refresh under the connection row's lock, like Bitrix24's.
 */
const server = useTestServer();
let amo: FakeAmo;
beforeAll(async () => {
  amo = await startFakeAmo({ perSecond: 50 });
  amo.redirectUri = 'http://localhost:80/api/integrations/amocrm/oauth';
});
afterAll(() => amo.close());

const db = () => server.database.db;
const row = async (id: number) => (await db().select().from(integrationConnections).where(eq(integrationConnections.id, id)))[0]!;
const tokenCalls = () => amo.calls.filter((call) => call.path === '/oauth2/access_token');

/** A connected account whose stored access token has expired (for us and for the CRM): the next call must refresh. */
async function expired() {
  const { account, connectionId } = await connectedAmo(server, amo);
  const vault = vaultOf(server.app.ctx.config);
  const stored = vault.open<AmoCredentials>((await row(connectionId)).credentials!);
  await db().update(integrationConnections).set({ credentials: vault.seal({ ...stored, expires_at: Date.now() - 1000 }) }).where(eq(integrationConnections.id, connectionId));
  amo.dropAccessTokens();
  return { account, connectionId, connection: await row(connectionId) };
}

/** N clients built from the same row, as N tasks would build them, calling together while the OAuth server is slow. */
async function together<T>(connection: Awaited<ReturnType<typeof row>>, n: number, call: (client: ReturnType<typeof amoClientOf>) => Promise<T>) {
  const clients = Array.from({ length: n }, () => amoClientOf(db(), server.app.ctx.config, connection));
  amo.tokenDelayMs = 1500;
  try {
    return await Promise.allSettled(clients.map(call));
  } finally {
    amo.tokenDelayMs = 0;
  }
}

describe('amoCRM token refresh under the connection row lock', () => {
  it('rule: concurrent calls of 4 clients with an expired token make one token call and all succeed with the new token', async () => {
    const { connectionId, connection } = await expired();
    amo.calls.length = 0;
    const answers = await together(connection, 4, (client) => client.account());
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(tokenCalls().map((call) => call.status)).toEqual([200]);
    const after = await row(connectionId);
    expect(after.status).toBe('connected');
    const stored = vaultOf(server.app.ctx.config).open<AmoCredentials>(after.credentials!);
    expect(stored.expires_at).toBeGreaterThan(Date.now());
    // Every API call carried the one refreshed token.
    const api = amo.calls.filter((call) => call.path === '/api/v4/account');
    expect(api.map((call) => call.auth)).toEqual([stored.access_token, stored.access_token, stored.access_token, stored.access_token]);
  });

  it('rule: a revoked refresh token marks the connection revoked once, logs it once, and is never tried again (concurrent clients)', async () => {
    const { account, connectionId, connection } = await expired();
    amo.revoke();
    amo.calls.length = 0;
    const answers = await together(connection, 4, (client) => client.users());
    for (const answer of answers) {
      expect(answer.status).toBe('rejected');
      expect((answer as PromiseRejectedResult).reason).toBeInstanceOf(AmoRevokedError);
    }
    // The first refresh was refused; the others found the connection revoked under the lock and did not spend it again.
    expect(tokenCalls().map((call) => call.status)).toEqual([400]);
    const after = await row(connectionId);
    expect(after).toMatchObject({ status: 'revoked', credentials: null, lastError: REVOKED_MESSAGE });
    const logged = await db().select().from(integrationLog).where(and(eq(integrationLog.accountId, account.id), eq(integrationLog.source, `amocrm:${connectionId}`), eq(integrationLog.action, 'token')));
    expect(logged).toMatchObject([{ level: 'error', message: REVOKED_MESSAGE }]);
    // Reported to the user (the connection list) and not retried: the next caller is refused before the CRM is called.
    const listed = await server.call('GET', 'integrations/amocrm', { token: account.token });
    expect(listed.body).toMatchObject([{ id: connectionId, status: 'revoked', last_error: REVOKED_MESSAGE }]);
    const calls = amo.calls.length;
    expect(() => amoClientOf(db(), server.app.ctx.config, after)).toThrow(REVOKED_MESSAGE);
    const fields = await server.call('GET', `account/lead-fields?connection_id=${connectionId}`, { token: account.token });
    expect(fields.status).toBe(422);
    expect(amo.calls.length).toBe(calls);
  });
});
