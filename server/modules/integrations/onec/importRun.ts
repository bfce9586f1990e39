import { and, eq, sql } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { memberships, onecImports, onecLinks } from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import { inTransaction } from '../../../http/transaction';
import { firstDelivery } from '../events';
import { logIntegration } from '../log';
import type { ComparisonMode } from '../catalogMatch';
import { ACCOUNTING_SOURCE } from '../source';
import { applyGroups, applyProducts, applyProperty, type StepCounts } from './catalogueItems';
import { digestOf, existingFile, unpackZips } from './exchangeFiles';
import { applyOffers } from './offerItems';
import { refreshStatistics } from '../../../db/tableStatistics';
import type { ExchangeRow } from './settings';
import { ExchangeFileError, textOf, type XmlEntry, type XmlNode, xmlEntries, xmlItems } from './xmlItems';

/**
 * 1C's mode=import, one step per call: the uploaded file is checked whole first (encoding, XML) so a bad file changes
 * nothing; then each call applies the next items in one transaction with the count of items done, answering
 * 'progress' until the file is through and 'success' at its end. The row keeps the checkpoint where the next step
 * reads on (the byte after the last applied item), committed with the step: a call after 'progress', or after the
 * process restarted, reads on from there and never parses the applied part again; an interrupted step left nothing. A file already imported whole (same name, same
 * digest) answers 'success' at once and changes nothing: 1C repeats an exchange it did not see finish.
 */

/** Items applied per mode=import call: 1C calls again after 'progress'. */
export const IMPORT_STEP = 10_000;

export type ExchangeAnswer = { outcome: 'success' | 'progress' | 'failure'; text: string };

const failure = (reason: string): ExchangeAnswer => ({ outcome: 'failure', text: `failure\n${reason}` });

async function remember(tx: Tx, accountId: number, kind: 'warehouse' | 'price_type', node: XmlNode): Promise<void> {
  const id = textOf(node, 'Ид');
  if (!id) return;
  const name = textOf(node, 'Наименование') || id;
  await tx
    .insert(onecLinks)
    .values({ accountId, kind, externalId: id, target: name })
    .onConflictDoUpdate({ target: [onecLinks.accountId, onecLinks.kind, onecLinks.externalId], set: { target: name } });
}

async function applyItems(tx: Tx, exchange: ExchangeRow, ownerId: number, items: readonly XmlNode[], counts: StepCounts): Promise<void> {
  const { accountId } = exchange;
  let run: XmlNode[] = [];
  const flush = async () => {
    if (!run.length) return;
    if (run[0]!.name === 'Товар') await applyProducts(tx, accountId, run, { comparison: exchange.comparison as ComparisonMode }, counts);
    else await applyOffers(tx, accountId, run, { warehouses: exchange.warehouses, prices: exchange.prices, userId: exchange.enabledBy ?? ownerId, comment: 'Rests from 1C' }, counts);
    run = [];
  };
  for (const item of items) {
    if (item.name === 'Товар' || item.name === 'Предложение') {
      if (run.length && run[0]!.name !== item.name) await flush();
      run.push(item);
      continue;
    }
    await flush();
    if (item.name === 'Группы') await applyGroups(tx, accountId, item, counts);
    else if (item.name === 'Свойство') await applyProperty(tx, accountId, item, counts);
    else if (item.name === 'Склад') await remember(tx, accountId, 'warehouse', item);
    else if (item.name === 'ТипЦены') await remember(tx, accountId, 'price_type', item);
  }
  await flush();
}

async function ownerOf(db: Db, accountId: number): Promise<number> {
  const [owner] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.isOwner, true)));
  return owner?.userId ?? 0;
}

export async function importStep(db: Db, config: ServerConfig, exchange: ExchangeRow, filename: string, step = IMPORT_STEP): Promise<ExchangeAnswer> {
  const { accountId } = exchange;
  const log = (level: 'info' | 'warning' | 'error', message: string, details?: Record<string, unknown>) =>
    logIntegration(db, { accountId, source: ACCOUNTING_SOURCE, level, action: '1c-import', message, details: { file: filename, ...details } });
  try {
    await unpackZips(config, accountId);
  } catch (error) {
    if (!(error instanceof ExchangeFileError)) throw error;
    await log('error', error.message);
    return failure(error.message);
  }
  const path = await existingFile(config, accountId, filename);
  if (!path) return failure(`No file ${filename} was uploaded in this exchange`);
  const digest = await digestOf(path);
  const mine = and(eq(onecImports.accountId, accountId), eq(onecImports.filename, filename));
  let [state] = await db.select().from(onecImports).where(mine);
  if (state?.digest === digest && state.finished) {
    await log('info', `${filename} was imported already: nothing changed`);
    return { outcome: 'success', text: 'success' };
  }
  if (!state || state.digest !== digest) {
    try {
      for await (const _item of xmlItems(path));
    } catch (error) {
      if (!(error instanceof ExchangeFileError)) throw error;
      await log('error', `${filename}: ${error.message}`);
      return failure(error.message);
    }
    // A new run: its steps are deliveries of their own, even when this content came once before another.
    const fresh = { accountId, filename, digest, done: 0, finished: false, run: (state?.run ?? 0) + 1, counts: {}, checkpoint: null, updatedAt: new Date() };
    await db.insert(onecImports).values(fresh).onConflictDoUpdate({ target: [onecImports.accountId, onecImports.filename], set: fresh });
    state = fresh;
  }

  const from = state.done;
  // On from the checkpoint the last step left; a row from before checkpoints were kept counts its items again.
  const checkpoint = from > 0 ? (state.checkpoint ?? undefined) : undefined;
  const items: XmlNode[] = [];
  let ended = true;
  let seen = 0;
  let last: XmlEntry | undefined;
  for await (const entry of xmlEntries(path, checkpoint)) {
    seen += 1;
    if (!checkpoint && seen <= from) continue;
    if (items.length === step) {
      ended = false;
      break;
    }
    items.push(entry.node);
    last = entry;
  }
  const next = last ? last.after() : (checkpoint ?? null);
  const ownerId = await ownerOf(db, accountId);
  try {
    const counts = await inTransaction(db, async (tx) => {
      // One call at a time takes a step: a second one waits here and then finds the step done.
      const [locked] = await tx.select().from(onecImports).where(mine).for('update');
      if (!locked || locked.digest !== digest || locked.done !== from) return null;
      if (!(await firstDelivery(tx, accountId, ACCOUNTING_SOURCE, `import:${filename}:${digest}:${locked.run}:${from}`))) return null;
      const counts: StepCounts = { ...locked.counts };
      await applyItems(tx, exchange, ownerId, items, counts);
      await tx
        .update(onecImports)
        .set({ done: from + items.length, finished: ended, counts, checkpoint: next, updatedAt: sql`now()` })
        .where(mine);
      return counts;
    });
    if (counts === null) return { outcome: 'progress', text: `progress\n${filename}: another call took this step` };
    // Statistics taken on the way: the next steps are planned for the tables as they now are.
    await refreshStatistics(db);
    if (!ended) return { outcome: 'progress', text: `progress\n${filename}: ${from + items.length} items done` };
    await log('info', `${filename} imported: ${from + items.length} items`, { counts });
    return { outcome: 'success', text: 'success' };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await log('error', `${filename}: ${error.message}`, { done: from });
    return failure(error.message);
  }
}
