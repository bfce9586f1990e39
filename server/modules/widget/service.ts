import { and, eq } from 'drizzle-orm';
import type { Category } from '../../../src/contract/catalogue';
import type { CategoryListItem } from '../../../src/contract/orders';
import type {
  WidgetAddProductAnswer,
  WidgetAddProductQuery,
  WidgetConfig,
  WidgetConfigQuery,
  WidgetLeadPosition,
  WidgetLeadProducts,
  WidgetProductListV2,
  WidgetProductsHtml,
  WidgetProductsQuery,
} from '../../../src/contract/widget';
import { defaultCurrency, FieldType } from '../../../src/domain/fieldTypes';
import { isFieldVisible } from '../../../src/domain/productCard';
import { requireOrderEditor } from '../../auth/rights';
import { createSession, resolveSession, type Caller } from '../../auth/sessions';
import type { AmoTokenAnswer } from '../../../src/contract/integrations';
import type { Db } from '../../db/client';
import { accounts, orders } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { pagingOf } from '../../http/paging';
import { listCategories } from '../categories/service';
import { dealProductPage, DEAL_PER_PAGE, leadOrderOf, type CatalogueReader } from '../dealCatalogue/products';
import { categoryList } from '../dealCatalogue/service';
import { listFields } from '../fields/service';
import { staffActor, type Actor } from '../orders/actor';
import { listPositions, addPosition } from '../orders/positions';
import { addOrder, productsLocked } from '../orders/service';
import { listWarehouses } from '../warehouses/service';
import { renderLeadProducts } from './html';
import { amoConnectionOf, DISPOSABLE_TOKEN_INVALID } from './requestProof';

/** Widget lists: 20 products per page, page 1, unless asked otherwise (spec 2 §9). */
export const WIDGET_PER_PAGE = DEAL_PER_PAGE;


/** widget/products: a category's products with those of its subcategories (every active product without one). */
export function widgetProducts(db: Db, reader: CatalogueReader, query: WidgetProductsQuery) {
  return dealProductPage(db, reader, { page: query.page, per_page: query.per_page ?? WIDGET_PER_PAGE, scope: query.category_id ? { tree: query.category_id } : null });
}

/** The direct subcategories of a category, or the top level for null (by levels: an orphaned category counts as top level, as in the tree). */
function childrenOf(list: CategoryListItem[], parent: number | null): CategoryListItem[] {
  return list.filter((item) => (parent === null ? item.levels.length === 1 : item.levels.length >= 2 && item.levels[item.levels.length - 2] === parent));
}

/** widget/products-v2: one level of the catalogue — the category's own products (the root's: those without one) and its direct subcategories. */
export async function widgetProductsV2(db: Db, reader: CatalogueReader, query: WidgetProductsQuery): Promise<WidgetProductListV2> {
  const level = query.category_id ?? null;
  const page = await dealProductPage(db, reader, { page: query.page, per_page: query.per_page ?? WIDGET_PER_PAGE, scope: { level } });
  return { ...page, categories: childrenOf(await categoryList(db, reader.accountId), level) };
}

/** widget/categories: the category tree. */
export function widgetCategories(db: Db, accountId: number): Promise<Category[]> {
  return listCategories(db, accountId);
}

/**
 * widget/products/filtered (spec 2 §7): the positions of the order linked to the CRM deal, trimmed to
 * what the deal shows — no cost prices, stock or product field values. Deal ids are unique within an
 * account only (orders_account_lead), so the deal is looked up in one account: the staff token's, or
 * the one a signed CRM request proved (routes.ts) — never by the deal number alone.
 */
export async function leadProducts(db: Db, leadId: number, accountId: number, paging: { page?: number; per_page?: number }): Promise<WidgetLeadProducts> {
  const page = paging.page ?? 1;
  const perPage = paging.per_page ?? WIDGET_PER_PAGE;
  const found = await db
    .select({ orderId: orders.id, accountId: orders.accountId, isKommo: accounts.isKommo })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(and(eq(orders.accountId, accountId), eq(orders.leadId, leadId)))
    .limit(1);
  let positions: WidgetLeadPosition[] = [];
  if (found.length) {
    const [{ orderId, accountId: owner, isKommo }] = found;
    // Read as a public viewer would: fields hidden from public orders are not even loaded.
    const reader: Actor = { accountId: owner, account: { id: owner, isKommo }, userId: null, isKommo, public: true };
    positions = (await listPositions(db, reader, orderId)).map((position) => ({
      id: position.id,
      product_id: position.product_id,
      identifier: position.identifier,
      name: position.name,
      article: position.article,
      type: position.type,
      unit: position.unit,
      warehouse_code: position.warehouse_code,
      warehouse_name: position.warehouse_name,
      price: position.price,
      currency: position.currency,
      count: position.count,
      sum: position.sum,
    }));
  }
  return { data: positions.slice((page - 1) * perPage, page * perPage), ...pagingOf(page, perPage, positions.length) };
}

/** The deal's order, made now (linked to the deal, CRM status opened) when it has none. */
async function orderForLead(tx: Db, actor: Actor & { userId: number }, leadId: number): Promise<number> {
  const existing = await leadOrderOf(tx, actor.accountId, leadId);
  if (existing) return existing.id;
  try {
    return (await addOrder(tx, actor, { lead_id: leadId })).id;
  } catch (error) {
    // Another request linked an order to the deal first (addOrder checks under the account's order lock): add to that one.
    if (error instanceof HttpError && error.status === 409 && typeof error.extra.order_id === 'number') return error.extra.order_id;
    throw error;
  }
}

/**
 * widget/add-product: the product (quantity 1 unless given) into the order of the deal, creating the
 * deal's order first when it has none. One transaction: a refused product (unknown, archived, not
 * enough stock, a locked stage) leaves no new order behind.
 */
export async function addProductToLead(db: Db, caller: Caller, query: WidgetAddProductQuery): Promise<WidgetAddProductAnswer> {
  requireOrderEditor(caller);
  const actor = staffActor(caller);
  const order = await db.transaction(async (tx) => {
    const orderId = await orderForLead(tx, actor, query.leadId);
    return addPosition(tx, actor, { order_id: orderId, product: query.productId, quantity: query.quantity });
  });
  return { success: true, order };
}

/**
 * widget/get-products: the deal's positions as escaped HTML (an empty-list text when the deal has no order), in
 * the language asked (the CRM's, which the widget around it shows), else the user's.
 */
export async function leadProductsHtml(db: Db, caller: Caller, leadId: number, lang: string = caller.user.lang): Promise<WidgetProductsHtml> {
  const actor = staffActor(caller);
  const order = await leadOrderOf(db, actor.accountId, leadId);
  const positions = order ? await listPositions(db, actor, order.id) : [];
  const currency = positions[0]?.currency ?? defaultCurrency({ is_kommo: actor.isKommo });
  return { success: true, data: { html: renderLeadProducts(positions, Number(order?.sum ?? 0), currency, lang) } };
}

function canChangeOrders(caller: Caller): boolean {
  try {
    requireOrderEditor(caller);
    return true;
  } catch {
    return false;
  }
}

/** widget/config: the deal's order and whether products may be added, the category and its subcategories, fields, price types and warehouses. */
export async function widgetConfig(db: Db, caller: Caller, query: WidgetConfigQuery): Promise<WidgetConfig> {
  const accountId = caller.account.id;
  const [order, list, all, stores] = await Promise.all([
    query.leadId === undefined ? Promise.resolve(null) : leadOrderOf(db, accountId, query.leadId),
    categoryList(db, accountId),
    listFields(db, accountId, {}),
    listWarehouses(db, accountId),
  ]);
  const category = query.category_id === undefined ? null : (list.find((item) => item.id === query.category_id) ?? null);
  if (query.category_id !== undefined && !category) throw notFound('No such category');
  const shown = (category ? await listFields(db, accountId, { category_id: category.id, with_parents: 1 }) : all).filter((field) => isFieldVisible(field));
  const locked = order ? await productsLocked(db, order) : false;
  return {
    lead_id: query.leadId ?? null,
    order_id: order?.id ?? null,
    products_locked: locked,
    disable_add: locked || !canChangeOrders(caller),
    per_page: WIDGET_PER_PAGE,
    currency: defaultCurrency({ is_kommo: caller.account.isKommo }),
    category,
    subcategories: childrenOf(list, category?.id ?? null),
    fields: shown,
    price_fields: all.filter((field) => field.type === FieldType.price && isFieldVisible(field)).map((field) => ({ code: field.code, name: field.name })),
    warehouses: stores,
  };
}

/**
 * integration/amocrm/token: a staff token living minutes (AMO_TOKEN_TTL_MINUTES) for a disposable
 * token of a connected amoCRM/Kommo integration, acting as the connection's member. The widget asks
 * again when it runs out, so no long-lived token sits in the CRM's widget settings or page.
 */
export async function exchangeDisposableToken(db: Db, disposable: unknown, ttlMinutes: number): Promise<AmoTokenAnswer> {
  const connection = typeof disposable === 'string' && disposable ? await amoConnectionOf(db, disposable) : null;
  if (!connection) throw new HttpError(401, DISPOSABLE_TOKEN_INVALID);
  const token = await createSession(db, connection.userId, connection.accountId, ttlMinutes / 1440);
  const caller = await resolveSession(db, token);
  // The connection's member was disabled after it was connected: no token for them.
  if (!caller) throw new HttpError(401, 'The member this CRM connection acts as is no longer active in the account');
  return { access_token: token, expires_at: caller.expiresAt.toISOString(), account_id: connection.accountId };
}
