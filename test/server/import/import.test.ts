import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, categories, movements, products, stockDocuments, tariffs, accounts } from '../../../server/db/schema';
import { useTestServer } from '../harness';
import { importFile, newRun, settingsOf, shop, upload, xlsx } from './support';

/**
 * Product import (issue 14 §3): the mapping proposed from English and Russian headers, each mode and duplicate
 * comparison, categories created as a tree, quantities arriving as an arrival document, the dry run writing nothing,
 * and all-or-nothing runs (wrong rows, a failure while writing, a cancel). The task's run function is called directly
 * with a context made here; product/import/start (which queues it) is in start.test.ts.
 */
const server = useTestServer();
const db = () => server.database.db;

const productsOf = (accountId: number) =>
  db().select().from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.id));
const batchesOf = (accountId: number) =>
  db().select().from(batches).where(eq(batches.accountId, accountId)).orderBy(asc(batches.id));

const HEADER = ['Name', 'Article', 'Batch', 'Category', 'Unit', 'Price', 'VAT', 'Tags', 'Colour', 'Weight', 'Quantity'];

describe('product/import/preprocessing', () => {
  it('proposes a field for each column by its English or Russian header, and the account’s own names', async () => {
    const { account } = await shop(server);
    const file = await xlsx([
      ['Наименование', 'Артикул', 'Партия', 'Категория', 'Ед. изм.', 'Цена', 'НДС', 'Теги', 'Colour', 'Stock: Shop', 'Something else'],
      ['Молоток', 'M-1', '', 'Инструменты', 'шт', 100, 20, 'a, b', 'red', 5, 'x'],
    ]);
    const answer = await upload(server, account.token, 'товары.xlsx', file);
    expect(answer.status).toBe(200);
    expect(answer.body.mapping.map((column) => column.field)).toEqual(['name', 'article', 'batch', 'category', 'unit', 'price:price', 'vat', 'tags', 'field:colour', expect.stringMatching(/^stock:\d+$/), null]);
    expect(answer.body.rows[0].slice(0, 3)).toEqual(['Молоток', 'M-1', '']);
    expect(answer.body.fields.map((field) => field.key)).toContain('field:made');
  });

  it('reads a CSV with semicolons and a Windows-1251 text as Excel in Russian saves it', async () => {
    const { account } = await shop(server);
    const text = 'Название;Количество\r\nОтвёртка;3\r\n';
    const cp1251 = Buffer.from(
      [...text].map((char) => {
        const code = char.charCodeAt(0);
        if (code < 128) return code;
        if (char === 'ё') return 0xb8;
        return code - 0x410 + 0xc0;
      }),
    );
    const answer = await upload(server, account.token, 'goods.csv', cp1251);
    expect(answer.status).toBe(200);
    expect(answer.body.headers).toEqual(['Название', 'Количество']);
    expect(answer.body.rows).toEqual([['Отвёртка', '3']]);
    expect(answer.body.mapping.map((column) => column.field)).toEqual(['name', 'quantity']);
  });
});

describe('import run (the task handler)', () => {
  it('adds products with prices, custom fields, tags and a category tree, and the quantities arrive as an arrival document', async () => {
    const { account, mainId } = await shop(server);
    const file = await xlsx([HEADER, ['Hammer', 'H-1', 'B1', 'Tools / Hand tools', 'pcs', 100, 20, 'steel, sale', 'red', 1.5, 10], ['Saw', 'S-1', '', 'Tools', 'pcs', 250.5, null, null, null, null, 0]]);
    const { outcome } = await importFile(server, account, 'goods.xlsx', file);
    expect(outcome.error).toBeUndefined();
    expect(outcome.counts).toMatchObject({ rows: 2, added: 2, updated: 0, wrong: 0 });
    const [hammer, saw] = await productsOf(account.id);
    expect(hammer).toMatchObject({ name: 'Hammer', article: 'H-1', unit: 'pcs', tags: ['steel', 'sale'] });
    expect(hammer.values).toMatchObject({ price: { cost: 100, nds: 20, is_nds: true }, colour: 'red', weight: 1.5 });
    expect(saw.values).toMatchObject({ price: { cost: 250.5 } });
    const tree = await db().select().from(categories).where(eq(categories.accountId, account.id)).orderBy(asc(categories.id));
    expect(tree.map((row) => row.name)).toEqual(['Tools', 'Hand tools']);
    expect(tree[1].parentId).toBe(tree[0].id);
    expect(hammer.categoryId).toBe(tree[1].id);
    expect(saw.categoryId).toBe(tree[0].id);
    const stock = await batchesOf(account.id);
    expect(stock.map((row) => [row.productId, row.warehouseId, row.number, Number(row.count)])).toEqual([[hammer.id, mainId, 'B1', 10]]);
    const [document] = await db().select().from(stockDocuments).where(eq(stockDocuments.accountId, account.id));
    expect(document).toMatchObject({ kind: 'arrival', toWarehouseId: mainId, comment: 'Import: goods.xlsx', userId: account.ownerId });
    const ledger = await db().select().from(movements).where(eq(movements.accountId, account.id));
    expect(ledger.map((row) => row.documentId)).toEqual([document.id]);
  });

  it('modes: add only skips the products it finds, update only skips the new ones, add and update does both', async () => {
    const { account } = await shop(server);
    await importFile(server, account, 'a.xlsx', await xlsx([['Name', 'Price'], ['Old', 1]]));
    const file = await xlsx([['Name', 'Price'], ['Old', 2], ['New', 3]]);
    const add = await importFile(server, account, 'b.xlsx', file, { mode: 'add', compare: 'name' });
    expect(add.outcome.counts).toMatchObject({ added: 1, updated: 0, skipped: 1 });
    expect((await productsOf(account.id)).map((row) => [row.name, (row.values.price as { cost: number }).cost])).toEqual([['Old', 1], ['New', 3]]);
    const update = await importFile(server, account, 'c.xlsx', await xlsx([['Name', 'Price'], ['old', 5], ['Newer', 6]]), { mode: 'update', compare: 'name' });
    expect(update.outcome.counts).toMatchObject({ added: 0, updated: 1, skipped: 1 });
    const both = await importFile(server, account, 'd.xlsx', await xlsx([['Name', 'Price'], ['New', 7], ['Newest', 8]]), { mode: 'add_update', compare: 'name' });
    expect(both.outcome.counts).toMatchObject({ added: 1, updated: 1, skipped: 0 });
    expect((await productsOf(account.id)).map((row) => [row.name, (row.values.price as { cost: number }).cost])).toEqual([['old', 5], ['New', 7], ['Newest', 8]]);
  });

  it('duplicate comparison: by name, by name and article, by name, article and batch, and none (always added)', async () => {
    const { account } = await shop(server);
    await importFile(server, account, 'a.xlsx', await xlsx([['Name', 'Article', 'Batch', 'Quantity'], ['Nail', 'N-1', 'L1', 5]]));
    const row = await xlsx([['Name', 'Article', 'Batch', 'Quantity'], ['Nail', 'N-2', 'L2', 5]]);
    const byNameArticle = await importFile(server, account, 'b.xlsx', row, { compare: 'name_article' });
    expect(byNameArticle.outcome.counts).toMatchObject({ added: 1, updated: 0 });
    const byName = await importFile(server, account, 'c.xlsx', await xlsx([['Name', 'Article', 'Batch', 'Quantity'], ['NAIL', 'N-1', 'L1', 9]]), { compare: 'name' });
    expect(byName.outcome.counts).toMatchObject({ added: 0, updated: 1 });
    const byBatch = await importFile(server, account, 'd.xlsx', await xlsx([['Name', 'Article', 'Batch', 'Quantity'], ['Nail', 'N-1', 'L1', 12], ['Nail', 'N-1', 'L9', 1]]), { compare: 'name_article_batch' });
    expect(byBatch.outcome.counts).toMatchObject({ added: 1, updated: 1 });
    const none = await importFile(server, account, 'e.xlsx', await xlsx([['Name'], ['Nail'], ['Nail']]), { compare: 'none' });
    expect(none.outcome.counts).toMatchObject({ added: 2, updated: 0 });
    expect((await productsOf(account.id)).filter((product) => product.name.toLowerCase() === 'nail')).toHaveLength(5);
  });

  it('a quantity is the balance wanted: only the difference arrives, and a smaller one is a wrong row (an import never takes stock away)', async () => {
    const { account, otherId } = await shop(server);
    const header = ['Name', 'Stock: Main', 'Stock: Shop'];
    await importFile(server, account, 'a.xlsx', await xlsx([header, ['Glue', 4, 1]]));
    const again = await importFile(server, account, 'b.xlsx', await xlsx([header, ['Glue', 4, 3]]));
    expect(again.outcome.counts).toMatchObject({ updated: 1, wrong: 0 });
    expect((await batchesOf(account.id)).map((row) => Number(row.count))).toEqual([4, 3]);
    const lower = await importFile(server, account, 'c.xlsx', await xlsx([header, ['Glue', 2, 3]]));
    expect(lower.outcome.error).toMatch(/Wrong rows: 1, so nothing was imported/);
    expect(lower.outcome.file?.name).toBe('import-report-c.xlsx');
    expect((await batchesOf(account.id)).map((row) => [row.warehouseId === otherId, Number(row.count)])).toEqual([[false, 4], [true, 3]]);
  });

  it('only positive balances: rows whose quantities are not above zero are skipped', async () => {
    const { account } = await shop(server);
    const { outcome } = await importFile(server, account, 'a.xlsx', await xlsx([['Name', 'Quantity'], ['A', 1], ['B', 0], ['C', null]]), { only_positive: true });
    expect(outcome.counts).toMatchObject({ added: 1, skipped: 2 });
    expect((await productsOf(account.id)).map((row) => row.name)).toEqual(['A']);
  });

  it('excluded fields are not written even though a column is mapped to them', async () => {
    const { account } = await shop(server);
    await importFile(server, account, 'a.xlsx', await xlsx([['Name', 'Price', 'Colour'], ['Lamp', 10, 'red']]));
    const { outcome } = await importFile(server, account, 'b.xlsx', await xlsx([['Name', 'Price', 'Colour'], ['Lamp', 99, 'blue']]), { excluded: ['price:price'] });
    expect(outcome.counts).toMatchObject({ updated: 1 });
    const [lamp] = await productsOf(account.id);
    expect(lamp.values).toMatchObject({ price: { cost: 10 }, colour: 'blue' });
  });

  it('the dry run counts what Start would do and lists the wrong rows, writing nothing', async () => {
    const { account } = await shop(server);
    await importFile(server, account, 'a.xlsx', await xlsx([['Name', 'Price'], ['Old', 1]]));
    const uploaded = await upload(server, account.token, 'b.xlsx', await xlsx([['Name', 'Price', 'Weight'], ['Old', 2, 1], ['New', 'cheap', 1], ['Other', 3, 'heavy'], [null, 4, null]]));
    const before = await productsOf(account.id);
    const dry = await server.call('POST', 'product/import/dry-run', { token: account.token, body: { upload_id: uploaded.body.upload_id, settings: settingsOf(uploaded.body.mapping) } });
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toEqual({ rows: 4, added: 0, updated: 1, unchanged: 0, skipped: 0, wrong: 3 });
    expect(dry.body.wrong_rows).toEqual([
      { row: 3, column: 'Price', message: '“cheap” is not a number.', code: 'importNotANumber', params: { text: 'cheap' } },
      { row: 4, column: 'Weight', message: '“heavy” is not a number.', code: 'importNotANumber', params: { text: 'heavy' } },
      { row: 5, column: 'Name', message: 'The name is empty.', code: 'importEmptyName' },
    ]);
    expect(await productsOf(account.id)).toEqual(before);
  });

  it('all or nothing: wrong rows stop the run unless skipped; with skip_wrong the good rows are imported and the report lists the wrong ones with a reason', async () => {
    const { account } = await shop(server);
    const file = await xlsx([['Name', 'Price'], ['Good', 1], ['Bad', 'x']]);
    const stopped = await importFile(server, account, 'a.xlsx', file);
    expect(stopped.outcome.error).toMatch(/nothing was imported/);
    expect(await productsOf(account.id)).toEqual([]);
    const skipped = await importFile(server, account, 'a.xlsx', file, { skip_wrong: true });
    expect(skipped.outcome.counts).toMatchObject({ added: 1, wrong: 1 });
    expect((await productsOf(account.id)).map((row) => row.name)).toEqual(['Good']);
    const ExcelJS = (await import('exceljs')).default;
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(Buffer.from(skipped.outcome.file!.bytes) as never);
    const values = report.worksheets[0].getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(values).toEqual([
      ['Name', 'Price', 'Row', 'Reason'],
      ['Bad', 'x', 3, 'Price: “x” is not a number.'],
    ]);
  });

  it('a Russian user’s import says why it stopped, and its report’s headings and reasons, in Russian', async () => {
    const { account } = await shop(server);
    const uploaded = await upload(server, account.token, 'a.xlsx', await xlsx([['Name', 'Price'], ['Good', 1], ['Bad', 'x']]));
    const settings = settingsOf(uploaded.body.mapping);
    const stopped = await newRun(server, account, uploaded.body.upload_id, settings, { lang: 'ru' }).run();
    expect(stopped.error).toBe('Строк с ошибками: 1, поэтому ничего не импортировано. Исправьте их (см. отчёт) или выберите пропуск строк с ошибками.');
    const ExcelJS = (await import('exceljs')).default;
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(Buffer.from(stopped.file!.bytes) as never);
    expect(report.worksheets[0].name).toBe('Строки с ошибками');
    expect(report.worksheets[0].getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1))).toEqual([
      ['Name', 'Price', 'Строка', 'Причина'],
      ['Bad', 'x', 3, 'Price: «x» — не число.'],
    ]);
  });

  it('all or nothing: a failure while writing (the tariff’s positions) leaves the catalogue as it was', async () => {
    const { account } = await shop(server);
    await importFile(server, account, 'a.xlsx', await xlsx([['Name', 'Quantity'], ['Kept', 1]]));
    const [tariff] = await db().insert(tariffs).values({ code: `tiny-${account.id}`, name: 'Tiny', usersLimit: 5, positionsLimit: 2, contactsLimit: 5, ordersPerMonth: 5, importExport: true }).returning();
    await db().update(accounts).set({ tariffId: tariff.id }).where(eq(accounts.id, account.id));
    const before = { products: await productsOf(account.id), batches: await batchesOf(account.id) };
    const { outcome } = await importFile(server, account, 'b.xlsx', await xlsx([['Name', 'Quantity', 'Category'], ['Kept', 5, 'New / Tree'], ['One', 1, 'X'], ['Two', 1, 'Y']]));
    expect(outcome.error).toMatch(/Your tariff allows 2 products/);
    expect(await productsOf(account.id)).toEqual(before.products);
    expect(await batchesOf(account.id)).toEqual(before.batches);
    expect(await db().select().from(categories).where(eq(categories.accountId, account.id))).toEqual([]);
  });

  it('cancel: an aborted run stops and undoes what it wrote; progress is reported as it goes', async () => {
    const { account } = await shop(server);
    const rows = Array.from({ length: 3000 }, (_, index) => [`P${index}`, index % 10 === 0 ? 1 : null]);
    const uploaded = await upload(server, account.token, 'big.xlsx', await xlsx([['Name', 'Quantity'], ...rows]));
    const controller = new AbortController();
    const run = newRun(server, account, uploaded.body.upload_id, settingsOf(uploaded.body.mapping), { signal: controller.signal });
    const original = run.progress.push.bind(run.progress);
    // Cancel once the writing has begun (past the plan: done > rows).
    run.progress.push = (...items) => {
      if (items.some(([done]) => done > 3000)) controller.abort();
      return original(...items);
    };
    const outcome = await run.run();
    expect(outcome.error).toBe('The import was cancelled. Nothing was imported.');
    expect(run.progress.length).toBeGreaterThan(2);
    expect(run.progress.every(([, total]) => total === 6000)).toBe(true);
    expect(await productsOf(account.id)).toEqual([]);
    expect(await batchesOf(account.id)).toEqual([]);
    const finished = await newRun(server, account, uploaded.body.upload_id, settingsOf(uploaded.body.mapping)).run();
    expect(finished.counts).toMatchObject({ added: 3000 });
    expect(await batchesOf(account.id)).toHaveLength(300);
  }, 120_000);

  it('two imports into one account at once run one after the other: the second finds what the first added', async () => {
    const { account } = await shop(server);
    const file = await xlsx([['Name', 'Article', 'Quantity'], ...Array.from({ length: 50 }, (_, index) => [`Item ${index}`, `A${index}`, 2])]);
    const first = await upload(server, account.token, 'one.xlsx', file);
    const second = await upload(server, account.token, 'two.xlsx', file);
    const outcomes = await Promise.all([first, second].map((uploaded) => newRun(server, account, uploaded.body.upload_id, settingsOf(uploaded.body.mapping)).run()));
    expect(outcomes.map((outcome) => outcome.counts?.added).sort()).toEqual([0, 50]);
    expect(outcomes.map((outcome) => outcome.counts?.unchanged).sort()).toEqual([0, 50]);
    expect(await productsOf(account.id)).toHaveLength(50);
    expect((await batchesOf(account.id)).every((row) => Number(row.count) === 2)).toBe(true);
  });

  it('isolation: one account cannot read or run another’s upload, and an import touches only its own account’s products', async () => {
    const a = await shop(server);
    const b = await shop(server);
    await importFile(server, b.account, 'b.xlsx', await xlsx([['Name', 'Price'], ['Shared name', 1]]));
    const uploadedByB = await upload(server, b.account.token, 'b2.xlsx', await xlsx([['Name'], ['Secret']]));
    const dry = await server.call('POST', 'product/import/dry-run', { token: a.account.token, body: { upload_id: uploadedByB.body.upload_id, settings: settingsOf(uploadedByB.body.mapping) } });
    expect(dry.status).toBe(404);
    const stolen = await newRun(server, a.account, uploadedByB.body.upload_id, settingsOf(uploadedByB.body.mapping)).run();
    expect(stolen.error).toMatch(/no longer kept/);
    const { outcome } = await importFile(server, a.account, 'a.xlsx', await xlsx([['Name', 'Price'], ['Shared name', 2]]));
    expect(outcome.counts).toMatchObject({ added: 1, updated: 0 });
    const [bProduct] = await productsOf(b.account.id);
    expect(bProduct.values).toMatchObject({ price: { cost: 1 } });
    expect(await db().select().from(products).where(and(eq(products.accountId, a.account.id), eq(products.name, 'Secret')))).toEqual([]);
  });
});
