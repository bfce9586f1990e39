import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { accounts, fields, pipelines, pipelineStatuses, products, warehouses } from '../../server/db/schema';
import { ensureTariffs, seedDemo } from '../../server/seeds/seed';
import { codeIn, unique, useTestServer } from './harness';

// Issue 19 §5: what a new or demo account starts with — pipelines, stages, warehouses, price types, units — is
// named in the language chosen at sign-up (or the demo's language), not always in English.

const server = useTestServer();

interface PipelineAnswer {
  name: string;
  is_system: boolean;
  statuses: { name: string }[];
}

/** Registers through auth/sign-up and auth/set-account in a language and answers the new owner's pipelines. */
async function registeredPipelines(lang: 'en' | 'ru'): Promise<PipelineAnswer[]> {
  const email = `${unique(`lang-${lang}`)}@example.com`;
  expect((await server.call('GET', 'auth/sign-up', { query: { name: 'Owner', mode: 'email', login: email, lang } })).status).toBe(200);
  const code = codeIn(await server.lastMessage(email));
  expect((await server.call('POST', 'auth/set-account', { body: { mode: 'email', login: email, code } })).status).toBe(200);
  const password = /password: (\S+)/.exec(await server.lastMessage(email))?.[1] ?? '';
  const login = await server.call('POST', 'auth/login', { body: { login: email, password } });
  const list = await server.call('GET', 'orders/pipelines/list', { token: login.body.access_token });
  expect(list.status).toBe(200);
  return list.body;
}

const systemOf = (list: PipelineAnswer[]) => {
  const system = list.find((pipeline) => pipeline.is_system)!;
  return [system.name, system.statuses.map((stage) => stage.name)];
};

describe('a new account’s pipeline in the sign-up language', () => {
  it('rule: signed up in Russian, the system pipeline and its stages are in Russian', async () => {
    expect(systemOf(await registeredPipelines('ru'))).toEqual(['Основная воронка', ['Новый', 'Резерв', 'Завершён', 'Отменён']]);
  });

  it('rule: signed up in English, they are in English', async () => {
    expect(systemOf(await registeredPipelines('en'))).toEqual(['Main pipeline', ['New', 'Reserved', 'Completed', 'Cancelled']]);
  });
});

describe('the demo account in its language (DEMO_LANG)', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  async function demoIn(lang: 'en' | 'ru') {
    const database = await openDatabase(loadConfig(process.env, { dataDir: 'memory://', databaseUrl: null, logLevel: 'silent' }));
    opened.push(database);
    await database.migrate();
    await ensureTariffs(database.db);
    expect(await seedDemo(database.db, [], lang)).toBe(true);
    const db = database.db;
    const [account] = await db.select({ id: accounts.id }).from(accounts);
    const stages = await db
      .select({ pipeline: pipelines.name, stage: pipelineStatuses.name })
      .from(pipelineStatuses)
      .innerJoin(pipelines, eq(pipelines.id, pipelineStatuses.pipelineId))
      .where(eq(pipelines.accountId, account.id))
      .orderBy(pipelines.sort, pipelineStatuses.sort);
    const stores = (await db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.accountId, account.id)).orderBy(warehouses.id)).map((row) => row.name);
    const prices = (await db.select({ name: fields.name }).from(fields).where(and(eq(fields.accountId, account.id), eq(fields.component, 'price'))).orderBy(fields.sort)).map((row) => row.name);
    const units = [...new Set((await db.select({ unit: products.unit }).from(products).where(eq(products.accountId, account.id))).map((row) => row.unit))].sort();
    return { pipelines: [...new Set(stages.map((row) => row.pipeline))], stages: stages.map((row) => row.stage), stores, prices, units };
  }

  it('rule: in Russian the demo’s pipelines, stages, warehouses, price types and units are Russian', async () => {
    expect(await demoIn('ru')).toEqual({
      pipelines: ['Основная воронка', 'Опт'],
      stages: ['Новый', 'Резерв', 'Завершён', 'Отменён', 'Заявка', 'Счёт выставлен', 'Оплачен', 'Отгружен', 'Потерян'],
      stores: ['Основной склад', 'Второй склад'],
      prices: ['Розничная цена', 'Оптовая цена'],
      units: ['компл', 'уп', 'ч', 'шт'],
    });
  });

  it('rule: in English (the default) they are English', async () => {
    expect(await demoIn('en')).toEqual({
      pipelines: ['Main pipeline', 'Wholesale'],
      stages: ['New', 'Reserved', 'Completed', 'Cancelled', 'Request', 'Invoice issued', 'Paid', 'Shipped', 'Lost'],
      stores: ['Main warehouse', 'Second warehouse'],
      prices: ['Retail price', 'Wholesale price'],
      units: ['hour', 'pack', 'pcs', 'set'],
    });
  });
});
