import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Actor } from '../modules/orders/actor';
import { addPosition } from '../modules/orders/positions';
import { addOrder, updateOrder } from '../modules/orders/service';
import type { Db, Tx } from '../db/client';
import { batches, companies, contactCompanies, contacts, orderShares, pipelines, pipelineStatuses, products, publicCustomers, warehouses } from '../db/schema';
import type { DemoLang } from '../modules/demo/defaultNames';
import { DEMO_DATA } from './demoData';

/** The demo's public customer signs in with these; their name is the contact's they are (DEMO_CUSTOMER_PERSON), in the demo's language. */
export const DEMO_CUSTOMER = { email: 'customer@stockroom.local', password: 'customer-password' } as const;
const DEMO_CUSTOMER_PERSON = 7;

/** The companies' registration and bank numbers, the same in every language (their names are in demoData.*.ts). */
const FIRM_NUMBERS = [
  { taxId: '7701234567', reasonCode: '770101001', registrationNumber: '1027700000001', correspondentAccount: '30101810200000000593', bankCode: '044525593', paymentAccount: '40702810000000000001' },
  { taxId: '7802345678' },
  { taxId: '5403456789' },
  { taxId: '2904567890' },
  { taxId: '6605678901' },
];

/**
 * Orders of the demo account, made through the order services so that their stock is exactly what the
 * rules would have done: a second pipeline beside the system one, contacts and companies linked to the
 * orders, 30 orders across the stages (some reserved, some written off, some cancelled), product tags,
 * and one public customer with two shared orders.
 */
export async function seedOrders(tx: Tx, accountId: number, userId: number, customerPasswordHash: string | PromiseLike<string>, lang: DemoLang = 'en'): Promise<void> {
  const texts = DEMO_DATA[lang];
  // The demo's fixed tag: products carrying it are shown to the demo customer, who carries it too.
  const b2b = texts.tags.b2b;
  // The services open their own transactions; inside this one they become savepoints.
  const db = tx as unknown as Db;
  const actor: Actor & { userId: number } = { accountId, account: { id: accountId, isKommo: false }, userId, isKommo: false, public: false };

  const [wholesale] = await tx.insert(pipelines).values({ accountId, name: texts.wholesalePipeline, sort: 1 }).returning();
  await tx.insert(pipelineStatuses).values([
    { accountId, pipelineId: wholesale.id, name: texts.wholesaleStages[0], color: '#99ccff', sort: 0, type: 0 },
    { accountId, pipelineId: wholesale.id, name: texts.wholesaleStages[1], color: '#ffcc66', sort: 1, type: 0, isReserve: true },
    { accountId, pipelineId: wholesale.id, name: texts.wholesaleStages[2], color: '#ccccff', sort: 2, type: 0, blocksProducts: true },
    { accountId, pipelineId: wholesale.id, name: texts.wholesaleStages[3], color: '#66cc99', sort: 3, type: 1, isWriteOff: true },
    { accountId, pipelineId: wholesale.id, name: texts.wholesaleStages[4], color: '#ff9999', sort: 4, type: 2 },
  ]);
  const stages = await tx
    .select({ id: pipelineStatuses.id, pipelineId: pipelineStatuses.pipelineId, sort: pipelineStatuses.sort })
    .from(pipelineStatuses)
    .where(eq(pipelineStatuses.accountId, accountId))
    .orderBy(asc(pipelineStatuses.pipelineId), asc(pipelineStatuses.sort));

  const people = await tx
    .insert(contacts)
    .values(texts.people.map((person, index) => ({ accountId, ...person, rating: (index * 2) % 6 })))
    .returning({ id: contacts.id });
  const firms = await tx
    .insert(companies)
    .values(texts.firms.map((firm, index) => ({ accountId, ...firm, ...FIRM_NUMBERS[index], rating: (index * 3 + 1) % 6, tags: index < 2 ? [b2b] : [] })))
    .returning({ id: companies.id });
  await tx.insert(contactCompanies).values(people.map((person, index) => ({ accountId, contactId: person.id, companyId: firms[index % firms.length].id })));

  // Goods with plenty of stock in the main warehouse, so every demo order can take what it asks for.
  const goods = await tx
    .selectDistinct({ id: products.id })
    .from(products)
    .innerJoin(batches, eq(batches.productId, products.id))
    .innerJoin(warehouses, and(eq(warehouses.id, batches.warehouseId), eq(warehouses.isMain, true)))
    .where(and(eq(products.accountId, accountId), eq(products.type, 'product'), gt(batches.count, sql`${batches.reserve} + 20`)))
    .orderBy(asc(products.id))
    .limit(40);
  const [service] = await tx.select({ id: products.id }).from(products).where(and(eq(products.accountId, accountId), eq(products.type, 'service'))).limit(1);
  await tx.update(products).set({ tags: [b2b] }).where(inArray(products.id, goods.filter((_, index) => index % 2 === 0).map((row) => row.id)));

  const made: number[] = [];
  for (let index = 0; index < 30; index += 1) {
    const pipelineStages = stages.filter((stage) => stage.pipelineId === (index % 3 === 2 ? wholesale.id : stages[0].pipelineId));
    const first = pipelineStages[0];
    const target = pipelineStages[index % pipelineStages.length];
    let order = await addOrder(db, actor, {
      name: index % 5 === 4 ? '' : texts.orderName(1001 + index),
      status_id: first.id,
      contact_id: people[index % people.length].id,
      company_id: index % 2 === 0 ? firms[index % firms.length].id : null,
      tags: index % 4 === 0 ? [texts.tags.urgent] : [],
    });
    for (let item = 0; item < 1 + (index % 3); item += 1) {
      order = await addPosition(db, actor, { order_id: order.id, product: String(goods[(index * 3 + item) % goods.length].id), quantity: 1 + ((index + item) % 4) });
    }
    if (service && index % 4 === 1) order = await addPosition(db, actor, { order_id: order.id, product: String(service.id), quantity: 2 });
    if (target.id !== first.id) await updateOrder(db, actor, { id: order.id, version: order.version, status_id: target.id });
    made.push(order.id);
  }

  const [customer] = await tx
    .insert(publicCustomers)
    .values({ accountId, name: texts.people[DEMO_CUSTOMER_PERSON].name, email: DEMO_CUSTOMER.email, passwordHash: await customerPasswordHash, contactId: people[DEMO_CUSTOMER_PERSON].id, tags: [b2b] })
    .returning({ id: publicCustomers.id });
  await tx.insert(orderShares).values(made.slice(0, 2).map((orderId) => ({ accountId, orderId, customerId: customer.id, linkToken: randomBytes(24).toString('base64url') })));
}
