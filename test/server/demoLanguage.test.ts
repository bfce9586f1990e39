import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The two demos, each seeded once on its own embedded database and read by every test below. */
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});
const demos = new Map<'en' | 'ru', Promise<{ db: Database['db']; accountId: number }>>();
function demo(lang: 'en' | 'ru') {
  let made = demos.get(lang);
  if (!made) {
    made = (async () => {
      const database = await openDatabase(loadConfig(process.env, { dataDir: 'memory://', databaseUrl: null, logLevel: 'silent' }));
      opened.push(database);
      await database.migrate();
      await ensureTariffs(database.db);
      expect(await seedDemo(database.db, [], lang)).toBe(true);
      const [account] = await database.db.select({ id: accounts.id }).from(accounts);
      return { db: database.db, accountId: account.id };
    })();
    demos.set(lang, made);
  }
  return made;
}

describe('the demo account in its language (DEMO_LANG)', () => {
  // Seeding a demo takes seconds on a busy machine: both are made before the tests, not inside a test's time.
  beforeAll(() => Promise.all([demo('en'), demo('ru')]), 180_000);

  async function demoIn(lang: 'en' | 'ru') {
    const { db, accountId } = await demo(lang);
    const account = { id: accountId };
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

// The whole demo, not only what a new account starts with: everything the seed writes that a user reads is in the
// demo's language, and the two demos are the same data but for those words.

type Json = Record<string, unknown>;
interface Reader {
  /** The words a user reads in the column's value. */
  texts: (value: unknown) => string[];
  /** The value with those words taken out, for comparing the two demos. */
  strip: (value: unknown) => unknown;
}
const text: Reader = { texts: (value) => (typeof value === 'string' && value !== '' ? [value] : []), strip: (value) => (value === '' || value === null ? value : 'text') };
const tagList: Reader = { texts: (value) => value as string[], strip: (value) => (value as string[]).length };
/** A field's options: objects with a name (select) or the names themselves (multiselect). */
const options: Reader = {
  texts: (value) => (value as (string | Json)[]).map((option) => (typeof option === 'string' ? option : String(option.name))),
  strip: (value) => (value as (string | Json)[]).map((option) => (typeof option === 'string' ? 'text' : { ...option, name: 'text' })),
};
/** A product's values: the brand and materials are words; prices, codes, dates and images are not. */
const productValues: Reader = {
  texts: (value) => [(value as Json).brand, ...(((value as Json).materials as string[] | undefined) ?? [])].filter((word): word is string => typeof word === 'string'),
  strip: (value) => ({ ...(value as Json), brand: (value as Json).brand === undefined ? undefined : 'text', materials: ((value as Json).materials as string[] | undefined)?.length }),
};

/** Every table and column of the demo account that a user reads. */
const READ: Record<string, Record<string, Reader>> = {
  accounts: { name: text },
  users: { name: text },
  warehouses: { name: text },
  categories: { name: text },
  fields: { name: text, data: options },
  products: { name: text, article: text, unit: text, tags: tagList, values: productValues },
  // The products' names as the search reads them (kept by a trigger).
  product_search: { name: text, name_lower: text },
  batches: { number: text },
  movements: { title: text, article_number: text, party: text, comment: text },
  pipelines: { name: text },
  pipeline_statuses: { name: text },
  contacts: { name: text, phone: text, tags: tagList },
  companies: { name: text, bank_name: text, tags: tagList },
  orders: { name: text, tags: tagList },
  public_customers: { name: text, tags: tagList },
  document_templates: { name: text, file_name: text },
};
/** Columns that say which language the account is in (not words in it); and what differs on every run (hashes, tokens, moments). */
const LEFT_OUT = new Set(['users.lang', 'document_settings.lang', 'document_templates.builtin']);
const VOLATILE = /hash|token/;
const MOMENT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/;

/** Rows of every table that holds the demo account's data (by account_id), plus the account and its users. */
async function demoRows(lang: 'en' | 'ru'): Promise<Map<string, Json[]>> {
  const { db, accountId } = await demo(lang);
  const rowsOf = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Json[] }).rows;
  const tables = (await rowsOf(sql`select table_name from information_schema.columns where column_name = 'account_id' and table_schema = 'public' order by table_name`)).map((row) => String(row.table_name));
  const rows = new Map<string, Json[]>();
  rows.set('accounts', await rowsOf(sql`select * from accounts where id = ${accountId}`));
  rows.set('users', await rowsOf(sql`select * from users where id in (select user_id from memberships where account_id = ${accountId}) order by id`));
  for (const table of tables) {
    const found = await rowsOf(sql`select * from ${sql.identifier(table)} where account_id = ${accountId}`);
    if (found.length) rows.set(table, found);
  }
  return rows;
}

async function visibleTexts(lang: 'en' | 'ru'): Promise<string[]> {
  const texts: string[] = [];
  for (const [table, rows] of await demoRows(lang)) {
    for (const row of rows) for (const [column, reader] of Object.entries(READ[table] ?? {})) texts.push(...reader.texts(row[column]));
  }
  return texts;
}

/** The demo without its words: every table's rows with the read columns stripped, sorted so the order of insertion does not matter. */
async function shape(lang: 'en' | 'ru'): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const [table, rows] of await demoRows(lang)) {
    result[table] = rows
      .map((row) => {
        const kept: Json = {};
        for (const [column, value] of Object.entries(row)) {
          if (LEFT_OUT.has(`${table}.${column}`) || VOLATILE.test(column)) continue;
          const reader = READ[table]?.[column];
          kept[column] = reader ? reader.strip(value) : typeof value === 'string' && MOMENT.test(value) ? 'moment' : value;
        }
        return JSON.stringify(kept);
      })
      .sort();
  }
  return result;
}

/**
 * Latin that a Russian demo may hold: brands sold in Russia under their Latin names, codes (articles, batch numbers),
 * and the templates' file extension. (The ledger names an order by its id, not in English words: its comment is the order's name.)
 */
const RUSSIAN_ALLOWS_LATIN = [/\b(?:Bosch|Makita|DeWalt)\b/g, /\b[A-Z]{1,3}-\d+(?:-\d+)*\b/g, /\.docx$/g];
const latinLeftIn = (words: string) => RUSSIAN_ALLOWS_LATIN.reduce((rest, allowed) => rest.replace(allowed, ''), words);

describe('the whole demo in its language', () => {
  beforeAll(() => Promise.all([demo('en'), demo('ru')]), 180_000);

  it('rule: a Russian demo’s user-visible words have no Latin but the allow-list', async () => {
    const texts = await visibleTexts('ru');
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.filter((words) => /[A-Za-z]/.test(latinLeftIn(words)))).toEqual([]);
    // The allow-list is used, not idle: the brands and codes are there.
    expect(texts).toContain('Bosch');
    expect(texts.some((words) => /^DR-\d+$/.test(words))).toBe(true);
  });

  it('rule: an English demo’s user-visible words have no Cyrillic', async () => {
    const texts = await visibleTexts('en');
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.filter((words) => /[\u0400-\u04ff]/.test(words))).toEqual([]);
  });

  it('rule: the two demos are the same data (stock, orders, sums, links) and differ only in the words', async () => {
    const [en, ru] = [await shape('en'), await shape('ru')];
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    // The tables that differ first (a short message), then how.
    expect(Object.keys(en).filter((table) => JSON.stringify(ru[table]) !== JSON.stringify(en[table]))).toEqual([]);
    for (const table of Object.keys(en)) expect(ru[table], table).toEqual(en[table]);
    // What is compared is the demo itself: its products, stock, ledger and orders.
    for (const table of ['products', 'batches', 'movements', 'orders', 'order_positions', 'contacts', 'companies']) expect(en[table]?.length, table).toBeGreaterThan(0);
    // The read words do differ, so the comparison above is of everything else.
    expect(await visibleTexts('ru')).not.toEqual(await visibleTexts('en'));
  });
});
