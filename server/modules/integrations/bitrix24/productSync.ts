import { and, eq } from 'drizzle-orm';
import type { Caller } from '../../../auth/sessions';
import { requireAdmin } from '../../../auth/rights';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { catalogLinks, integrationConnections } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { defineTask, startTask, taskTitle } from '../../tasks/api';
import { matchCatalog, normalizeText, type ComparisonMode } from '../catalogMatch';
import { reportIncoming } from '../catalogReport';
import { applyIncomingCatalog, linkProducts, outgoingProducts, type IncomingProduct, type OutgoingProduct } from '../catalogSync';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { commandOf, portalProducts, sectionsOf, articleField } from './catalog';
import { BATCH_LIMIT, Bitrix24Client } from './client';

/**
 * The catalogue sync both ways (issue 18 §2, spec §5), as tasks with progress and a log entry with Retry on failure.
 * In: the portal's products (paged, batch) applied through catalogSync.ts. Out: our products written with
 * crm.product.add/update, 50 to a batch call, each new one linked (catalog_links); a product of ours not linked yet is
 * first looked for among the portal's unlinked products by the comparison mode, so a sync never adds what is there —
 * and a key several share is reported, never guessed. Our categories missing as sections are added first, so the
 * group list matches the category list.
 */
export const BITRIX24_TO_WAREHOUSE = 'bitrix24-sync-in';
export const WAREHOUSE_TO_BITRIX24 = 'bitrix24-sync-out';

export interface Bitrix24SyncPayload {
  connectionId: number;
  mode: ComparisonMode;
}

async function connectionOf(db: Db, accountId: number, connectionId: number) {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, accountId), eq(integrationConnections.id, connectionId), eq(integrationConnections.kind, 'bitrix24')));
  if (!row) throw notFound('No such Bitrix24 connection');
  return row;
}

defineTask<Bitrix24SyncPayload>({
  type: BITRIX24_TO_WAREHOUSE,
  async run({ db, config, accountId, taskId, payload, progress }) {
    const source = crmSource('bitrix24', payload.connectionId);
    const retry = { type: BITRIX24_TO_WAREHOUSE, ...taskTitle('bitrixToWarehouse'), payload };
    try {
      const client = new Bitrix24Client(db, config, await connectionOf(db, accountId, payload.connectionId));
      const { items } = await portalProducts(client);
      const result = await applyIncomingCatalog(db, { accountId, source, mode: payload.mode, items, progress });
      return await reportIncoming(db, { accountId, source, taskId, retry }, result);
    } catch (error) {
      await logIntegration(db, { accountId, source, level: 'error', action: 'sync-in', message: (error as Error).message, taskId, retry });
      return { error: (error as Error).message };
    }
  },
});

type Write = { product: OutgoingProduct; externalId: string | null };

/** Our unlinked products matched to the portal's unlinked ones by the mode: pairs are linked and updated, not added. */
async function matchUnlinked(db: Db, client: Bitrix24Client, accountId: number, source: ReturnType<typeof crmSource>, mode: ComparisonMode, unlinked: OutgoingProduct[]) {
  if (mode === 'none' || !unlinked.length) return { writes: unlinked.map((product) => ({ product, externalId: null })), ambiguous: [] };
  const { items } = await portalProducts(client);
  const linked = new Set((await db.select({ id: catalogLinks.externalId }).from(catalogLinks).where(and(eq(catalogLinks.accountId, accountId), eq(catalogLinks.source, source)))).map((row) => row.id));
  const theirs = items.filter((item) => !linked.has(item.externalId));
  const match = matchCatalog<IncomingProduct, OutgoingProduct>(mode, theirs, unlinked, { ours: (item) => item, theirs: (product) => ({ name: product.name, article: product.article }) });
  return {
    writes: [...match.pairs.map((pair) => ({ product: pair.theirs, externalId: pair.ours.externalId })), ...match.unmatched.map((product) => ({ product, externalId: null }))],
    ambiguous: match.ambiguous.map((entry) => ({ key: entry.key.split('\u0001').join(' / '), names: entry.theirs.map((product) => product.name), productIds: entry.theirs.map((product) => product.id), portalIds: entry.ours.map((item) => item.externalId) })),
  };
}

defineTask<Bitrix24SyncPayload>({
  type: WAREHOUSE_TO_BITRIX24,
  async run({ db, config, accountId, taskId, payload, progress, signal }) {
    const source = crmSource('bitrix24', payload.connectionId);
    const retry = { type: WAREHOUSE_TO_BITRIX24, ...taskTitle('warehouseToBitrix'), payload };
    let added = 0;
    let updated = 0;
    const failed: { productId: number; error: string }[] = [];
    try {
      const client = new Bitrix24Client(db, config, await connectionOf(db, accountId, payload.connectionId));
      const ours: OutgoingProduct[] = [];
      for await (const chunk of outgoingProducts(db, accountId, source, 1000)) ours.push(...chunk);
      const article = await articleField(client);
      const sections = await sectionsOf(client);
      const missing = [...new Map(ours.filter((product) => product.category && !sections.has(normalizeText(product.category))).map((product) => [normalizeText(product.category), product.category!])).values()];
      for (let start = 0; start < missing.length; start += BATCH_LIMIT) {
        const names = missing.slice(start, start + BATCH_LIMIT);
        const answer = await client.batch(Object.fromEntries(names.map((name, index) => [`s${index}`, commandOf('crm.productsection.add', { fields: { NAME: name } })])));
        names.forEach((name, index) => {
          const id = answer.result[`s${index}`];
          if (id !== undefined) sections.set(normalizeText(name), { id: String(id), name });
        });
      }
      const { writes, ambiguous } = await matchUnlinked(db, client, accountId, source, payload.mode, ours.filter((product) => product.externalId === null));
      const all: Write[] = [...ours.filter((product) => product.externalId !== null).map((product) => ({ product, externalId: product.externalId })), ...writes];
      for (let start = 0; start < all.length; start += BATCH_LIMIT) {
        if (signal.aborted) return { error: 'Cancelled' };
        const chunk = all.slice(start, start + BATCH_LIMIT);
        const fieldsOf = (product: OutgoingProduct) => ({
          NAME: product.name,
          SECTION_ID: product.category ? (sections.get(normalizeText(product.category))?.id ?? '') : '',
          ...(article ? { [article]: product.article } : {}),
        });
        const answer = await client.batch(
          Object.fromEntries(chunk.map(({ product, externalId }) => [`p${product.id}`, externalId === null ? commandOf('crm.product.add', { fields: fieldsOf(product) }) : commandOf('crm.product.update', { id: externalId, fields: fieldsOf(product) })])),
        );
        const links: { productId: number; externalId: string }[] = [];
        for (const { product, externalId } of chunk) {
          const key = `p${product.id}`;
          const refused = answer.result_error[key];
          if (refused || answer.result[key] === undefined) {
            failed.push({ productId: product.id, error: refused?.error_description ?? refused?.error ?? 'no answer' });
            continue;
          }
          if (externalId === null) {
            links.push({ productId: product.id, externalId: String(answer.result[key]) });
            added++;
          } else {
            if (product.externalId === null) links.push({ productId: product.id, externalId });
            updated++;
          }
        }
        await linkProducts(db, accountId, source, links);
        await progress(Math.min(start + chunk.length, all.length), all.length);
      }
      if (ambiguous.length) {
        await logIntegration(db, { accountId, source, level: 'warning', action: 'sync-out', message: `${ambiguous.length} duplicate keys were not synced`, taskId, details: { duplicates: ambiguous } });
      }
      if (failed.length) {
        const message = `The portal refused ${failed.length} products`;
        await logIntegration(db, { accountId, source, level: 'error', action: 'sync-out', message, taskId, retry, details: { added, updated, failed: failed.slice(0, 100) } });
        return { error: message };
      }
      await logIntegration(db, { accountId, source, level: 'info', action: 'sync-out', message: `Added ${added}, updated ${updated}`, taskId });
      return { counts: { added, updated, duplicates: ambiguous.length } };
    } catch (error) {
      await logIntegration(db, { accountId, source, level: 'error', action: 'sync-out', message: (error as Error).message, taskId, retry, details: { added, updated } });
      return { error: (error as Error).message };
    }
  },
});

/** The screen's start buttons (and the home menu's sync entries): one task, its id answered at once. */
export async function startBitrix24Sync(db: Db, config: ServerConfig, caller: Caller, direction: 'in' | 'out', mode: ComparisonMode | undefined): Promise<{ task_id: number }> {
  requireAdmin(caller);
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, caller.account.id), eq(integrationConnections.kind, 'bitrix24')))
    .orderBy(integrationConnections.id)
    .limit(1);
  if (!row) throw notFound('Connect a Bitrix24 portal first');
  const payload: Bitrix24SyncPayload = { connectionId: row.id, mode: mode ?? (row.settings as { comparison_mode?: ComparisonMode }).comparison_mode ?? 'name' };
  const type = direction === 'in' ? BITRIX24_TO_WAREHOUSE : WAREHOUSE_TO_BITRIX24;
  const task = await startTask(db, config, { accountId: caller.account.id, userId: caller.user.id, type, ...taskTitle(direction === 'in' ? 'bitrixToWarehouse' : 'warehouseToBitrix'), payload });
  return { task_id: task.id };
}
