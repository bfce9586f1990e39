import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, fields, products } from '../../../../server/db/schema';
import { importXml, offersXml } from '../../../fakes/onec';
import { useTestServer } from '../../harness';
import { catalogueOf, expectedTotal, oneCAccount, stockState } from './setup';

/**
 * Issue 18 §3 and §6: a 1C-like client runs the CommerceML 2 exchange as 1C does (checkauth, init, zipped files in
 * parts, import until success) with 10,000 products and their rests in two warehouses; everything lands, and the
 * same exchange again changes no stock.
 */
const server = useTestServer();

describe('1C exchange of 10,000 products', () => {
  it('rule: a full exchange lands every product, group, property, price and rest; a repeat changes nothing twice', async () => {
    const setup = await oneCAccount(server);
    const catalogue = catalogueOf(10_000);
    const client = setup.client();
    const files = { 'import.xml': Buffer.from(importXml(catalogue)), 'offers.xml': Buffer.from(offersXml(catalogue)) };
    // Parts of 1 MB: the zip arrives in several requests of the same name, as 1C sends what exceeds file_limit.
    const answers = await client.catalogueExchange(files, { chunk: 1024 * 1024 });
    expect(answers).toEqual({ 'import.xml': 'success', 'offers.xml': 'success' });
    expect(client.zip).toBe(true);
    // More than one step: 'progress' was answered and the import went on at the next call.
    expect(client.importCalls['offers.xml']).toBeGreaterThan(1);

    const state = await stockState(server, setup.account.id);
    expect(state.links).toBe(10_000);
    expect(state.byWarehouse[setup.main]).toBe(expectedTotal(catalogue, 0));
    expect(state.byWarehouse[setup.second]).toBe(expectedTotal(catalogue, 1));
    const { db } = server.database;
    const groups = await db.select().from(categories).where(eq(categories.accountId, setup.account.id));
    expect(groups.map((group) => group.name).sort()).toEqual(['Инструменты', 'Ручной инструмент']);
    const hand = groups.find((group) => group.name === 'Ручной инструмент')!;
    expect(hand.parentId).toBe(groups.find((group) => group.name === 'Инструменты')!.id);
    const [color] = await db
      .select()
      .from(fields)
      .where(and(eq(fields.accountId, setup.account.id), eq(fields.name, 'Цвет')));
    expect(color).toBeDefined();
    const [sample] = await db
      .select()
      .from(products)
      .where(and(eq(products.accountId, setup.account.id), eq(products.article, 'A-4321')));
    expect(sample).toMatchObject({ name: 'Товар 4321', categoryId: hand.id, unit: 'Штука' });
    expect(sample!.values[color!.code]).toBe('Красный');
    expect(sample!.values.retail).toMatchObject({ cost: 4421 });
    expect(sample!.values.wholesale).toMatchObject({ cost: 4401 });

    // 1C did not see the end and sends the same files again: no new product, document or ledger row.
    const again = await setup.client().catalogueExchange(files);
    expect(again).toEqual({ 'import.xml': 'success', 'offers.xml': 'success' });
    expect(await stockState(server, setup.account.id)).toEqual(state);
  }, 300_000);
});
