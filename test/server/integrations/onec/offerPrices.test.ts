import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../../../server/db/schema';
import { importXml, offersXml } from '../../../fakes/onec';
import { useTestServer } from '../../harness';
import { catalogueOf, oneCAccount } from './setup';

/**
 * Issue 18 §3 benchmark cut: offers whose prices are what a product already has leave its row alone (only new rests
 * move stock), so a daily offers file that mostly repeats prices writes only the products whose prices changed.
 */
const server = useTestServer();

describe('1C offer prices', () => {
  it('rule: repeated prices write no product row; a changed price writes that product only', async () => {
    const setup = await oneCAccount(server);
    const catalogue = catalogueOf(6);
    await setup.client().catalogueExchange({ 'import.xml': Buffer.from(importXml(catalogue)), 'offers.xml': Buffer.from(offersXml(catalogue)) });
    const rows = async () => server.database.db.select().from(products).where(eq(products.accountId, setup.account.id)).orderBy(asc(products.id));
    const before = await rows();
    // Same prices, other rests.
    await setup.client().catalogueExchange({ 'offers.xml': Buffer.from(offersXml(catalogueOf(6, 3))) });
    expect((await rows()).map((row) => row.updatedAt.getTime())).toEqual(before.map((row) => row.updatedAt.getTime()));
    // Product 2's retail price changes.
    const repriced = { ...catalogue, priceTypes: [{ ...catalogue.priceTypes[0]!, price: (index: number) => (index === 2 ? 555 : 100 + index) }, catalogue.priceTypes[1]!] };
    await setup.client().catalogueExchange({ 'offers.xml': Buffer.from(offersXml(repriced)) });
    const after = await rows();
    const changed = after.filter((row, index) => row.updatedAt.getTime() !== before[index]!.updatedAt.getTime());
    expect(changed.map((row) => row.name)).toEqual(['Товар 2']);
    expect(changed[0]!.values.retail).toMatchObject({ cost: 555 });
  });
});
