import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../../server/db/schema';
import { logIntegration } from '../../../server/modules/integrations/log';
import { taskTitle } from '../../../server/modules/tasks/api';
import { useTestServer } from '../harness';

/** The integration screens' shared log (issue 18 §5): newest first per integration, admins only, a failed sync retried once. */
const server = useTestServer();
const db = () => server.database.db;

describe('integrations/log', () => {
  it("rule: each screen lists its own integration's entries, newest first, and never another account's", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await logIntegration(db(), { accountId: account.id, source: 'amocrm:1', level: 'info', action: 'sync', message: 'first' });
    await logIntegration(db(), { accountId: account.id, source: 'bitrix24:2', level: 'info', action: 'sync', message: 'bitrix' });
    await logIntegration(db(), { accountId: account.id, source: 'amocrm:1', level: 'error', action: 'sync', message: 'second' });
    await logIntegration(db(), { accountId: other.id, source: 'amocrm:9', level: 'info', action: 'sync', message: 'not yours' });
    const amo = await server.call('GET', 'integrations/log', { token: account.token, query: { kind: 'amocrm' } });
    expect(amo.status).toBe(200);
    expect(amo.body.data.map((entry: { message: string }) => entry.message)).toEqual(['second', 'first']);
    expect(amo.body.meta.total).toBe(2);
    const bitrix = await server.call('GET', 'integrations/log', { token: account.token, query: { kind: 'bitrix24' } });
    expect(bitrix.body.data.map((entry: { message: string }) => entry.message)).toEqual(['bitrix']);
    const errors = await server.call('GET', 'integrations/log', { token: account.token, query: { kind: 'amocrm', level: 'error' } });
    expect(errors.body.data.map((entry: { message: string }) => entry.message)).toEqual(['second']);
  });

  it('rule: only an administrator reads the log (it names CRM details)', async () => {
    const account = await server.newAccount({ separateRights: true });
    const member = await server.newMember(account, { admin: false });
    const answer = await server.call('GET', 'integrations/log', { token: member.token, query: { kind: '1c' } });
    expect(answer.status).toBe(422);
  });

  it('rule: a failed entry with a task is retried once — a second click starts nothing; other entries have nothing to retry', async () => {
    const account = await server.newAccount();
    const failed = await logIntegration(db(), { accountId: account.id, source: '1c', level: 'error', action: '1c-import', message: 'broken', retry: { type: 'integration-test-noop', title: 'Again', payload: { n: 1 } } });
    const info = await logIntegration(db(), { accountId: account.id, source: '1c', level: 'info', action: '1c-import', message: 'fine' });
    const listed = await server.call('GET', 'integrations/log', { token: account.token, query: { kind: '1c' } });
    expect(listed.body.data.map((entry: { can_retry: boolean }) => entry.can_retry)).toEqual([false, true]);
    const first = await server.call('POST', 'integrations/log/retry', { token: account.token, body: { id: failed } });
    expect(first.status).toBe(200);
    const [task] = await db().select().from(tasks).where(eq(tasks.id, first.body.task_id));
    expect(task).toMatchObject({ accountId: account.id, type: 'integration-test-noop', title: 'Again', payload: { n: 1 } });
    expect((await server.call('POST', 'integrations/log/retry', { token: account.token, body: { id: failed } })).status).toBe(409);
    expect((await server.call('POST', 'integrations/log/retry', { token: account.token, body: { id: info } })).status).toBe(422);
    const stranger = await server.newAccount();
    expect((await server.call('POST', 'integrations/log/retry', { token: stranger.token, body: { id: failed } })).status).toBe(404);
  });

  it("rule: a retried task keeps its title's code and params, so the task center still says it in its viewer's language", async () => {
    const account = await server.newAccount();
    const failed = await logIntegration(db(), { accountId: account.id, source: 'amocrm:1', level: 'error', action: 'lead-push', message: 'broken', retry: { type: 'integration-test-noop', ...taskTitle('leadPush', { order: '1234' }), payload: { n: 1 } } });
    const retried = await server.call('POST', 'integrations/log/retry', { token: account.token, body: { id: failed } });
    expect(retried.status).toBe(200);
    const listed = (await server.call('GET', 'task/list', { token: account.token })).body as { id: number }[];
    expect(listed.find((task) => task.id === retried.body.task_id)).toMatchObject({ title: 'Order 1234 → amoCRM', title_code: 'leadPush', title_params: { order: '1234' } });
  });
});
