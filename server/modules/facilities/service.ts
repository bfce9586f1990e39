import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerOrder } from '../../../src/contract/customers';
import type {
  Facility,
  FacilityAddRequest,
  FacilityGoods,
  FacilityGoodsLine,
  FacilityList,
  FacilityListRequest,
  FacilityOrderList,
  FacilityPageQuery,
  FacilityRef,
  FacilityUpdateRequest,
} from '../../../src/contract/facilities';
import type { Db, Tx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { companies, contacts, facilities, movements, orderPositions, orders, pipelineStatuses, products } from '../../db/schema';
import { refusal, refusalText } from '../../http/refusal';
import { pagingOf } from '../../http/paging';

/** Facilities (objects): the places goods go. Every read and write is scoped to the caller's account. */

type FacilityRow = typeof facilities.$inferSelect;

export const NO_SUCH_FACILITY = refusalText('noSuchFacility');
export const ARCHIVED_FACILITY = refusalText('facilityArchived');
const EMPTY_FIELD = refusalText('emptyField');
export const DEFAULT_PER_PAGE = 20;

const shape = { facility: facilities, companyName: companies.name, contactName: contacts.name };

function joined(db: Db | Tx, accountId: number) {
  return db
    .select(shape)
    .from(facilities)
    .leftJoin(companies, and(eq(companies.id, facilities.companyId), eq(companies.accountId, accountId)))
    .leftJoin(contacts, and(eq(contacts.id, facilities.contactId), eq(contacts.accountId, accountId)));
}

function toFacility(row: { facility: FacilityRow; companyName: string | null; contactName: string | null }): Facility {
  const { facility } = row;
  return {
    id: facility.id,
    name: facility.name,
    address: facility.address,
    company: facility.companyId !== null && row.companyName !== null ? { id: facility.companyId, name: row.companyName } : null,
    contact: facility.contactId !== null && row.contactName !== null ? { id: facility.contactId, name: row.contactName } : null,
    notes: facility.notes,
    archived: facility.archived,
    created_at: facility.createdAt.toISOString(),
    updated_at: facility.updatedAt.toISOString(),
  };
}

/** facility/get: one facility of the account (404 for any other id). */
export async function getFacility(db: Db | Tx, accountId: number, id: number): Promise<Facility> {
  const [row] = await joined(db, accountId).where(and(eq(facilities.accountId, accountId), eq(facilities.id, id)));
  if (!row) throw refusal(404, 'noSuchFacility');
  return toFacility(row);
}

/**
 * The facility an order or a write-off is about to name: of the caller's account (else 404, as for any id of
 * another account), and not archived (422) unless it already names it — an order keeps the facility it had.
 */
export async function requireChoosableFacility(db: Db | Tx, accountId: number, id: number, alreadyNamed: number | null = null): Promise<void> {
  const [row] = await db.select({ archived: facilities.archived }).from(facilities).where(and(eq(facilities.accountId, accountId), eq(facilities.id, id)));
  if (!row) throw refusal(404, 'noSuchFacility');
  if (row.archived && id !== alreadyNamed) throw refusal(422, 'facilityArchived');
}

/** The facility an order shows (null when it names none). */
export function facilityRefOf(row: Pick<FacilityRow, 'id' | 'name' | 'address' | 'archived'> | null): FacilityRef | null {
  return row ? { id: row.id, name: row.name, address: row.address, archived: row.archived } : null;
}

async function requireCustomer(db: Db, accountId: number, kind: 'contact' | 'company', id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const table = kind === 'contact' ? contacts : companies;
  const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.accountId, accountId), eq(table.id, id)));
  if (!row) throw refusal(404, kind === 'contact' ? 'noSuchContact' : 'noSuchCompany');
}

/** The columns an add or update writes: texts trimmed, the name required, the customers the account's own. */
async function columnsOf(db: Db, accountId: number, body: FacilityAddRequest, adding: boolean): Promise<Partial<FacilityRow>> {
  const name = body.name?.trim();
  if ((adding || body.name !== undefined) && !name) throw refusal(400, 'emptyField', undefined, { fields: { name: EMPTY_FIELD } });
  await requireCustomer(db, accountId, 'company', body.company_id);
  await requireCustomer(db, accountId, 'contact', body.contact_id);
  return {
    ...(name !== undefined && { name }),
    ...(body.address !== undefined && { address: body.address.trim() }),
    ...(body.notes !== undefined && { notes: body.notes.trim() }),
    ...(body.company_id !== undefined && { companyId: body.company_id }),
    ...(body.contact_id !== undefined && { contactId: body.contact_id }),
  };
}

/** facility/add. */
export async function addFacility(db: Db, accountId: number, body: FacilityAddRequest): Promise<Facility> {
  const columns = await columnsOf(db, accountId, body, true);
  const [row] = await db
    .insert(facilities)
    .values({ ...columns, name: columns.name!, accountId })
    .returning({ id: facilities.id });
  return getFacility(db, accountId, row.id);
}

/** facility/update: only the given keys change. */
export async function updateFacility(db: Db, accountId: number, body: FacilityUpdateRequest): Promise<Facility> {
  await getFacility(db, accountId, body.id);
  const columns = await columnsOf(db, accountId, body, false);
  await db
    .update(facilities)
    .set({ ...columns, updatedAt: new Date() })
    .where(and(eq(facilities.accountId, accountId), eq(facilities.id, body.id)));
  return getFacility(db, accountId, body.id);
}

/** facility/archive, facility/unarchive: orders and write-offs that named it keep it; it cannot be newly chosen while archived. */
export async function archiveFacility(db: Db, accountId: number, id: number, archived: boolean): Promise<Facility> {
  const [row] = await db
    .update(facilities)
    .set({ archived, updatedAt: new Date() })
    .where(and(eq(facilities.accountId, accountId), eq(facilities.id, id)))
    .returning({ id: facilities.id });
  if (!row) throw refusal(404, 'noSuchFacility');
  return getFacility(db, accountId, id);
}

/** facility/list: page, filter (search in name and address, archived — false unless asked —, company), sort. */
export async function listFacilities(db: Db, accountId: number, request: FacilityListRequest): Promise<FacilityList> {
  const filter = request.filter ?? {};
  const perPage = request.per_page ?? DEFAULT_PER_PAGE;
  const page = request.page ?? 1;
  const conditions: SQL[] = [eq(facilities.accountId, accountId), eq(facilities.archived, filter.archived ?? false)];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(ilike(facilities.name, pattern), ilike(facilities.address, pattern))!);
  }
  if (filter.company_id !== undefined) conditions.push(eq(facilities.companyId, filter.company_id));
  const where = and(...conditions);
  const column = { name: facilities.name, created_at: facilities.createdAt, id: facilities.id }[request.sort?.field ?? 'id'];
  const descending = request.sort?.order === 'desc';
  const order = [descending ? desc(column) : asc(column), descending ? desc(facilities.id) : asc(facilities.id)];
  // The page is chosen on the facilities table alone (an index serves each sort), then only its rows are joined to
  // their customers: joined first, a deep page would join every row before it too.
  const [[{ total }], pageIds] = await Promise.all([
    db.select({ total: count() }).from(facilities).where(where),
    db
      .select({ id: facilities.id })
      .from(facilities)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const rows = pageIds.length
    ? await joined(db, accountId)
        .where(and(eq(facilities.accountId, accountId), inArray(facilities.id, pageIds.map((row) => row.id))))
        .orderBy(...order)
    : [];
  return { data: rows.map(toFacility), ...pagingOf(page, perPage, Number(total)) };
}

/** facility/orders: the orders naming the facility, newest first, paged. */
export async function facilityOrders(db: Db, accountId: number, query: FacilityPageQuery): Promise<FacilityOrderList> {
  await getFacility(db, accountId, query.id);
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const page = query.page ?? 1;
  const where = and(eq(orders.accountId, accountId), eq(orders.facilityId, query.id));
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(orders).where(where),
    db
      .select({ order: orders, status: pipelineStatuses.name })
      .from(orders)
      .leftJoin(pipelineStatuses, and(eq(pipelineStatuses.id, orders.statusId), eq(pipelineStatuses.accountId, accountId)))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const data: CustomerOrder[] = rows.map(({ order, status }) => ({
    id: order.id,
    name: order.name,
    sum: Number(order.sum),
    status_id: order.statusId,
    status,
    lead_id: order.leadId,
    crm_status: order.crmStatus,
    archived: order.archived,
    created_at: order.createdAt.toISOString(),
  }));
  return { data, ...pagingOf(page, perPage, Number(total)) };
}

/**
 * The goods delivered to a facility, as one list: the written-off quantity of each position of the orders naming
 * it (valued at the position's price) and each write-off naming it (valued at the batch's cost, as the ledger
 * keeps it). Sums are rounded per line in SQL, on the stored decimals.
 */
function goodsLines(accountId: number, facilityId: number): SQL {
  return sql`
    select 'order' as source, o.id as order_id, o.name as order_name, p.product_id, pr.name, pr.article,
           p.written_off as quantity, p.price, round(p.price * p.written_off, 2) as sum, o.updated_at as date, p.id as line_id
      from ${orderPositions} p
      join ${orders} o on o.id = p.order_id and o.account_id = ${accountId}
      join ${products} pr on pr.id = p.product_id
     where p.account_id = ${accountId} and o.facility_id = ${facilityId} and p.written_off > 0
    union all
    select 'write_off', null, null, m.product_id, m.title, m.article_number, m.quantity, m.cost_price, m.sum, m.event_date, m.id
      from ${movements} m
     where m.account_id = ${accountId} and m.facility_id = ${facilityId} and m.event_type = 'write_off'`;
}

interface GoodsRow {
  source: 'order' | 'write_off';
  order_id: number | null;
  order_name: string | null;
  product_id: number;
  name: string;
  article: string;
  quantity: string;
  price: string;
  sum: string;
  date: Date | string;
}

/** facility/goods: a page of the lines, newest first, and the totals of all of them. */
export async function facilityGoods(db: Db, accountId: number, query: FacilityPageQuery): Promise<FacilityGoods> {
  await getFacility(db, accountId, query.id);
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const page = query.page ?? 1;
  const lines = goodsLines(accountId, query.id);
  const [totals, rows] = await Promise.all([
    db.execute(
      sql`select count(*) as n, sum(quantity) as quantity, sum(sum) as sum from (${lines}) l`,
    ),
    db.execute(
      sql`select * from (${lines}) l order by l.date desc, l.source, l.line_id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
  ]);
  const total = rowsOf<{ n: string | number; quantity: string | null; sum: string | null }>(totals)[0];
  const data: FacilityGoodsLine[] = rowsOf<GoodsRow>(rows).map((row) => ({
    source: row.source,
    order_id: row.order_id === null ? null : Number(row.order_id),
    order_name: row.order_name,
    product_id: Number(row.product_id),
    name: row.name,
    article: row.article,
    quantity: Number(row.quantity),
    price: Number(row.price),
    sum: Number(row.sum),
    date: new Date(row.date).toISOString(),
  }));
  return { data, totals: { quantity: Number(total?.quantity ?? 0), sum: Number(total?.sum ?? 0) }, ...pagingOf(page, perPage, Number(total?.n ?? 0)) };
}

/** db.execute answers rows on PGlite and a result with rows on pg; both are read the same here. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
