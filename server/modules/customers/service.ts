import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  COMPANY_ACCOUNTING_KEYS,
  Company,
  CompanyAddRequest,
  CompanyListRequest,
  CompanyList,
  CompanyUpdateRequest,
  Contact,
  ContactAddRequest,
  ContactList,
  ContactListRequest,
  ContactUpdateRequest,
  CustomerAutocompleteItem,
  CustomerLinkRequest,
  CustomerOrder,
  CustomerOrderList,
  CustomerRef,
} from '../../../src/contract/customers';
import type { Caller } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { companies, contactCompanies, contacts, orders, pipelineStatuses } from '../../db/schema';
import { refusal } from '../../http/refusal';
import { pagingOf } from '../../http/paging';
import { customersInUse, requireCustomerPlace } from '../account/limits';
import { coerceEntityValues } from '../fields/values';
import { checkCustomerTexts, type CustomerKind } from './validation';

/**
 * Contacts and companies share their columns but for the company's accounting fields, so the common
 * work is written once against the contacts table shape; `tableOf` gives the real table of a kind.
 */
type CustomerTable = typeof contacts;
type CustomerRow = typeof contacts.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

const tableOf = (kind: CustomerKind): CustomerTable => (kind === 'contact' ? contacts : (companies as unknown as CustomerTable));
const noSuch = (kind: CustomerKind) => refusal(404, kind === 'contact' ? 'noSuchContact' : 'noSuchCompany');

/** The company's accounting fields: API key → column key. */
const ACCOUNTING_COLUMNS = {
  tax_number: 'taxId',
  reason_code: 'reasonCode',
  registration_number: 'registrationNumber',
  bank_name: 'bankName',
  correspondent_account: 'correspondentAccount',
  bank_code: 'bankCode',
  payment_account: 'paymentAccount',
} as const satisfies Record<(typeof COMPANY_ACCOUNTING_KEYS)[number], keyof CompanyRow>;

function base(row: CustomerRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    rating: row.rating,
    link: row.link,
    values: row.values,
    tags: row.tags,
    archived: row.archived,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toContact(row: CustomerRow, linked: CustomerRef[]): Contact {
  return { ...base(row), companies: linked };
}

export function toCompany(row: CompanyRow, linked: CustomerRef[]): Company {
  const accounting = Object.fromEntries(Object.entries(ACCOUNTING_COLUMNS).map(([key, column]) => [key, row[column]])) as Record<keyof typeof ACCOUNTING_COLUMNS, string>;
  return { ...base(row), ...accounting, contacts: linked };
}

/** The customers linked to each of `ids` (contacts of companies, or companies of contacts), by name. */
async function linkedTo(db: Db, accountId: number, kind: CustomerKind, ids: number[]): Promise<Map<number, CustomerRef[]>> {
  const result = new Map<number, CustomerRef[]>(ids.map((id) => [id, []]));
  if (!ids.length) return result;
  const other = tableOf(kind === 'contact' ? 'company' : 'contact');
  const own = kind === 'contact' ? contactCompanies.contactId : contactCompanies.companyId;
  const theirs = kind === 'contact' ? contactCompanies.companyId : contactCompanies.contactId;
  const rows = await db
    .select({ owner: own, id: other.id, name: other.name })
    .from(contactCompanies)
    .innerJoin(other, and(eq(other.id, theirs), eq(other.accountId, accountId)))
    .where(and(eq(contactCompanies.accountId, accountId), inArray(own, ids)))
    .orderBy(asc(other.name), asc(other.id));
  for (const row of rows) result.get(row.owner)?.push({ id: row.id, name: row.name });
  return result;
}

async function rowOf(db: Db, accountId: number, kind: CustomerKind, id: number): Promise<CustomerRow> {
  const table = tableOf(kind);
  const [row] = await db.select().from(table).where(and(eq(table.accountId, accountId), eq(table.id, id)));
  if (!row) throw noSuch(kind);
  return row;
}

/** contact/get, company/get: one customer with its links. */
export async function getCustomer(db: Db, accountId: number, kind: 'contact', id: number): Promise<Contact>;
export async function getCustomer(db: Db, accountId: number, kind: 'company', id: number): Promise<Company>;
export async function getCustomer(db: Db, accountId: number, kind: CustomerKind, id: number): Promise<Contact | Company> {
  const row = await rowOf(db, accountId, kind, id);
  const linked = (await linkedTo(db, accountId, kind, [id])).get(id) ?? [];
  return kind === 'contact' ? toContact(row, linked) : toCompany(row as unknown as CompanyRow, linked);
}

/** The advisory-lock namespace of an account's customers (ASCII 'cust'): adds and un-archiving queue on it. */
const CUSTOMERS_LOCK = 0x63757374;

async function lockCustomers(tx: Tx, accountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CUSTOMERS_LOCK}::int4, ${accountId}::int4)`);
}

/**
 * The tariff's limit on contacts and companies together (spec 2 §9); archived ones do not count, as
 * archived products do not count against positions. No tariff (the trial) has no limit. Refused with
 * 422, not 402: the client reads 402 as 'users exceeded'. Call holding lockCustomers, so two adds
 * cannot both take the last free place; the tariff is read here, not from the session.
 */
async function requireFreePlace(tx: Tx, accountId: number): Promise<void> {
  await requireCustomerPlace(tx, accountId, () => customersInUse(tx, accountId));
}

type CustomerInput = Omit<CompanyAddRequest, 'archived'> & { archived?: boolean };

/** The columns an add or update writes, checked and trimmed (texts by the customer edit rules, values by field type). */
async function columnsOf(db: Db, caller: Caller, kind: CustomerKind, body: CustomerInput, adding: boolean): Promise<Partial<CompanyRow>> {
  const texts = checkCustomerTexts(body, adding);
  const values = body.values === undefined ? undefined : await coerceEntityValues(db, caller.account, kind, body.values);
  const columns: Partial<CompanyRow> = {
    ...texts,
    ...(body.rating !== undefined && { rating: body.rating }),
    ...(body.link !== undefined && { link: body.link.trim() }),
    ...(values !== undefined && { values }),
    ...(body.tags !== undefined && { tags: [...new Set(body.tags.map((tag) => tag.trim()).filter(Boolean))] }),
    ...(body.archived !== undefined && { archived: body.archived }),
  };
  if (kind === 'company') {
    for (const [key, column] of Object.entries(ACCOUNTING_COLUMNS)) {
      const value = body[key as keyof typeof ACCOUNTING_COLUMNS];
      if (value !== undefined) columns[column] = value.trim();
    }
  }
  return columns;
}

/** contact/add, company/add: checked, under the tariff's limit (an archived add takes no place). */
export async function addCustomer(db: Db, caller: Caller, kind: 'contact', body: ContactAddRequest): Promise<Contact>;
export async function addCustomer(db: Db, caller: Caller, kind: 'company', body: CompanyAddRequest): Promise<Company>;
export async function addCustomer(db: Db, caller: Caller, kind: CustomerKind, body: CustomerInput): Promise<Contact | Company> {
  const columns = await columnsOf(db, caller, kind, body, true);
  const table = tableOf(kind);
  const accountId = caller.account.id;
  const row = await db.transaction(async (tx) => {
    await lockCustomers(tx, accountId);
    if (!columns.archived) await requireFreePlace(tx, accountId);
    const [inserted] = await tx
      .insert(table)
      .values({ ...(columns as Partial<CustomerRow>), name: columns.name!, accountId })
      .returning();
    return inserted;
  });
  return kind === 'contact' ? toContact(row, []) : toCompany(row as unknown as CompanyRow, []);
}

/**
 * contact/update, company/update: only the given keys change; field values are merged over those
 * stored when the row is written (locked), so two edits of different fields both stay. Taking a
 * customer out of the archive takes a place of the tariff again.
 */
export async function updateCustomer(db: Db, caller: Caller, kind: 'contact', body: ContactUpdateRequest): Promise<Contact>;
export async function updateCustomer(db: Db, caller: Caller, kind: 'company', body: CompanyUpdateRequest): Promise<Company>;
export async function updateCustomer(db: Db, caller: Caller, kind: CustomerKind, body: CustomerInput & { id: number }): Promise<Contact | Company> {
  const accountId = caller.account.id;
  await rowOf(db, accountId, kind, body.id);
  const columns = await columnsOf(db, caller, kind, body, false);
  const table = tableOf(kind);
  await db.transaction(async (tx) => {
    // The customers lock is taken before the row lock by every writer that takes both, so they cannot deadlock.
    if (body.archived === false) await lockCustomers(tx, accountId);
    const [current] = await tx.select().from(table).where(and(eq(table.accountId, accountId), eq(table.id, body.id))).for('update');
    if (!current) throw noSuch(kind);
    if (current.archived && body.archived === false) await requireFreePlace(tx, accountId);
    await tx
      .update(table)
      .set({ ...(columns as Partial<CustomerRow>), ...(columns.values && { values: { ...current.values, ...columns.values } }), updatedAt: new Date() })
      .where(eq(table.id, current.id));
  });
  return kind === 'contact' ? getCustomer(db, accountId, 'contact', body.id) : getCustomer(db, accountId, 'company', body.id);
}

/**
 * contact/delete, company/delete: the row and its links go (the link table cascades); orders keep
 * their rows with the contact or company emptied (the foreign key sets null), so history stays.
 */
export async function deleteCustomer(db: Db, accountId: number, kind: CustomerKind, id: number): Promise<{ success: true }> {
  const table = tableOf(kind);
  const [removed] = await db
    .delete(table)
    .where(and(eq(table.accountId, accountId), eq(table.id, id)))
    .returning({ id: table.id });
  if (!removed) throw noSuch(kind);
  return { success: true };
}

/**
 * contact/companies/link (answer: the contact), company/contacts/link (answer: the company). Both must
 * be the caller's account's, else 404. Linking twice is one link. Both rows are locked for share, so a
 * concurrent delete of either waits and the link never points at a removed row.
 */
export async function linkCustomers(db: Db, accountId: number, body: CustomerLinkRequest, answer: 'contact', linked: boolean): Promise<Contact>;
export async function linkCustomers(db: Db, accountId: number, body: CustomerLinkRequest, answer: 'company', linked: boolean): Promise<Company>;
export async function linkCustomers(db: Db, accountId: number, body: CustomerLinkRequest, answer: CustomerKind, linked: boolean): Promise<Contact | Company> {
  await db.transaction(async (tx) => {
    for (const [kind, id] of [['contact', body.contact_id], ['company', body.company_id]] as const) {
      const table = tableOf(kind);
      const [row] = await tx.select({ id: table.id }).from(table).where(and(eq(table.accountId, accountId), eq(table.id, id))).for('share');
      if (!row) throw noSuch(kind);
    }
    if (linked) {
      await tx.insert(contactCompanies).values({ accountId, contactId: body.contact_id, companyId: body.company_id }).onConflictDoNothing();
    } else {
      await tx
        .delete(contactCompanies)
        .where(and(eq(contactCompanies.accountId, accountId), eq(contactCompanies.contactId, body.contact_id), eq(contactCompanies.companyId, body.company_id)));
    }
  });
  return answer === 'contact' ? getCustomer(db, accountId, 'contact', body.contact_id) : getCustomer(db, accountId, 'company', body.company_id);
}

export const DEFAULT_PER_PAGE = 20;


/**
 * contact/list, company/list: page, filter (search, archived — false unless asked —, tags, rating,
 * linked company or contact), sort (name, created_at, updated_at, rating, id) → data, links, meta.
 */
export async function listCustomers(db: Db, accountId: number, kind: 'contact', request: ContactListRequest): Promise<ContactList>;
export async function listCustomers(db: Db, accountId: number, kind: 'company', request: CompanyListRequest): Promise<CompanyList>;
export async function listCustomers(db: Db, accountId: number, kind: CustomerKind, request: ContactListRequest | CompanyListRequest): Promise<ContactList | CompanyList> {
  const table = tableOf(kind);
  const filter: NonNullable<ContactListRequest['filter']> & NonNullable<CompanyListRequest['filter']> = request.filter ?? {};
  const perPage = request.per_page ?? DEFAULT_PER_PAGE;
  const page = request.page ?? 1;
  const conditions: SQL[] = [eq(table.accountId, accountId), eq(table.archived, filter.archived ?? false)];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const texts = [ilike(table.name, pattern), ilike(table.email, pattern), ilike(table.phone, pattern)];
    if (kind === 'company') texts.push(ilike(companies.taxId, pattern));
    conditions.push(or(...texts)!);
  }
  if (filter.tags?.length) conditions.push(sql`${table.tags} ?| array[${sql.join(filter.tags.map((tag) => sql`${tag}`), sql`, `)}]::text[]`);
  if (filter.rating !== undefined) conditions.push(eq(table.rating, filter.rating));
  const linkedId = kind === 'contact' ? filter.company_id : filter.contact_id;
  if (linkedId !== undefined) {
    const own = kind === 'contact' ? contactCompanies.contactId : contactCompanies.companyId;
    const theirs = kind === 'contact' ? contactCompanies.companyId : contactCompanies.contactId;
    conditions.push(sql`exists (select 1 from ${contactCompanies} where ${and(eq(contactCompanies.accountId, accountId), eq(own, table.id), eq(theirs, linkedId))})`);
  }
  const where = and(...conditions);
  const column = { name: table.name, created_at: table.createdAt, updated_at: table.updatedAt, rating: table.rating, id: table.id }[request.sort?.field ?? 'id'];
  const order = request.sort?.order === 'desc' ? desc(column) : asc(column);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(table).where(where),
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(order, asc(table.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const links = await linkedTo(db, accountId, kind, rows.map((row) => row.id));
  const paging = pagingOf(page, perPage, Number(total));
  if (kind === 'contact') return { data: rows.map((row) => toContact(row, links.get(row.id) ?? [])), ...paging };
  return { data: rows.map((row) => toCompany(row as unknown as CompanyRow, links.get(row.id) ?? [])), ...paging };
}

export const AUTOCOMPLETE_LIMIT = 20;

/**
 * contact/autocomplete, company/autocomplete by name (not archived), as product autocomplete does:
 * substring matches first (names starting with the query first, then shorter ones), then, when fewer
 * than 20 were found and the query has 3 characters or more, typo-tolerant matches by trigram word
 * similarity. A blank query finds nothing.
 */
export async function autocompleteCustomers(db: Db, accountId: number, kind: CustomerKind, query: string): Promise<CustomerAutocompleteItem[]> {
  const text = query.trim();
  if (!text) return [];
  const table = tableOf(kind);
  const shape = { id: table.id, name: table.name, email: table.email, phone: table.phone, ...(kind === 'company' && { tax_number: companies.taxId }) };
  const owned = and(eq(table.accountId, accountId), eq(table.archived, false));
  const exact = await db
    .select(shape)
    .from(table)
    .where(and(owned, ilike(table.name, `%${escapeLike(text)}%`)))
    .limit(AUTOCOMPLETE_LIMIT * 5);
  const lower = text.toLowerCase();
  const name = (row: { name: string }) => row.name.toLowerCase();
  const ranked = exact.sort((a, b) => Number(name(b).startsWith(lower)) - Number(name(a).startsWith(lower)) || name(a).length - name(b).length || a.id - b.id).slice(0, AUTOCOMPLETE_LIMIT);
  if (ranked.length < AUTOCOMPLETE_LIMIT && text.length >= 3) {
    const fuzzy = await db
      .select({ ...shape, score: sql<number>`word_similarity(${text}, ${table.name})` })
      .from(table)
      .where(and(owned, sql`${text} <% ${table.name}`))
      .limit(AUTOCOMPLETE_LIMIT * 2);
    const seen = new Set(ranked.map((row) => row.id));
    ranked.push(...fuzzy.filter((row) => !seen.has(row.id)).sort((a, b) => Number(b.score) - Number(a.score) || a.id - b.id).map(({ score: _score, ...row }) => row));
  }
  return ranked.slice(0, AUTOCOMPLETE_LIMIT);
}

/**
 * contact/orders, company/orders: the customer's order history, newest first, paged — orders of the
 * same account only, whichever account the order table's row would otherwise point at.
 */
export async function customerOrders(db: Db, accountId: number, kind: CustomerKind, query: { id: number; page?: number; per_page?: number }): Promise<CustomerOrderList> {
  await rowOf(db, accountId, kind, query.id);
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const page = query.page ?? 1;
  const where = and(eq(orders.accountId, accountId), eq(kind === 'contact' ? orders.contactId : orders.companyId, query.id));
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(orders).where(where),
    db
      .select({
        id: orders.id,
        name: orders.name,
        sum: orders.sum,
        statusId: orders.statusId,
        status: pipelineStatuses.name,
        leadId: orders.leadId,
        crmStatus: orders.crmStatus,
        archived: orders.archived,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .leftJoin(pipelineStatuses, and(eq(pipelineStatuses.id, orders.statusId), eq(pipelineStatuses.accountId, accountId)))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const data: CustomerOrder[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    sum: Number(row.sum),
    status_id: row.statusId,
    status: row.status,
    lead_id: row.leadId,
    crm_status: row.crmStatus,
    archived: row.archived,
    created_at: row.createdAt.toISOString(),
  }));
  return { data, ...pagingOf(page, perPage, Number(total)) };
}
