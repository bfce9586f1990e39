import { and, asc, eq, gt, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { catalogLinks, onecExchange, orderPositions, orders, products } from '../../../db/schema';
import { ACCOUNTING_SOURCE } from '../source';
import { DEFAULT_DOCUMENTS, type ExchangeRow } from './settings';

/**
 * type=sale: mode=query hands 1C our orders changed since the last exchange 1C confirmed (mode=success), as
 * CommerceML documents (Документ, 'Заказ товара'); a product 1C sent is named by its Ид, so 1C finds its own item.
 * The time of the query becomes the confirmed one only on success: orders of a query 1C did not confirm come again.
 */

/** Orders per query: 1C asks again after success, for those changed since. */
export const ORDERS_PER_QUERY = 1000;

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const element = (name: string, value: string | number) => `<${name}>${xmlText(String(value))}</${name}>`;

export async function saleQuery(db: Db, exchange: ExchangeRow): Promise<string> {
  const { accountId } = exchange;
  const settings = { ...DEFAULT_DOCUMENTS, ...exchange.documents };
  const now = new Date();
  const conditions: (SQL | undefined)[] = [eq(orders.accountId, accountId), eq(orders.archived, false)];
  if (exchange.saleConfirmedAt) conditions.push(gt(orders.updatedAt, exchange.saleConfirmedAt));
  if (settings.only_successful) conditions.push(and(isNotNull(orders.crmStatus), eq(orders.crmStatus, 2)));
  const chosen = settings.send_orders ? await db.select().from(orders).where(and(...conditions)).orderBy(asc(orders.updatedAt), asc(orders.id)).limit(ORDERS_PER_QUERY) : [];
  const lines = chosen.length
    ? await db
        .select({ orderId: orderPositions.orderId, productId: orderPositions.productId, name: products.name, unit: products.unit, price: orderPositions.price, quantity: orderPositions.quantity, currency: orderPositions.currency, externalId: catalogLinks.externalId })
        .from(orderPositions)
        .innerJoin(products, eq(products.id, orderPositions.productId))
        .leftJoin(catalogLinks, and(eq(catalogLinks.accountId, accountId), eq(catalogLinks.source, ACCOUNTING_SOURCE), eq(catalogLinks.productId, orderPositions.productId)))
        .where(
          and(
            eq(orderPositions.accountId, accountId),
            inArray(
              orderPositions.orderId,
              chosen.map((order) => order.id),
            ),
          ),
        )
        .orderBy(asc(orderPositions.orderId), asc(orderPositions.sort), asc(orderPositions.id))
    : [];
  await db.update(onecExchange).set({ saleQueriedAt: now }).where(eq(onecExchange.accountId, accountId));

  const documents = chosen.map((order) => {
    const mine = lines.filter((line) => line.orderId === order.id);
    const [date, time] = order.createdAt.toISOString().split('T') as [string, string];
    const goods = mine.map((line) => {
      const quantity = Number(line.quantity);
      const price = Number(line.price);
      return `<Товар>${element('Ид', line.externalId ?? `site-${line.productId}`)}${element('Наименование', line.name)}<БазоваяЕдиница>${xmlText(line.unit)}</БазоваяЕдиница>${element('ЦенаЗаЕдиницу', price.toFixed(2))}${element('Количество', quantity)}${element('Сумма', (price * quantity).toFixed(2))}</Товар>`;
    });
    return `<Документ>${element('Ид', order.id)}${element('Номер', order.id)}${element('Дата', date)}${element('Время', time.slice(0, 8))}${element('ХозОперация', 'Заказ товара')}${element('Роль', 'Продавец')}${element('Валюта', mine[0]?.currency ?? 'RUB')}${element('Курс', 1)}${element('Сумма', Number(order.sum).toFixed(2))}${element('Комментарий', order.name)}<Товары>${goods.join('')}</Товары></Документ>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="${now.toISOString().slice(0, 19)}">${documents.join('')}</КоммерческаяИнформация>`;
}

/** mode=success: 1C took the orders of its last query. */
export async function saleConfirmed(db: Db, exchange: ExchangeRow): Promise<void> {
  if (!exchange.saleQueriedAt) return;
  await db.update(onecExchange).set({ saleConfirmedAt: exchange.saleQueriedAt }).where(eq(onecExchange.accountId, exchange.accountId));
}
