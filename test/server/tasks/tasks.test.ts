import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTask } from '../../../server/modules/tasks/api';
import { TASK_CRASHED } from '../../../server/modules/tasks/records';
import { useTestServer, type TestAccount } from '../harness';
import { runsOf, TEST_TASK, type TestTaskPayload } from './testTask';

const server = useTestServer();

async function start(account: { id: number; ownerId: number }, payload: TestTaskPayload, title = 'Test task', userId = account.ownerId) {
  return (await startTask(server.database.db, server.app.ctx.config, { accountId: account.id, userId, type: TEST_TASK, title, payload })).id;
}

const list = async (token: string) => (await server.call('GET', 'task/list', { token })).body as any[];

async function until<T>(what: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const taskIn = (token: string, id: number, ready: (task: any) => boolean) => until(async () => (await list(token)).find((task) => task.id === id && ready(task)));

describe('task records, task/list and the result file', () => {
  it('a task runs in the background: its progress moves, it ends successful (1) with its counts and a file to download', async () => {
    const account = await server.newAccount();
    const id = await start(account, { steps: 6, stepMs: 300, file: 'the result' }, 'Import of goods.xlsx');
    const moving = await taskIn(account.token, id, (task) => task.status === 0 && task.done > 0 && task.done < 6);
    expect(moving).toMatchObject({ title: 'Import of goods.xlsx', type: TEST_TASK, total: 6, finished_at: null });
    const done = await taskIn(account.token, id, (task) => task.status === 1);
    expect(done).toMatchObject({ done: 6, total: 6, counts: { added: 6 }, error: null, file: { name: 'result.txt', size: 10 } });
    expect(Date.parse(done.finished_at)).toBeGreaterThanOrEqual(Date.parse(done.started_at));
    const file = await server.app.inject({ method: 'GET', url: `/api/task/file?id=${id}`, headers: { authorization: `Bearer ${account.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('the result');
    expect(file.headers['content-disposition']).toContain('result.txt');
    expect(runsOf(id)).toHaveLength(1);
  });

  it('task/list: the caller’s own tasks, newest first', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account, { activity: true });
    const first = await start(account, {}, 'first');
    const second = await start(account, {}, 'second');
    const others = await start(account, {}, 'the member’s', member.id);
    await taskIn(account.token, second, (task) => task.status === 1);
    const ids = (await list(account.token)).map((task) => task.id);
    expect(ids).toEqual([second, first]);
    expect((await list(member.token)).map((task) => task.id)).toEqual([others]);
  });

  it('a failure is the task’s result: finished with the handler’s error, or a general one when the handler threw', async () => {
    const account = await server.newAccount();
    const failed = await start(account, { error: 'Row 3: the price is not a number' });
    const crashed = await start(account, { crash: true });
    expect(await taskIn(account.token, failed, (task) => task.status === 1)).toMatchObject({ error: 'Row 3: the price is not a number', file: null });
    expect(await taskIn(account.token, crashed, (task) => task.status === 1)).toMatchObject({ error: TASK_CRASHED });
  });

  it('cancel: task/delete of a running task fires its signal, the handler undoes its work and the task ends cancelled (2)', async () => {
    const account = await server.newAccount();
    const id = await start(account, { waitRuns: 1 });
    await until(async () => runsOf(id).length === 1);
    const answer = await server.call('GET', 'task/delete', { token: account.token, query: { id } });
    expect(answer).toMatchObject({ status: 200, body: { success: true, status: 2 } });
    await until(async () => runsOf(id)[0]?.undone);
    // The run ended and left the task cancelled, not finished.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await taskIn(account.token, id, () => true)).toMatchObject({ status: 2 });
    expect(runsOf(id)).toHaveLength(1);
  });

  it('a cancel made in another process reaches the run at its next heartbeat', async () => {
    const account = await server.newAccount();
    const id = await start(account, { waitRuns: 1 });
    await until(async () => runsOf(id).length === 1);
    // Another server process cancels by writing the record; this one learns it from the record only.
    await server.database.db.execute(sql`update tasks set status = 2 where id = ${id}`);
    await until(async () => runsOf(id)[0]?.aborted, 5000);
  });

  it('deleting a finished task marks it deleted (3): it leaves the list and its file is gone', async () => {
    const account = await server.newAccount();
    const id = await start(account, { file: 'x' });
    await taskIn(account.token, id, (task) => task.status === 1);
    expect(await server.call('GET', 'task/delete', { token: account.token, query: { id } })).toMatchObject({ status: 200, body: { status: 3 } });
    expect((await list(account.token)).map((task) => task.id)).not.toContain(id);
    expect((await server.call('GET', 'task/file', { token: account.token, query: { id } })).status).toBe(404);
    expect((await server.call('GET', 'task/delete', { token: account.token, query: { id } })).status).toBe(404);
  });

  it('isolation: another account, and another member of the same account, never see, download, cancel or delete a task (404)', async () => {
    const owner = await server.newAccount();
    const other: TestAccount = await server.newAccount();
    const member = await server.newMember(owner, { activity: true, admin: true });
    const finished = await start(owner, { file: 'secret bytes' });
    await taskIn(owner.token, finished, (task) => task.status === 1);
    const running = await start(owner, { waitRuns: 1 });
    await until(async () => runsOf(running).length === 1);
    for (const token of [other.token, member.token]) {
      expect(await list(token)).toEqual([]);
      for (const id of [finished, running]) {
        expect((await server.call('GET', 'task/file', { token, query: { id } })).status).toBe(404);
        expect((await server.call('GET', 'task/delete', { token, query: { id } })).status).toBe(404);
      }
    }
    expect(runsOf(running)[0].aborted).toBe(false);
    expect((await list(owner.token)).map((task) => [task.id, task.status])).toEqual([
      [running, 0],
      [finished, 1],
    ]);
    await server.call('GET', 'task/delete', { token: owner.token, query: { id: running } });
  });

  it('progress writes are throttled: a handler reporting 3,000 times in about 1.5 s is written at most about twice a second', async () => {
    const account = await server.newAccount();
    const { db } = server.database;
    // The counting table lives outside the public schema: on a shared PostgreSQL the schema walk (accountKeys.test.ts)
    // sees every public table, and this one is the test's own.
    await db.execute(sql`create schema if not exists test_support`);
    await db.execute(sql`create table if not exists test_support.task_progress_writes (task_id integer, done integer)`);
    await db.execute(sql`create or replace function count_task_progress() returns trigger language plpgsql as $$
      begin if new.done is distinct from old.done and new.status = 0 then insert into test_support.task_progress_writes values (new.id, new.done); end if; return new; end $$`);
    await db.execute(sql`drop trigger if exists task_progress_writes on tasks`);
    await db.execute(sql`create trigger task_progress_writes after update on tasks for each row execute function count_task_progress()`);
    const started = Date.now();
    const id = await start(account, { progressCalls: 3000, stepMs: 50 });
    await taskIn(account.token, id, (task) => task.status === 1);
    const seconds = (Date.now() - started) / 1000;
    const counted = (await db.execute(sql`select count(*)::int as count from test_support.task_progress_writes where task_id = ${id}`)) as unknown as { rows: { count: number }[] };
    const writes = counted.rows[0].count;
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThanOrEqual(Math.ceil(seconds * 2) + 1);
  });
});
