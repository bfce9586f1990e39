import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, pipelines, pipelineStatuses } from '../../server/db/schema';
import { useTestServer, type TestAccount } from './harness';
import en from '../../locales/en.json';

/**
 * Route tests of order pipelines and their stages (spec 2 §3, §4, §5, §7 "Orders", §8; spec 1 §3): every call's
 * answer and the rows it wrote, the operation rules (one stage per operation, one operation per stage, reservation
 * before write-off), refusals that change nothing, owners/admins only for writes, and other accounts' ids.
 */
const server = useTestServer();
const db = () => server.database.db;

const SAME_STAGE = 'The same stage is selected for different operations within one pipeline. Please choose different stages.';
const ORDERS_IN_PIPELINE = 'There are orders in this pipeline.';
const NOT_ADMIN = 'Only an administrator of the account can do this';

type Answer = { status: number; body: any };
type Stage = { id: number; name: string; sort: number; type: number; is_reserve: boolean; is_write_off: boolean; is_stocking: boolean; blocks_products: boolean };
type PipelineAnswer = { id: number; name: string; value: number; is_system: boolean; sort: number; statuses: Stage[] };

/** The calls of one user. */
function as(token: string) {
  return {
    post: (path: string, body: unknown): Promise<Answer> => server.call('POST', path, { token, body }),
    get: (path: string): Promise<Answer> => server.call('GET', path, { token }),
  };
}

const pipelineRows = (accountId: number) => db().select().from(pipelines).where(eq(pipelines.accountId, accountId)).orderBy(asc(pipelines.id));
const stageRows = (pipelineId: number) => db().select().from(pipelineStatuses).where(eq(pipelineStatuses.pipelineId, pipelineId)).orderBy(asc(pipelineStatuses.sort), asc(pipelineStatuses.id));

/** Every pipeline and stage row of an account: a refused call must leave this unchanged. */
async function settingsOf(accountId: number) {
  return {
    pipelines: await pipelineRows(accountId),
    stages: await db().select().from(pipelineStatuses).where(eq(pipelineStatuses.accountId, accountId)).orderBy(asc(pipelineStatuses.id)),
  };
}

/** A stage's name, position and operation, as a compact row for comparisons. */
const shape = (rows: { name: string; sort: number; isReserve: boolean; isWriteOff: boolean; isStocking: boolean }[]) =>
  rows.map((row) => [row.name, row.sort, row.isReserve ? 'reserve' : row.isWriteOff ? 'write-off' : row.isStocking ? 'stocking' : '']);

async function systemPipeline(account: TestAccount): Promise<PipelineAnswer> {
  const list = await as(account.token).get('orders/pipelines/list');
  expect(list.status).toBe(200);
  return list.body.find((pipeline: PipelineAnswer) => pipeline.is_system);
}

/** A new pipeline of the account with the default stages (New, Reserved, Completed, Cancelled). */
async function addPipeline(account: TestAccount, name = 'Sales'): Promise<PipelineAnswer> {
  const answer = await as(account.token).post('orders/pipelines/add', { name });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const stageNamed = (pipeline: PipelineAnswer, name: string) => pipeline.statuses.find((stage) => stage.name === name)!;

async function addOrder(accountId: number, pipelineId: number | null, statusId: number | null, archived = false) {
  const [row] = await db().insert(orders).values({ accountId, name: 'Order', pipelineId, statusId, archived }).returning();
  return row;
}

/** Refused with a 4xx and the given text, and nothing of the account's pipelines changed. */
async function expectRefused(account: TestAccount, call: () => Promise<Answer>, status: number, error?: string) {
  const before = await settingsOf(account.id);
  const answer = await call();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  // A refusal says its text and its code (serverErrors.<code>, whose English text it is), so the shell translates it.
  if (error) expect(answer.body).toEqual({ error, code: Object.entries(en.serverErrors).find(([, text]) => text === error)?.[0] });
  else expect(typeof answer.body.error).toBe('string');
  expect(await settingsOf(account.id)).toEqual(before);
}

describe('the system pipeline', () => {
  it('a new account has exactly one pipeline, the system one, with New, Reserved (reservation), Completed (success, write-off) and Cancelled (unsuccessful)', async () => {
    const account = await server.newAccount();
    const rows = await pipelineRows(account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Main pipeline', isSystem: true, sort: 0 });
    const stages = await stageRows(rows[0].id);
    expect(stages.map((row) => [row.name, row.sort, row.type, row.isReserve, row.isWriteOff, row.isStocking, row.accountId])).toEqual([
      ['New', 0, 0, false, false, false, account.id],
      ['Reserved', 1, 0, true, false, false, account.id],
      ['Completed', 2, 1, false, true, false, account.id],
      ['Cancelled', 3, 2, false, false, false, account.id],
    ]);
  });
});

describe('orders/pipelines/list', () => {
  it('answers each pipeline with value = id and its stages in order, each with order_status_type = type + 1', async () => {
    const account = await server.newAccount();
    const answer = await as(account.token).get('orders/pipelines/list');
    expect(answer.status).toBe(200);
    const [row] = await pipelineRows(account.id);
    const stages = await stageRows(row.id);
    expect(answer.body).toEqual([
      {
        id: row.id,
        name: 'Main pipeline',
        value: row.id,
        is_system: true,
        sort: 0,
        statuses: stages.map((stage) => ({
          id: stage.id,
          pipeline_id: row.id,
          name: stage.name,
          type: stage.type,
          order_status_type: stage.type + 1,
          color: stage.color,
          sort: stage.sort,
          is_reserve: stage.isReserve,
          is_write_off: stage.isWriteOff,
          is_stocking: stage.isStocking,
          blocks_products: false,
        })),
      },
    ]);
    expect(answer.body[0].statuses.map((stage: Stage & { order_status_type: number }) => stage.order_status_type)).toEqual([1, 1, 2, 3]);
  });

  it('lists the system pipeline first, then the others by position, and only the caller’s account’s', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await addPipeline(other, 'Theirs');
    const sales = await addPipeline(account, 'Sales');
    const purchases = await addPipeline(account, 'Purchases');
    // Even a system pipeline stored with a larger position comes first.
    await db().update(pipelines).set({ sort: 99 }).where(eq(pipelines.id, (await systemPipeline(account)).id));
    const list = await as(account.token).get('orders/pipelines/list');
    expect(list.body.map((pipeline: PipelineAnswer) => pipeline.name)).toEqual(['Main pipeline', 'Sales', 'Purchases']);
    expect(list.body.map((pipeline: PipelineAnswer) => pipeline.id).slice(1)).toEqual([sales.id, purchases.id]);
  });

  it('any member may read the pipelines, without the admin right', async () => {
    const account = await server.newAccount({ separateRights: true });
    const member = await server.newMember(account, { activity: true });
    const answer = await as(member.token).get('orders/pipelines/list');
    expect(answer.status).toBe(200);
    expect(answer.body.map((pipeline: PipelineAnswer) => pipeline.name)).toEqual(['Main pipeline']);
    expect((await as(member.token).get('account/pipelinesV2')).status).toBe(200);
  });

  it('without a token: 403', async () => {
    expect((await server.call('GET', 'orders/pipelines/list')).status).toBe(403);
    expect((await server.call('GET', 'account/pipelinesV2')).status).toBe(403);
  });
});

describe('account/pipelinesV2', () => {
  it('answers each pipeline with the stage chosen for reservation, write-off and stocking (null: none)', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const system = await systemPipeline(account);
    const purchases = (await post('orders/pipelines/add', { name: 'Purchases', statuses: [{ name: 'Ordered' }, { name: 'Received', is_stocking: true, type: 1 }] })).body;
    const answer = await get('account/pipelinesV2');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: system.id,
        name: 'Main pipeline',
        value: system.id,
        is_system: true,
        sort: 0,
        statuses: system.statuses,
        reserve_status_id: stageNamed(system, 'Reserved').id,
        write_off_status_id: stageNamed(system, 'Completed').id,
        stocking_status_id: null,
      },
      {
        id: purchases.id,
        name: 'Purchases',
        value: purchases.id,
        is_system: false,
        sort: 1,
        statuses: purchases.statuses,
        reserve_status_id: null,
        write_off_status_id: null,
        stocking_status_id: stageNamed(purchases, 'Received').id,
      },
    ]);
  });
});

describe('orders/pipelines/add', () => {
  it('adds a pipeline after the others with the default stages; it is not the system one', async () => {
    const account = await server.newAccount();
    const answer = await as(account.token).post('orders/pipelines/add', { name: '  Sales  ' });
    expect(answer.status).toBe(200);
    const row = (await pipelineRows(account.id)).find((pipeline) => pipeline.id === answer.body.id)!;
    expect(row).toMatchObject({ name: 'Sales', isSystem: false, sort: 1, accountId: account.id });
    const stages = await stageRows(row.id);
    expect(shape(stages)).toEqual([
      ['New', 0, ''],
      ['Reserved', 1, 'reserve'],
      ['Completed', 2, 'write-off'],
      ['Cancelled', 3, ''],
    ]);
    expect(stages.map((stage) => stage.type)).toEqual([0, 0, 1, 2]);
    expect(answer.body).toMatchObject({ id: row.id, value: row.id, name: 'Sales', is_system: false, sort: 1 });
    expect(answer.body.statuses.map((stage: Stage) => stage.id)).toEqual(stages.map((stage) => stage.id));
    expect((await addPipeline(account, 'Next')).sort).toBe(2);
  });

  it('stores the given stages in the given order with their types, colours and flags', async () => {
    const account = await server.newAccount();
    const answer = await as(account.token).post('orders/pipelines/add', {
      name: 'Wholesale',
      statuses: [
        { name: 'Draft', color: '#eee' },
        { name: 'Confirmed', is_reserve: true, blocks_products: true },
        { name: 'Shipped', is_write_off: true, type: 1 },
        { name: 'Lost', type: 2 },
      ],
    });
    expect(answer.status).toBe(200);
    const stages = await stageRows(answer.body.id);
    expect(shape(stages)).toEqual([
      ['Draft', 0, ''],
      ['Confirmed', 1, 'reserve'],
      ['Shipped', 2, 'write-off'],
      ['Lost', 3, ''],
    ]);
    expect(stages.map((stage) => [stage.color, stage.type, stage.blocksProducts])).toEqual([
      ['#eee', 0, false],
      ['', 0, true],
      ['', 1, false],
      ['', 2, false],
    ]);
  });

  it('the same operation on two stages, two operations on one stage, or reservation after write-off: 422 with the same-stage text, nothing written', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const cases = [
      [{ name: 'A', is_reserve: true }, { name: 'B', is_reserve: true }],
      [{ name: 'A', is_reserve: true, is_write_off: true }],
      [{ name: 'A', is_stocking: true, is_write_off: true }],
      [{ name: 'A', is_write_off: true }, { name: 'B', is_reserve: true }],
    ];
    for (const statuses of cases) await expectRefused(account, () => post('orders/pipelines/add', { name: 'Bad', statuses }), 422, SAME_STAGE);
  });

  it('a blank pipeline or stage name: 400, nothing written', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    await expectRefused(account, () => post('orders/pipelines/add', { name: '   ' }), 400);
    await expectRefused(account, () => post('orders/pipelines/add', { name: 'Ok', statuses: [{ name: ' ' }] }), 400);
  });
});

describe('orders/pipelines/update', () => {
  it('renames a pipeline (trimmed); the system pipeline may be renamed too', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const answer = await as(account.token).post('orders/pipelines/update', { id: system.id, name: ' Retail ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: system.id, name: 'Retail', is_system: true });
    expect((await pipelineRows(account.id))[0]).toMatchObject({ name: 'Retail', isSystem: true });
  });

  it('reorders the stages by status_ids: positions become 0, 1, 2…', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const [fresh, reserved, completed, cancelled] = system.statuses.map((stage) => stage.id);
    const answer = await as(account.token).post('orders/pipelines/update', { id: system.id, status_ids: [reserved, fresh, cancelled, completed] });
    expect(answer.status).toBe(200);
    expect(answer.body.statuses.map((stage: Stage) => [stage.id, stage.sort])).toEqual([
      [reserved, 0],
      [fresh, 1],
      [cancelled, 2],
      [completed, 3],
    ]);
    expect(shape(await stageRows(system.id))).toEqual([
      ['Reserved', 0, 'reserve'],
      ['New', 1, ''],
      ['Cancelled', 2, ''],
      ['Completed', 3, 'write-off'],
    ]);
  });

  it('a reorder that puts the reservation stage at or after the write-off stage: 422 with the same-stage text, nothing changes', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const [fresh, reserved, completed, cancelled] = system.statuses.map((stage) => stage.id);
    await expectRefused(account, () => as(account.token).post('orders/pipelines/update', { id: system.id, status_ids: [fresh, completed, reserved, cancelled] }), 422, SAME_STAGE);
  });

  it('status_ids that leave out a stage: 400; that name a stage of another pipeline: 404; nothing changes', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const sales = await addPipeline(account);
    const ids = system.statuses.map((stage) => stage.id);
    await expectRefused(account, () => as(account.token).post('orders/pipelines/update', { id: system.id, status_ids: ids.slice(1) }), 400);
    await expectRefused(account, () => as(account.token).post('orders/pipelines/update', { id: system.id, status_ids: [...ids.slice(1), sales.statuses[0].id] }), 404);
  });

  it('chooses the stage of each operation: the choice moves the flag, null clears it', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const system = await systemPipeline(account);
    const [fresh, , completed] = system.statuses.map((stage) => stage.id);
    const answer = await post('orders/pipelines/update', { id: system.id, reserve_status_id: fresh, stocking_status_id: null });
    expect(answer.status).toBe(200);
    expect(shape(await stageRows(system.id))).toEqual([
      ['New', 0, 'reserve'],
      ['Reserved', 1, ''],
      ['Completed', 2, 'write-off'],
      ['Cancelled', 3, ''],
    ]);
    const cleared = await post('orders/pipelines/update', { id: system.id, reserve_status_id: null, write_off_status_id: completed });
    expect(cleared.status).toBe(200);
    const settings = (await get('account/pipelinesV2')).body[0];
    expect(settings).toMatchObject({ reserve_status_id: null, write_off_status_id: completed, stocking_status_id: null });
  });

  it('one stage chosen for two operations: 422 with the same-stage text, nothing changes', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const fresh = system.statuses[0].id;
    const { post } = as(account.token);
    await expectRefused(account, () => post('orders/pipelines/update', { id: system.id, reserve_status_id: fresh, stocking_status_id: fresh }), 422, SAME_STAGE);
    // The write-off stage chosen for reservation while it keeps the write-off.
    await expectRefused(account, () => post('orders/pipelines/update', { id: system.id, reserve_status_id: stageNamed(system, 'Completed').id }), 422, SAME_STAGE);
  });

  it('a reservation stage chosen at or after the write-off stage: 422 with the same-stage text, nothing changes', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const { post } = as(account.token);
    await expectRefused(account, () => post('orders/pipelines/update', { id: system.id, reserve_status_id: stageNamed(system, 'Cancelled').id }), 422, SAME_STAGE);
    await expectRefused(account, () => post('orders/pipelines/update', { id: system.id, write_off_status_id: stageNamed(system, 'New').id }), 422, SAME_STAGE);
  });

  it('moves a pipeline among the others by sort; the system pipeline stays first', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const a = await addPipeline(account, 'A');
    const b = await addPipeline(account, 'B');
    const c = await addPipeline(account, 'C');
    const names = async () => (await get('orders/pipelines/list')).body.map((pipeline: PipelineAnswer) => pipeline.name);
    expect((await post('orders/pipelines/update', { id: c.id, sort: 1 })).status).toBe(200);
    expect(await names()).toEqual(['Main pipeline', 'C', 'A', 'B']);
    expect((await pipelineRows(account.id)).map((row) => [row.name, row.sort])).toEqual([
      ['Main pipeline', 0],
      ['A', 2],
      ['B', 3],
      ['C', 1],
    ]);
    expect((await post('orders/pipelines/update', { id: a.id, sort: 0 })).status).toBe(200);
    expect(await names()).toEqual(['Main pipeline', 'A', 'C', 'B']);
    expect((await post('orders/pipelines/update', { id: (await systemPipeline(account)).id, sort: 5 })).status).toBe(200);
    expect(await names()).toEqual(['Main pipeline', 'A', 'C', 'B']);
    expect((await post('orders/pipelines/update', { id: b.id, sort: 1000 })).status).toBe(200);
    expect(await names()).toEqual(['Main pipeline', 'A', 'C', 'B']);
  });
});

describe('orders/pipelines/delete', () => {
  it('deletes a pipeline and its stages', async () => {
    const account = await server.newAccount();
    const sales = await addPipeline(account);
    const answer = await as(account.token).post('orders/pipelines/delete', { id: sales.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect((await pipelineRows(account.id)).map((row) => row.name)).toEqual(['Main pipeline']);
    expect(await stageRows(sales.id)).toEqual([]);
  });

  it('the system pipeline cannot be deleted: 422, nothing changes', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    await expectRefused(account, () => as(account.token).post('orders/pipelines/delete', { id: system.id }), 422, 'The system pipeline cannot be deleted.');
  });

  it("a pipeline with orders (archived ones too): 422 'There are orders in this pipeline.', nothing changes and the list still has it", async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const sales = await addPipeline(account);
    const order = await addOrder(account.id, sales.id, sales.statuses[0].id);
    await expectRefused(account, () => post('orders/pipelines/delete', { id: sales.id }), 422, ORDERS_IN_PIPELINE);
    expect((await get('orders/pipelines/list')).body.map((pipeline: PipelineAnswer) => pipeline.id)).toContain(sales.id);
    await db().update(orders).set({ archived: true }).where(eq(orders.id, order.id));
    await expectRefused(account, () => post('orders/pipelines/delete', { id: sales.id }), 422, ORDERS_IN_PIPELINE);
    // An order that names only a stage of the pipeline counts as well.
    await db().delete(orders).where(eq(orders.id, order.id));
    await addOrder(account.id, null, sales.statuses[1].id);
    await expectRefused(account, () => post('orders/pipelines/delete', { id: sales.id }), 422, ORDERS_IN_PIPELINE);
  });
});

describe('orders/pipelines/statuses/add', () => {
  it('appends a stage last by default; its type gives order_status_type', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const answer = await as(account.token).post('orders/pipelines/statuses/add', { pipeline_id: system.id, name: ' Returned ', type: 2, color: '#f00' });
    expect(answer.status).toBe(200);
    const added = answer.body.statuses.at(-1);
    expect(added).toMatchObject({ name: 'Returned', type: 2, order_status_type: 3, color: '#f00', sort: 4, pipeline_id: system.id, is_reserve: false });
    const rows = await stageRows(system.id);
    expect(rows.map((row) => row.name)).toEqual(['New', 'Reserved', 'Completed', 'Cancelled', 'Returned']);
    expect(rows.at(-1)).toMatchObject({ id: added.id, accountId: account.id, type: 2, color: '#f00', sort: 4 });
  });

  it('inserts a stage at a position and moves the later ones down', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const answer = await as(account.token).post('orders/pipelines/statuses/add', { pipeline_id: system.id, name: 'Paid', sort: 1, blocks_products: true });
    expect(answer.status).toBe(200);
    expect(shape(await stageRows(system.id))).toEqual([
      ['New', 0, ''],
      ['Paid', 1, ''],
      ['Reserved', 2, 'reserve'],
      ['Completed', 3, 'write-off'],
      ['Cancelled', 4, ''],
    ]);
    expect((await stageRows(system.id))[1].blocksProducts).toBe(true);
  });

  it('an operation another stage of the pipeline has: 422 with the same-stage text, not moved, nothing changes', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const { post } = as(account.token);
    await expectRefused(account, () => post('orders/pipelines/statuses/add', { pipeline_id: system.id, name: 'Hold', sort: 0, is_reserve: true }), 422, SAME_STAGE);
    await expectRefused(account, () => post('orders/pipelines/statuses/add', { pipeline_id: system.id, name: 'Ship', is_write_off: true }), 422, SAME_STAGE);
  });

  it('two operations on the new stage, or a reservation stage placed after the write-off stage: 422, nothing changes', async () => {
    const account = await server.newAccount();
    const sales = await addPipeline(account);
    const { post } = as(account.token);
    await expectRefused(account, () => post('orders/pipelines/statuses/add', { pipeline_id: sales.id, name: 'X', is_stocking: true, is_write_off: true }), 422, SAME_STAGE);
    // Free the reservation, then try to put a new reservation stage after the write-off stage.
    expect((await post('orders/pipelines/update', { id: sales.id, reserve_status_id: null })).status).toBe(200);
    await expectRefused(account, () => post('orders/pipelines/statuses/add', { pipeline_id: sales.id, name: 'Late', is_reserve: true }), 422, SAME_STAGE);
    // Before it, the same stage is fine.
    const ok = await post('orders/pipelines/statuses/add', { pipeline_id: sales.id, name: 'Early', sort: 0, is_reserve: true });
    expect(ok.status).toBe(200);
    expect(shape(await stageRows(sales.id))[0]).toEqual(['Early', 0, 'reserve']);
  });

  it('a stocking stage may be added to a pipeline that has none', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const answer = await as(account.token).post('orders/pipelines/statuses/add', { pipeline_id: system.id, name: 'Restocked', is_stocking: true });
    expect(answer.status).toBe(200);
    expect(shape(await stageRows(system.id)).at(-1)).toEqual(['Restocked', 4, 'stocking']);
  });
});

describe('orders/pipelines/statuses/update', () => {
  it('changes name, colour, type and the product block of a stage', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const fresh = system.statuses[0];
    const answer = await as(account.token).post('orders/pipelines/statuses/update', { id: fresh.id, name: ' Incoming ', color: '#123', type: 1, blocks_products: true });
    expect(answer.status).toBe(200);
    expect(answer.body.statuses[0]).toMatchObject({ id: fresh.id, name: 'Incoming', color: '#123', type: 1, order_status_type: 2, blocks_products: true });
    expect((await stageRows(system.id))[0]).toMatchObject({ name: 'Incoming', color: '#123', type: 1, blocksProducts: true, isReserve: false });
  });

  it('setting an operation another stage has: 422 with the same-stage text — not silently moved; nothing changes', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const { post } = as(account.token);
    await expectRefused(account, () => post('orders/pipelines/statuses/update', { id: stageNamed(system, 'New').id, is_reserve: true }), 422, SAME_STAGE);
    await expectRefused(account, () => post('orders/pipelines/statuses/update', { id: stageNamed(system, 'Cancelled').id, is_write_off: true }), 422, SAME_STAGE);
  });

  it('a second operation on a stage that has one: 422, nothing changes; switching its operation in one call is allowed', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const { post } = as(account.token);
    const reserved = stageNamed(system, 'Reserved').id;
    await expectRefused(account, () => post('orders/pipelines/statuses/update', { id: reserved, is_stocking: true }), 422, SAME_STAGE);
    const switched = await post('orders/pipelines/statuses/update', { id: reserved, is_reserve: false, is_stocking: true });
    expect(switched.status).toBe(200);
    expect(shape(await stageRows(system.id))[1]).toEqual(['Reserved', 1, 'stocking']);
  });

  it('clearing the flag on one stage, then setting it on another, moves the operation', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const { post } = as(account.token);
    expect((await post('orders/pipelines/statuses/update', { id: stageNamed(system, 'Reserved').id, is_reserve: false })).status).toBe(200);
    expect((await post('orders/pipelines/statuses/update', { id: stageNamed(system, 'New').id, is_reserve: true })).status).toBe(200);
    expect(shape(await stageRows(system.id)).map((row) => row[2])).toEqual(['reserve', '', 'write-off', '']);
  });

  it('sort moves the stage and renumbers the others', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const answer = await as(account.token).post('orders/pipelines/statuses/update', { id: stageNamed(system, 'Cancelled').id, sort: 0 });
    expect(answer.status).toBe(200);
    expect(shape(await stageRows(system.id))).toEqual([
      ['Cancelled', 0, ''],
      ['New', 1, ''],
      ['Reserved', 2, 'reserve'],
      ['Completed', 3, 'write-off'],
    ]);
  });

  it('moving the reservation stage at or after the write-off stage, or the write-off stage before it: 422, nothing changes', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const { post } = as(account.token);
    await expectRefused(account, () => post('orders/pipelines/statuses/update', { id: stageNamed(system, 'Reserved').id, sort: 2 }), 422, SAME_STAGE);
    await expectRefused(account, () => post('orders/pipelines/statuses/update', { id: stageNamed(system, 'Completed').id, sort: 0 }), 422, SAME_STAGE);
    // Reservation set on a stage after the write-off stage (once the old one is cleared).
    expect((await post('orders/pipelines/statuses/update', { id: stageNamed(system, 'Reserved').id, is_reserve: false })).status).toBe(200);
    await expectRefused(account, () => post('orders/pipelines/statuses/update', { id: stageNamed(system, 'Cancelled').id, is_reserve: true }), 422, SAME_STAGE);
  });

  it('concurrent updates cannot together put an operation on two stages or reservation after write-off', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const { post } = as(account.token);
    expect((await post('orders/pipelines/statuses/update', { id: stageNamed(system, 'Reserved').id, is_reserve: false })).status).toBe(200);
    const answers = await Promise.all([
      post('orders/pipelines/statuses/update', { id: stageNamed(system, 'New').id, is_reserve: true }),
      post('orders/pipelines/statuses/update', { id: stageNamed(system, 'Reserved').id, is_reserve: true }),
      post('orders/pipelines/statuses/update', { id: stageNamed(system, 'Completed').id, sort: 0 }),
      post('orders/pipelines/update', { id: system.id, reserve_status_id: stageNamed(system, 'Cancelled').id }),
    ]);
    expect(answers.every((answer) => answer.status === 200 || (answer.status === 422 && answer.body.error === SAME_STAGE))).toBe(true);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    const rows = await stageRows(system.id);
    // Which writes win depends on their order: when the move of 'Completed' (write-off) to the top lands first, every
    // reservation choice after it is refused and the pipeline is left with no reservation stage, which is allowed
    // (reservation on adding to the deal). What no order may produce: two reservation stages, or one after write-off.
    const reserve = rows.filter((row) => row.isReserve);
    expect(reserve.length).toBeLessThanOrEqual(1);
    expect(rows.filter((row) => row.isWriteOff)).toHaveLength(1);
    if (reserve.length) expect(rows.findIndex((row) => row.isReserve)).toBeLessThan(rows.findIndex((row) => row.isWriteOff));
    expect(rows.map((row) => row.sort)).toEqual([0, 1, 2, 3]);
  });
});

describe('orders/pipelines/statuses/delete', () => {
  it('deletes a stage, renumbers the rest and answers the pipeline; a deleted operation stage leaves the operation unchosen', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const { post, get } = as(account.token);
    const answer = await post('orders/pipelines/statuses/delete', { id: stageNamed(system, 'Reserved').id });
    expect(answer.status).toBe(200);
    expect(answer.body.statuses.map((stage: Stage) => [stage.name, stage.sort])).toEqual([
      ['New', 0],
      ['Completed', 1],
      ['Cancelled', 2],
    ]);
    expect(shape(await stageRows(system.id))).toEqual([
      ['New', 0, ''],
      ['Completed', 1, 'write-off'],
      ['Cancelled', 2, ''],
    ]);
    expect((await get('account/pipelinesV2')).body[0].reserve_status_id).toBeNull();
  });

  it('a stage with orders in it: 422, nothing changes', async () => {
    const account = await server.newAccount();
    const system = await systemPipeline(account);
    const fresh = stageNamed(system, 'New').id;
    await addOrder(account.id, system.id, fresh, true);
    await expectRefused(account, () => as(account.token).post('orders/pipelines/statuses/delete', { id: fresh }), 422, 'There are orders in this stage.');
  });

  it("a pipeline's last stage cannot be deleted: 422, nothing changes", async () => {
    const account = await server.newAccount();
    const answer = await as(account.token).post('orders/pipelines/add', { name: 'One', statuses: [{ name: 'Only' }] });
    await expectRefused(account, () => as(account.token).post('orders/pipelines/statuses/delete', { id: answer.body.statuses[0].id }), 422, 'A pipeline must keep at least one stage.');
  });
});

describe('rights: pipeline settings are account settings', () => {
  it('a member without the admin right (rights separated or not) cannot change any of them: 422, nothing changes', async () => {
    for (const separateRights of [true, false]) {
      const account = await server.newAccount({ separateRights });
      const member = await server.newMember(account, { activity: true, editingRemains: true, changeRemains: true });
      const system = await systemPipeline(account);
      const sales = await addPipeline(account);
      const { post } = as(member.token);
      const writes: [string, unknown][] = [
        ['orders/pipelines/add', { name: 'Mine' }],
        ['orders/pipelines/update', { id: system.id, name: 'Mine' }],
        ['orders/pipelines/delete', { id: sales.id }],
        ['orders/pipelines/statuses/add', { pipeline_id: system.id, name: 'Mine' }],
        ['orders/pipelines/statuses/update', { id: system.statuses[0].id, name: 'Mine' }],
        ['orders/pipelines/statuses/delete', { id: system.statuses[3].id }],
      ];
      for (const [path, body] of writes) await expectRefused(account, () => post(path, body), 422, NOT_ADMIN);
    }
  });

  it('a member with the admin right may change them', async () => {
    const account = await server.newAccount({ separateRights: true });
    const admin = await server.newMember(account, { activity: true, admin: true });
    const answer = await as(admin.token).post('orders/pipelines/add', { name: 'By admin' });
    expect(answer.status).toBe(200);
    expect((await pipelineRows(account.id)).map((row) => row.name)).toEqual(['Main pipeline', 'By admin']);
  });
});

describe("another account's ids", () => {
  it('every write with a pipeline or stage id of another account: 404, and nothing changes in either account', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const theirs = await addPipeline(other, 'Theirs');
    await addOrder(other.id, theirs.id, theirs.statuses[0].id);
    const theirStage = theirs.statuses[3].id;
    const { post } = as(account.token);
    const writes: [string, unknown][] = [
      ['orders/pipelines/update', { id: theirs.id, name: 'Taken' }],
      ['orders/pipelines/update', { id: (await systemPipeline(account)).id, reserve_status_id: theirs.statuses[0].id }],
      ['orders/pipelines/delete', { id: theirs.id }],
      ['orders/pipelines/statuses/add', { pipeline_id: theirs.id, name: 'Taken' }],
      ['orders/pipelines/statuses/update', { id: theirStage, name: 'Taken' }],
      ['orders/pipelines/statuses/delete', { id: theirStage }],
    ];
    for (const [path, body] of writes) {
      const theirsBefore = await settingsOf(other.id);
      await expectRefused(account, () => post(path, body), 404);
      expect(await settingsOf(other.id)).toEqual(theirsBefore);
    }
  });
});
