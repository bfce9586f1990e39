import { eq } from 'drizzle-orm';
import * as schema from '../../../server/db/schema';
import type { TestAccount, TestServer } from '../harness';

/**
 * A small account for the analytics tests, written straight into the tables (test fixtures may: the reports only read),
 * with dates chosen so periods, buckets and stages can be checked. The same facts are kept as plain data, from which
 * the tests compute every report by hand.
 */

export interface SeedOrder {
  key: string;
  stage: 'success' | 'new' | 'crmWon' | 'otherSuccess';
  createdAt: string;
  company: 'Acme' | 'Beta' | null;
  contact: 'Ann' | 'Bob' | null;
  responsible: 'owner' | 'member' | null;
  lines: { product: 'Drill' | 'Saw' | 'Hammer'; quantity: number; price: number; cost: number }[];
}

export const ORDERS: SeedOrder[] = [
  { key: 'O1', stage: 'success', createdAt: '2026-01-10T10:00:00Z', company: 'Acme', contact: 'Ann', responsible: 'owner', lines: [{ product: 'Drill', quantity: 2, price: 100, cost: 60 }, { product: 'Saw', quantity: 1, price: 50.5, cost: 20 }] },
  { key: 'O2', stage: 'success', createdAt: '2026-02-15T12:00:00Z', company: 'Acme', contact: 'Bob', responsible: 'member', lines: [{ product: 'Drill', quantity: 3, price: 90, cost: 60 }] },
  // 1.5 × 33.33 = 49.995: each line is rounded to cents (50.00) as orders sum them.
  { key: 'O3', stage: 'success', createdAt: '2026-02-20T08:00:00Z', company: 'Beta', contact: 'Bob', responsible: 'member', lines: [{ product: 'Hammer', quantity: 1.5, price: 33.33, cost: 10 }] },
  { key: 'O4', stage: 'new', createdAt: '2026-01-12T09:00:00Z', company: 'Beta', contact: null, responsible: 'owner', lines: [{ product: 'Drill', quantity: 10, price: 100, cost: 60 }] },
  { key: 'O5', stage: 'success', createdAt: '2025-12-31T23:30:00Z', company: null, contact: null, responsible: 'owner', lines: [{ product: 'Saw', quantity: 4, price: 10, cost: 5 }] },
  { key: 'O6', stage: 'crmWon', createdAt: '2026-03-01T00:00:00Z', company: 'Beta', contact: 'Ann', responsible: null, lines: [{ product: 'Saw', quantity: 1, price: 200, cost: 150 }] },
  { key: 'O7', stage: 'otherSuccess', createdAt: '2026-03-05T15:00:00Z', company: 'Acme', contact: 'Ann', responsible: 'member', lines: [{ product: 'Hammer', quantity: 2, price: 40, cost: 15 }] },
];

export interface SeedMovement {
  date: string;
  kind: string;
  product: 'Drill' | 'Saw' | 'Hammer';
  party: string;
  quantity: number;
  cost: number;
  from: 'Main' | 'Depot' | null;
  to: 'Main' | 'Depot' | null;
  user: 'owner' | 'member' | null;
  comment: string;
}

export const MOVEMENTS: SeedMovement[] = [
  { date: '2026-01-05T10:00:00Z', kind: 'arrival', product: 'Drill', party: 'B-1', quantity: 10, cost: 60, from: null, to: 'Main', user: 'owner', comment: 'first delivery' },
  { date: '2026-01-06T10:00:00Z', kind: 'move', product: 'Drill', party: 'B-1', quantity: 4, cost: 60, from: 'Main', to: 'Depot', user: 'member', comment: '' },
  { date: '2026-02-01T10:00:00Z', kind: 'write_off', product: 'Saw', party: 'X-9', quantity: 1, cost: 20, from: 'Main', to: null, user: 'owner', comment: 'broken' },
  { date: '2026-02-02T10:00:00Z', kind: 'reserve', product: 'Hammer', party: '', quantity: 1.5, cost: 10, from: 'Main', to: null, user: null, comment: '' },
];

export const ARTICLES = { Drill: 'DR-1', Saw: 'SW-2', Hammer: 'HM-3' } as const;

export interface Seeded {
  products: Record<string, number>;
  companies: Record<string, number>;
  contacts: Record<string, number>;
  users: Record<'owner' | 'member', { id: number; name: string }>;
  warehouses: Record<'Main' | 'Depot', number>;
  stages: { success: number; new: number; otherSuccess: number; successName: string; otherName: string; pipelineName: string; otherPipelineName: string; pipelineId: number; otherPipelineId: number };
  orders: Record<string, number>;
  member: { id: number; token: string };
}

export async function seedAnalytics(server: TestServer, account: TestAccount): Promise<Seeded> {
  const { db } = server.database;
  const accountId = account.id;
  const member = await server.newMember(account, { activity: true });
  const named = async (id: number) => (await db.select({ name: schema.users.name }).from(schema.users).where(eq(schema.users.id, id)))[0].name;
  const users = { owner: { id: account.ownerId, name: await named(account.ownerId) }, member: { id: member.id, name: await named(member.id) } };

  const products: Record<string, number> = {};
  for (const name of ['Drill', 'Saw', 'Hammer'] as const) {
    products[name] = (await db.insert(schema.products).values({ accountId, name, article: ARTICLES[name] }).returning())[0].id;
  }
  const companies: Record<string, number> = {};
  for (const name of ['Acme', 'Beta']) companies[name] = (await db.insert(schema.companies).values({ accountId, name }).returning())[0].id;
  const contacts: Record<string, number> = {};
  for (const name of ['Ann', 'Bob']) contacts[name] = (await db.insert(schema.contacts).values({ accountId, name }).returning())[0].id;

  const pipelines = (await server.call('GET', 'orders/pipelines/list', { token: account.token })).body as { id: number; name: string; is_system: boolean; statuses: { id: number; name: string; type: number }[] }[];
  const system = pipelines.find((pipeline) => pipeline.is_system)!;
  const success = system.statuses.find((stage) => stage.type === 1)!;
  const fresh = system.statuses.find((stage) => stage.type === 0)!;
  const [other] = await db.insert(schema.pipelines).values({ accountId, name: 'Wholesale', sort: 10 }).returning();
  const [otherSuccess] = await db.insert(schema.pipelineStatuses).values({ accountId, pipelineId: other.id, name: 'Shipped', type: 1 }).returning();

  const existing = await db.select().from(schema.warehouses).where(eq(schema.warehouses.accountId, accountId));
  const main = existing.find((warehouse) => warehouse.isMain) ?? (await db.insert(schema.warehouses).values({ accountId, name: 'Main', code: 'main', isMain: true }).returning())[0];
  await db.update(schema.warehouses).set({ name: 'Main' }).where(eq(schema.warehouses.id, main.id));
  const [depot] = await db.insert(schema.warehouses).values({ accountId, name: 'Depot', code: 'depot' }).returning();
  const warehouses = { Main: main.id, Depot: depot.id };

  const orders: Record<string, number> = {};
  for (const order of ORDERS) {
    const stage = { success: { pipelineId: system.id, statusId: success.id }, new: { pipelineId: system.id, statusId: fresh.id }, otherSuccess: { pipelineId: other.id, statusId: otherSuccess.id }, crmWon: { pipelineId: null, statusId: null, crmStatus: 2, leadId: 4242 } }[order.stage];
    const [row] = await db
      .insert(schema.orders)
      .values({
        accountId,
        name: order.key,
        ...stage,
        userId: order.responsible ? users[order.responsible].id : null,
        companyId: order.company ? companies[order.company] : null,
        contactId: order.contact ? contacts[order.contact] : null,
        createdAt: new Date(order.createdAt),
      })
      .returning();
    orders[order.key] = row.id;
    await db.insert(schema.orderPositions).values(
      order.lines.map((line) => ({ accountId, orderId: row.id, productId: products[line.product], warehouseId: main.id, price: String(line.price), quantity: String(line.quantity), costPrice: String(line.cost) })),
    );
  }

  await db.insert(schema.movements).values(
    MOVEMENTS.map((movement) => ({
      accountId,
      eventDate: new Date(movement.date),
      eventType: movement.kind,
      productId: products[movement.product],
      articleNumber: ARTICLES[movement.product],
      title: movement.product,
      party: movement.party,
      quantity: String(movement.quantity),
      costPrice: String(movement.cost),
      sum: (movement.quantity * movement.cost).toFixed(2),
      initialWarehouseId: movement.from ? warehouses[movement.from] : null,
      finalWarehouseId: movement.to ? warehouses[movement.to] : null,
      userId: movement.user ? users[movement.user].id : null,
      comment: movement.comment,
    })),
  );

  return {
    products,
    companies,
    contacts,
    users,
    warehouses,
    stages: { success: success.id, new: fresh.id, otherSuccess: otherSuccess.id, successName: success.name, otherName: otherSuccess.name, pipelineName: system.name, otherPipelineName: other.name, pipelineId: system.id, otherPipelineId: other.id },
    orders,
    member: { id: member.id, token: member.token },
  };
}
