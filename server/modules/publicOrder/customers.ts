import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import type {
  PublicConfig,
  PublicCustomer,
  PublicCustomerAddRequest,
  PublicCustomerList,
  PublicCustomerListQuery,
  PublicCustomerUpdateRequest,
  PublicLoginRequest,
  PublicProfile,
  PublicProfileUpdateRequest,
} from '../../../src/contract/publicOrder';
import { defaultCurrency } from '../../../src/domain/fieldTypes';
import { loginKey } from '../../../src/domain/login';
import { isEmail } from '../../../src/domain/validation';
import { createPublicSession, type PublicCaller } from '../../auth/publicSessions';
import { hashPassword, verifyNoPassword, verifyPassword } from '../../auth/secrets';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { accounts, orderShares, orders, publicCustomers, publicTokens } from '../../db/schema';
import { refusal, refusalText } from '../../http/refusal';
import { pagingOf } from '../../http/paging';
import type { ServerContext } from '../../http/context';

type CustomerRow = typeof publicCustomers.$inferSelect;

export const NO_PROFILE = refusalText('publicNoProfile');
export const CUSTOMER_EXISTS = refusalText('customerExists');
export const NO_SUCH_CUSTOMER = refusalText('noSuchCustomer');
export const PASSWORDS_DIFFER = refusalText('passwordsDiffer');
export const WRONG_CURRENT_PASSWORD = refusalText('wrongCurrentPassword');
export const SEVERAL_SELLERS = refusalText('severalSellers');
export const LINK_CANNOT_SET_PASSWORD = refusalText('publicLinkCannotSetPassword');

/** E-mails are stored lower-case and trimmed; the loose rule of spec 1 §5 decides what is one. */
export function emailOf(text: string): string {
  const email = text.trim().toLowerCase();
  if (!isEmail(email)) throw refusal(400, 'emailNotValid', undefined, { fields: { email: refusalText('emailNotValid') } });
  return email;
}

const tagsOf = (tags: string[]) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function toPublicCustomer(row: CustomerRow): PublicCustomer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    tags: row.tags,
    has_password: row.passwordHash !== null,
    created_at: row.createdAt.toISOString(),
    disabled: row.disabled,
  };
}

const toProfile = (row: CustomerRow): PublicProfile => ({ id: row.id, name: row.name, email: row.email, phone: row.phone, has_password: row.passwordHash !== null });

/* ------------------------------------------------------------------ the public side */

/**
 * public-order/auth/login: a customer's e-mail and password open a session for every order shared with them.
 * An unknown e-mail and a wrong password get the same answer. The same e-mail may be a customer of several
 * sellers: when the password fits more than one and no account_id chooses, the caller is asked to choose.
 */
export async function publicLogin(ctx: ServerContext, body: PublicLoginRequest): Promise<string> {
  const email = loginKey(body.login);
  const candidates = await ctx.db
    .select({ customer: publicCustomers, accountName: accounts.name })
    .from(publicCustomers)
    .innerJoin(accounts, eq(accounts.id, publicCustomers.accountId))
    .where(and(eq(publicCustomers.email, email), isNotNull(publicCustomers.passwordHash), eq(publicCustomers.disabled, false), ...(body.account_id !== undefined ? [eq(publicCustomers.accountId, body.account_id)] : [])))
    .orderBy(asc(publicCustomers.id))
    .limit(20);
  const matches: typeof candidates = [];
  for (const candidate of candidates) if (await verifyPassword(body.password, candidate.customer.passwordHash!)) matches.push(candidate);
  // An unknown e-mail takes a password check's time too, so the answer's timing tells nothing.
  if (!candidates.length) await verifyNoPassword(body.password);
  if (!matches.length) throw refusal(422, 'invalidLogin', undefined, { success: false });
  if (matches.length > 1) throw refusal(409, 'severalSellers', undefined, { success: false, accounts: matches.map((match) => ({ id: match.customer.accountId, name: match.accountName })) });
  const { customer } = matches[0];
  return createPublicSession(ctx.db, { accountId: customer.accountId, customerId: customer.id, orderId: null }, ctx.config.tokenTtlDays);
}

export async function customerOf(db: Pick<Db, 'select'>, accountId: number, id: number): Promise<CustomerRow> {
  const [row] = await db.select().from(publicCustomers).where(and(eq(publicCustomers.accountId, accountId), eq(publicCustomers.id, id)));
  if (!row) throw refusal(404, 'noSuchCustomer');
  return row;
}

/** The caller's own customer row; an anonymous link has none (422, not 403: the token itself is fine). */
async function ownCustomer(db: Db, caller: PublicCaller): Promise<CustomerRow> {
  if (caller.customerId === null) throw refusal(422, 'publicNoProfile');
  return customerOf(db, caller.accountId, caller.customerId);
}

export async function getPublicProfile(db: Db, caller: PublicCaller): Promise<PublicProfile> {
  return toProfile(await ownCustomer(db, caller));
}

/**
 * POST public-order/profile. Only a session of the customer's own sign-in changes the password, with the
 * current one and a confirmation: a session opened from a link reaches one order, and setting a password from
 * it would hand its holder every order shared with the customer (the first password comes by e-mail,
 * passwordByEmail.ts). A changed password ends the customer's other sign-in sessions.
 */
export async function updatePublicProfile(db: Db, caller: PublicCaller, body: PublicProfileUpdateRequest): Promise<PublicProfile> {
  const customer = await ownCustomer(db, caller);
  const name = body.name?.trim();
  if (body.name !== undefined && !name) throw refusal(400, 'emptyField', undefined, { fields: { name: refusalText('emptyField') } });
  let passwordHash: string | undefined;
  if (body.password !== undefined) {
    if (caller.orderId !== null) throw refusal(422, 'publicLinkCannotSetPassword', undefined, { fields: { password: LINK_CANNOT_SET_PASSWORD } });
    if (body.password_confirm !== body.password) throw refusal(400, 'passwordsDiffer', undefined, { fields: { password_confirm: PASSWORDS_DIFFER } });
    if (customer.passwordHash === null || !(body.current_password && (await verifyPassword(body.current_password, customer.passwordHash)))) {
      throw refusal(422, 'wrongCurrentPassword', undefined, { fields: { current_password: WRONG_CURRENT_PASSWORD } });
    }
    passwordHash = await hashPassword(body.password);
  }
  const changes = {
    ...(name !== undefined && { name }),
    ...(body.phone !== undefined && { phone: body.phone?.trim() || null }),
    ...(passwordHash !== undefined && { passwordHash }),
  };
  if (!Object.keys(changes).length) return toProfile(customer);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(publicCustomers).set(changes).where(eq(publicCustomers.id, customer.id)).returning();
    if (passwordHash !== undefined) {
      await tx.delete(publicTokens).where(and(eq(publicTokens.customerId, customer.id), isNull(publicTokens.orderId), ne(publicTokens.id, caller.tokenId)));
    }
    return updated;
  });
  return toProfile(row);
}

/** public-order/config (public account/config): the seller, the customer if the session has one, and the kind of session. */
export async function publicConfig(db: Db, caller: PublicCaller): Promise<PublicConfig> {
  const [account] = await db.select({ id: accounts.id, name: accounts.name, isKommo: accounts.isKommo }).from(accounts).where(eq(accounts.id, caller.accountId));
  const customer = caller.customerId === null ? null : await customerOf(db, caller.accountId, caller.customerId);
  return {
    account: { id: account.id, name: account.name, is_kommo: account.isKommo, currency: defaultCurrency({ is_kommo: account.isKommo }) },
    user: customer && toProfile(customer),
    session: { kind: caller.orderId === null ? 'customer' : 'link', order_id: caller.orderId },
  };
}

/* ------------------------------------------------------------------ the staff side */

/** orders/public/customers/list: the account's public customers by name, optionally searched by name, e-mail or phone. */
export async function listPublicCustomers(db: Db, accountId: number, query: PublicCustomerListQuery): Promise<PublicCustomerList> {
  const perPage = query.per_page ?? 20;
  const page = query.page ?? 1;
  const conditions: SQL[] = [eq(publicCustomers.accountId, accountId)];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(ilike(publicCustomers.name, pattern), ilike(publicCustomers.email, pattern), ilike(publicCustomers.phone, pattern))!);
  }
  const where = and(...conditions);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(publicCustomers).where(where),
    db
      .select()
      .from(publicCustomers)
      .where(where)
      .orderBy(asc(publicCustomers.name), asc(publicCustomers.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const shared = await sharedOrdersOf(db, accountId, rows.map((row) => row.id));
  return { data: rows.map((row) => ({ ...toPublicCustomer(row), orders: shared.get(row.id) ?? [] })), ...pagingOf(page, perPage, Number(total)) };
}

/** The orders shared with each of these customers, newest share first. */
async function sharedOrdersOf(db: Db, accountId: number, customerIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const byCustomer = new Map<number, { id: number; name: string }[]>();
  if (!customerIds.length) return byCustomer;
  const rows = await db
    .select({ customerId: orderShares.customerId, id: orders.id, name: orders.name })
    .from(orderShares)
    .innerJoin(orders, eq(orders.id, orderShares.orderId))
    .where(and(eq(orderShares.accountId, accountId), inArray(orderShares.customerId, customerIds)))
    .orderBy(desc(orderShares.id));
  for (const row of rows) {
    if (row.customerId === null) continue;
    byCustomer.set(row.customerId, [...(byCustomer.get(row.customerId) ?? []), { id: row.id, name: row.name }]);
  }
  return byCustomer;
}

async function customerChanges(body: PublicCustomerAddRequest) {
  return {
    ...(body.name !== undefined && { name: body.name.trim() }),
    ...(body.email !== undefined && { email: body.email === null || !body.email.trim() ? null : emailOf(body.email) }),
    ...(body.phone !== undefined && { phone: body.phone?.trim() || null }),
    ...(body.tags !== undefined && { tags: tagsOf(body.tags) }),
    ...(body.password !== undefined && { passwordHash: await hashPassword(body.password) }),
  };
}

/** orders/public/customers/add: a name or an e-mail at least; the e-mail is unique within the account. */
export async function addPublicCustomer(db: Db, accountId: number, body: PublicCustomerAddRequest): Promise<PublicCustomer> {
  const changes = await customerChanges(body);
  if (!changes.name && !changes.email) throw refusal(400, 'nameOrEmailRequired', undefined, { fields: { name: refusalText('emptyField') } });
  try {
    const [row] = await db
      .insert(publicCustomers)
      .values({ accountId, name: changes.name ?? '', ...changes })
      .returning();
    return toPublicCustomer(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal(409, 'customerExists');
    throw error;
  }
}

/** orders/public/customers/update: a new password (set by staff) ends the customer's sign-in sessions. */
export async function updatePublicCustomer(db: Db, accountId: number, body: PublicCustomerUpdateRequest): Promise<PublicCustomer> {
  const current = await customerOf(db, accountId, body.id);
  const changes = await customerChanges(body);
  const name = changes.name ?? current.name;
  const email = changes.email === undefined ? current.email : changes.email;
  if (!name && !email) throw refusal(400, 'nameOrEmailRequired', undefined, { fields: { name: refusalText('emptyField') } });
  if (!Object.keys(changes).length) return toPublicCustomer(current);
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx.update(publicCustomers).set(changes).where(eq(publicCustomers.id, current.id)).returning();
      if (changes.passwordHash !== undefined) await tx.delete(publicTokens).where(and(eq(publicTokens.customerId, current.id), isNull(publicTokens.orderId)));
      return updated;
    });
    return toPublicCustomer(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal(409, 'customerExists');
    throw error;
  }
}

/** orders/public/customers/delete: the customer, their shares and sessions go. */
export async function deletePublicCustomer(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  const current = await customerOf(db, accountId, id);
  await db.delete(publicCustomers).where(eq(publicCustomers.id, current.id));
  return { success: true };
}

/** The customer a link is made for: by id, or by e-mail (added with the name when new). Race-safe on the e-mail index. */
export async function customerForLink(db: Pick<Db, 'insert' | 'select'>, accountId: number, input: { customer_id?: number; email?: string; name?: string }): Promise<CustomerRow | null> {
  if (input.customer_id !== undefined) return customerOf(db, accountId, input.customer_id);
  if (input.email === undefined) return null;
  const email = emailOf(input.email);
  await db
    .insert(publicCustomers)
    .values({ accountId, email, name: input.name?.trim() ?? '' })
    .onConflictDoNothing();
  const [row] = await db.select().from(publicCustomers).where(and(eq(publicCustomers.accountId, accountId), eq(publicCustomers.email, email)));
  return row;
}
