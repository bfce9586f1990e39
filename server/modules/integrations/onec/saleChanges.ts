import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { accounts, integrationEvents, memberships, orders, pipelineStatuses } from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import { updateOrder } from '../../orders/service';
import { type CrmStatus, moveLinkedOrder } from '../crmOrders';
import { firstDelivery } from '../events';
import { logIntegration } from '../log';
import { ACCOUNTING_SOURCE } from '../source';
import { existingFile } from './exchangeFiles';
import type { ExchangeRow } from './settings';
import { childrenOf, ExchangeFileError, textOf, type XmlNode, xmlEntries } from './xmlItems';

/**
 * type=sale&mode=file: 1C sends back what it did with our orders (orders.xml: CommerceML 2 'Документ' per order, its
 * state in ЗначенияРеквизитов as 1C writes them — 'Проведен', 'ПометкаУдаления', 'Отменен', 'Дата оплаты по 1С' /
 * 'Номер оплаты по 1С', 'Дата отгрузки по 1С' / 'Номер отгрузки по 1С', 'Оплачен', 'Отгружен'). Each known order moves
 * through the orders service, which moves its stock: cancelled → the failure stage (CRM-linked: unsuccessful),
 * shipped → the write-off stage (success), paid or posted → the reserve stage when the order is still before it.
 * Nothing else of the order changes; an order closed here is not reopened by 1C. A document state applied once is
 * not applied again (integration_events), so the file 1C repeats until it sees 'success' changes nothing twice.
 */

const YES = new Set(['true', '1', 'да', 'истина', 'yes']);
/** 1C writes 'T' (and an empty date) for a date it has not set. */
const dateSet = (value: string | undefined) => Boolean(value && value !== 'T' && !value.startsWith('0001-01-01'));

export interface SaleChange {
  orderId: number | null;
  /** Our order's Ид as 1C sent it, and 1C's own number, for the log. */
  id: string;
  number: string;
  cancelled: boolean;
  shipped: boolean;
  paid: boolean;
  posted: boolean;
  /** One state of one document: the delivery key. */
  key: string;
}

export function saleChangeOf(node: XmlNode): SaleChange {
  const requisites = new Map<string, string>();
  for (const value of childrenOf(node, 'ЗначенияРеквизитов/ЗначениеРеквизита')) requisites.set(textOf(value, 'Наименование'), textOf(value, 'Значение'));
  const yes = (name: string) => YES.has((requisites.get(name) ?? '').toLowerCase());
  const id = textOf(node, 'Ид');
  const orderId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const change = {
    orderId,
    id,
    number: requisites.get('Номер по 1С') || textOf(node, 'Номер'),
    cancelled: yes('ПометкаУдаления') || yes('Отменен'),
    shipped: dateSet(requisites.get('Дата отгрузки по 1С')) || Boolean(requisites.get('Номер отгрузки по 1С')) || yes('Отгружен'),
    paid: dateSet(requisites.get('Дата оплаты по 1С')) || Boolean(requisites.get('Номер оплаты по 1С')) || yes('Оплачен'),
    posted: yes('Проведен'),
  };
  const state = [id, change.cancelled, change.shipped, change.paid, change.posted].join('|');
  return { ...change, key: `sale:${createHash('sha256').update(state).digest('base64url').slice(0, 24)}` };
}

type Order = typeof orders.$inferSelect;
type Stage = typeof pipelineStatuses.$inferSelect;

/** The crm_status 1C's state asks of a CRM-linked order, or null when it asks nothing of it. */
function crmTarget(order: Order, change: SaleChange): CrmStatus | null {
  if (change.cancelled) return 3;
  if (change.shipped) return 2;
  if ((change.paid || change.posted) && order.crmStatus === 0) return 1;
  return null;
}

/** The stage of the order's own pipeline 1C's state asks for, or null. */
function stageTarget(order: Order, stages: readonly Stage[], change: SaleChange): Stage | null {
  const current = stages.find((stage) => stage.id === order.statusId);
  if (change.cancelled) return stages.find((stage) => stage.type === 2) ?? null;
  if (change.shipped) return stages.find((stage) => stage.isWriteOff) ?? stages.find((stage) => stage.type === 1) ?? null;
  const reserve = stages.find((stage) => stage.isReserve);
  if ((change.paid || change.posted) && reserve && current && current.type === 0 && current.sort < reserve.sort) return reserve;
  return null;
}

const CLOSED_CRM = new Set([2, 3, 4]);

interface Outcome {
  moved: boolean;
  problem: string | null;
}

async function actorOf(db: Db, accountId: number, userId: number) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return { accountId, account: account!, userId, isKommo: account!.isKommo, public: false };
}

async function moveLocalOrder(db: Db, accountId: number, userId: number, order: Order, target: Stage): Promise<Outcome> {
  const actor = await actorOf(db, accountId, userId);
  for (let version = order.version, attempt = 0; ; attempt++) {
    try {
      await updateOrder(db, actor, { id: order.id, version, status_id: target.id });
      return { moved: true, problem: null };
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      if (error.status === 409 && attempt < 3) {
        version = Number(error.extra.version ?? version);
        continue;
      }
      return { moved: false, problem: error.message };
    }
  }
}

async function applyChange(db: Db, accountId: number, userId: number, change: SaleChange): Promise<Outcome & { known: boolean }> {
  const [order] = change.orderId === null ? [] : await db.select().from(orders).where(and(eq(orders.accountId, accountId), eq(orders.id, change.orderId), eq(orders.archived, false)));
  if (!order) return { known: false, moved: false, problem: null };
  if (order.leadId !== null && order.pipelineId === null) {
    const target = crmTarget(order, change);
    if (target === null || target === order.crmStatus) return { known: true, moved: false, problem: null };
    if (order.crmStatus !== null && CLOSED_CRM.has(order.crmStatus)) return { known: true, moved: false, problem: `the order is closed here (CRM status ${order.crmStatus}); 1C's change is not applied` };
    return { known: true, ...(await moveLinkedOrder(db, accountId, userId, order, target)) };
  }
  if (order.pipelineId === null) return { known: true, moved: false, problem: 'the order has no pipeline' };
  const stages = await db.select().from(pipelineStatuses).where(eq(pipelineStatuses.pipelineId, order.pipelineId)).orderBy(asc(pipelineStatuses.sort), asc(pipelineStatuses.id));
  const target = stageTarget(order, stages, change);
  if (!target || target.id === order.statusId) return { known: true, moved: false, problem: null };
  const current = stages.find((stage) => stage.id === order.statusId);
  if (current && current.type !== 0) return { known: true, moved: false, problem: `the order is closed here (stage ${current.name}); 1C's change is not applied` };
  return { known: true, ...(await moveLocalOrder(db, accountId, userId, order, target)) };
}

async function alreadyApplied(db: Db, accountId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: integrationEvents.key })
    .from(integrationEvents)
    .where(and(eq(integrationEvents.accountId, accountId), eq(integrationEvents.source, ACCOUNTING_SOURCE), eq(integrationEvents.key, key)));
  return Boolean(row);
}

export type SaleAnswer = { outcome: 'success' | 'failure'; text: string; counts?: Record<string, number> };

/** Documents read before anything is applied: a broken file changes no order. */
async function documentsOf(path: string): Promise<XmlNode[]> {
  const documents: XmlNode[] = [];
  for await (const entry of xmlEntries(path)) if (entry.node.name === 'Документ') documents.push(entry.node);
  return documents;
}

export async function applySaleFile(db: Db, config: ServerConfig, exchange: ExchangeRow, filename: string): Promise<SaleAnswer> {
  const { accountId } = exchange;
  const log = (level: 'info' | 'warning' | 'error', message: string, details?: Record<string, unknown>) =>
    logIntegration(db, { accountId, source: ACCOUNTING_SOURCE, level, action: '1c-sale', message, details: { file: filename, ...details } });
  const path = await existingFile(config, accountId, filename);
  if (!path) return { outcome: 'failure', text: `failure\nNo file ${filename} was uploaded in this exchange` };
  let documents: XmlNode[];
  try {
    documents = await documentsOf(path);
  } catch (error) {
    if (!(error instanceof ExchangeFileError)) throw error;
    await log('error', `${filename}: ${error.message}`);
    return { outcome: 'failure', text: `failure\n${error.message}` };
  }
  const [owner] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.isOwner, true)));
  const userId = exchange.enabledBy ?? owner?.userId ?? 0;
  const counts = { documents: documents.length, moved: 0, unchanged: 0, repeated: 0, unknown: 0, refused: 0 };
  for (const node of documents) {
    const change = saleChangeOf(node);
    if (await alreadyApplied(db, accountId, change.key)) {
      counts.repeated += 1;
      continue;
    }
    const outcome = await applyChange(db, accountId, userId, change);
    if (!outcome.known) {
      counts.unknown += 1;
      await log('warning', `Order from 1C not found here: Ид ${change.id.slice(0, 100) || '(none)'}, number ${change.number.slice(0, 100) || '(none)'}`, { id: change.id.slice(0, 100), number: change.number.slice(0, 100) });
      continue;
    }
    if (outcome.problem) {
      counts.refused += 1;
      await log('warning', `Order ${change.orderId}: ${outcome.problem}`, { number: change.number });
    } else if (outcome.moved) counts.moved += 1;
    else counts.unchanged += 1;
    // Recorded once the order has moved: a repeat of this state finds it and changes nothing.
    await firstDelivery(db, accountId, ACCOUNTING_SOURCE, change.key);
  }
  await log('info', `Orders from 1C (${filename}): ${counts.moved} moved, ${counts.unchanged + counts.repeated} unchanged, ${counts.unknown} unknown, ${counts.refused} not applied`, { counts });
  return { outcome: 'success', text: 'success', counts };
}
