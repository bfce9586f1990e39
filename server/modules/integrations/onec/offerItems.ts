import { and, eq, inArray } from 'drizzle-orm';
import { coerceFieldValue, defaultCurrency, FieldType } from '../../../../src/domain/fieldTypes';
import type { Tx } from '../../../db/client';
import { accounts, catalogLinks, warehouses } from '../../../db/schema';
import { updateImportedProducts } from '../../products/importRows';
import { adjustToCounts, lockProducts } from '../../stock/api';
import { ACCOUNTING_SOURCE } from '../source';
import type { StepCounts } from './catalogueItems';
import { textsIn } from './valueLists';
import { childrenOf, textOf, type XmlNode } from './xmlItems';

/**
 * offers.xml / prices.xml / rests.xml items applied inside one step's transaction: each offer's prices go to the price
 * fields its price types are mapped to, and its rests per 1C warehouse become the absolute count of the mapped
 * warehouse of ours — through the inventory module as arrival and write-off documents, so the ledger explains every
 * change and the same rests applied twice change nothing.
 */

export interface OfferStep {
  /** 1C warehouse Ид → our warehouse id. */
  warehouses: Record<string, number>;
  /** 1C price type Ид → our price field code. */
  prices: Record<string, string>;
  /** Who the stock documents name: the administrator who switched the exchange on. */
  userId: number;
  comment: string;
}

const bump = (counts: StepCounts, key: string, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

/** JSON with keys in one order: what jsonb hands back has its own key order, the prices built here another. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );

const numberOf = (text: string): number | null => {
  const value = Number(text.replace(',', '.').replace(/\s/g, ''));
  return text !== '' && Number.isFinite(value) ? value : null;
};

/** Rests per 1C warehouse: CommerceML 2.08 <Склад ИдСклада КоличествоНаСкладе/>, 2.10 <Остатки><Остаток><Склад>. */
function restsOf(offer: XmlNode): Map<string, number> | null {
  const rests = new Map<string, number>();
  for (const store of childrenOf(offer, 'Склад')) {
    const count = numberOf(store.attributes.КоличествоНаСкладе ?? '');
    if (store.attributes.ИдСклада && count !== null) rests.set(store.attributes.ИдСклада, count);
  }
  for (const store of childrenOf(offer, 'Остатки/Остаток/Склад')) {
    const count = numberOf(textOf(store, 'Количество'));
    if (textOf(store, 'Ид') && count !== null) rests.set(textOf(store, 'Ид'), count);
  }
  if (rests.size) return rests;
  const total = numberOf(textOf(offer, 'Количество')) ?? numberOf(textOf(offer, 'Остатки/Остаток/Количество'));
  return total === null ? null : new Map([['', total]]);
}

export async function applyOffers(tx: Tx, accountId: number, nodes: readonly XmlNode[], step: OfferStep, counts: StepCounts): Promise<void> {
  const ids = [...new Set(nodes.map((node) => textOf(node, 'Ид').split('#')[0]!).filter(Boolean))];
  if (!ids.length) return;
  const links = await tx
    .select({ productId: catalogLinks.productId, externalId: catalogLinks.externalId })
    .from(catalogLinks)
    .where(and(eq(catalogLinks.accountId, accountId), eq(catalogLinks.source, ACCOUNTING_SOURCE), inArray(catalogLinks.externalId, textsIn(ids))));
  const productOf = new Map(links.map((link) => [link.externalId, link.productId]));
  // THE lock order (stock/locks.ts): every product of the step in ascending id before its prices or batches change.
  const locked = await lockProducts(
    tx,
    accountId,
    links.map((link) => link.productId),
  );
  const [main] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.accountId, accountId), eq(warehouses.isMain, true)));
  const [account] = await tx.select({ isKommo: accounts.isKommo }).from(accounts).where(eq(accounts.id, accountId));
  const currency = defaultCurrency({ is_kommo: account?.isKommo ?? false });

  const priced = new Map<number, Record<string, unknown>>();
  // Offers of one product (its characteristics, Ид 'product#variant') add up per warehouse.
  const counted = new Map<number, Map<number, number>>();
  for (const node of nodes) {
    const productId = productOf.get(textOf(node, 'Ид').split('#')[0]!);
    if (productId === undefined) {
      bump(counts, 'offers_unknown');
      continue;
    }
    for (const price of childrenOf(node, 'Цены/Цена')) {
      const code = step.prices[textOf(price, 'ИдТипаЦены')];
      const cost = numberOf(textOf(price, 'ЦенаЗаЕдиницу'));
      if (!code || cost === null) continue;
      priced.set(productId, { ...priced.get(productId), [code]: coerceFieldValue(FieldType.price, { cost }, { currency }) });
    }
    const rests = restsOf(node);
    for (const [storeId, count] of rests ?? []) {
      const warehouseId = storeId === '' ? main?.id : step.warehouses[storeId];
      if (warehouseId === undefined) {
        bump(counts, 'rests_unmapped_warehouse');
        continue;
      }
      const perWarehouse = counted.get(warehouseId) ?? new Map<number, number>();
      perWarehouse.set(productId, (perWarehouse.get(productId) ?? 0) + count);
      counted.set(warehouseId, perWarehouse);
    }
  }

  if (priced.size) {
    // The rows the lock read; only those whose prices differ are written (a repeated file rewrites none).
    const changed = [...priced].flatMap(([productId, prices]) => {
      const row = locked.get(productId);
      if (!row) return [];
      const values = { ...row.values, ...prices };
      return canonical(values) === canonical(row.values) ? [] : [{ id: row.id, name: row.name, article: row.article, unit: row.unit, type: row.type as 'product' | 'service', categoryId: row.categoryId, tags: row.tags, values }];
    });
    if (changed.length) await updateImportedProducts(tx, accountId, changed);
    bump(counts, 'prices_set', changed.length);
    bump(counts, 'prices_unchanged', priced.size - changed.length);
  }
  for (const [warehouseId, perProduct] of [...counted].sort(([a], [b]) => a - b)) {
    const adjusted = await adjustToCounts(
      tx,
      { accountId, userId: step.userId },
      { warehouseId, comment: step.comment, lines: [...perProduct].map(([productId, count]) => ({ productId, count })) },
    );
    bump(counts, 'rests_raised', adjusted.raised);
    bump(counts, 'rests_lowered', adjusted.lowered);
    bump(counts, 'rests_unchanged', adjusted.unchanged);
    bump(counts, 'rests_short', adjusted.short.length);
  }
}
