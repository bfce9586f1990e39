import { and, asc, eq } from 'drizzle-orm';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { documentAutogenerations, documentTemplates, memberships } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { onOrderStageEntered, type OrderStageEntered } from '../orders/stageEvents';
import { defineTask, startTask } from '../tasks/api';
import { generateDocument } from './generate';

/**
 * Autogeneration: an order entering a template's stage gets that document once per order, template and stage, made
 * in the background (a task the task center shows). The claim row's unique key makes concurrent moves claim it once;
 * a failure stays on the claim (shown on the order) and on the task.
 */

export const AUTOGENERATION_TASK = 'documents.autogenerate';

interface Payload {
  claimId: number;
  orderId: number;
  templateId: number;
}

export const autogenerationTask = defineTask<Payload>({
  type: AUTOGENERATION_TASK,
  async run({ db, config, accountId, userId, payload }) {
    try {
      await generateDocument(db, config, { accountId, userId, origin: 'auto', orderId: payload.orderId, templateId: payload.templateId });
      await db.update(documentAutogenerations).set({ status: 'done', error: null }).where(and(eq(documentAutogenerations.id, payload.claimId), eq(documentAutogenerations.accountId, accountId)));
      return { counts: { documents: 1 } };
    } catch (error) {
      const message = error instanceof HttpError ? error.message : `The document was not made: ${String((error as Error).message ?? error)}`;
      await db.update(documentAutogenerations).set({ status: 'failed', error: message }).where(and(eq(documentAutogenerations.id, payload.claimId), eq(documentAutogenerations.accountId, accountId)));
      return { error: message };
    }
  },
});

/** Who a task is recorded under when a public customer moved the order: the account's owner. */
async function ownerOf(db: Db, accountId: number): Promise<number | null> {
  const [owner] = await db.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.isOwner, true))).orderBy(asc(memberships.userId)).limit(1);
  return owner?.userId ?? null;
}

export async function autogenerate(db: Db, config: ServerConfig, event: Omit<OrderStageEntered, 'db'>): Promise<number[]> {
  const templates = await db
    .select({ id: documentTemplates.id, name: documentTemplates.name })
    .from(documentTemplates)
    .where(and(eq(documentTemplates.accountId, event.accountId), eq(documentTemplates.autogenStatusId, event.statusId)));
  return startAutogenerations(db, config, { accountId: event.accountId, orderId: event.orderId, userId: event.userId, stageKey: event.statusId, templates });
}

/**
 * The once-key of a CRM-linked order's crm_status (0–4), for documents a CRM connection makes at a CRM stage: pipeline
 * stage ids are serial (positive), so these negative keys never meet them in document_autogenerations' unique key.
 */
export const crmStageKey = (crmStatus: number) => -1 - crmStatus;

export interface AutogenerationStart {
  accountId: number;
  orderId: number;
  /** Who moved the order; null: the account's owner carries the task. */
  userId: number | null;
  /** A pipeline stage id, or crmStageKey(crm_status). */
  stageKey: number;
  templates: { id: number; name: string }[];
}

/** Claims each template once for the order and stage, and starts a task for each claim taken; answers the tasks. */
export async function startAutogenerations(db: Db, config: ServerConfig, start: AutogenerationStart): Promise<number[]> {
  const tasks: number[] = [];
  for (const template of start.templates) {
    const [claim] = await db
      .insert(documentAutogenerations)
      .values({ accountId: start.accountId, orderId: start.orderId, templateId: template.id, statusId: start.stageKey })
      .onConflictDoNothing()
      .returning({ id: documentAutogenerations.id });
    if (!claim) continue;
    const userId = start.userId ?? (await ownerOf(db, start.accountId));
    if (userId === null) continue;
    const task = await startTask<Payload>(db, config, {
      accountId: start.accountId,
      userId,
      type: AUTOGENERATION_TASK,
      title: template.name,
      payload: { claimId: claim.id, orderId: start.orderId, templateId: template.id },
    });
    await db.update(documentAutogenerations).set({ taskId: task.id }).where(eq(documentAutogenerations.id, claim.id));
    tasks.push(task.id);
  }
  return tasks;
}

/** Subscribes this app's database to stage moves; the answer unsubscribes (on close). */
export function listenForStageMoves(db: Db, config: ServerConfig, log: { error(object: unknown, message: string): void }): () => void {
  return onOrderStageEntered(async (event) => {
    if (event.db !== db) return;
    try {
      await autogenerate(db, config, event);
    } catch (error) {
      log.error({ err: error, orderId: event.orderId }, 'documents: autogeneration was not queued');
    }
  });
}

/** orders/doc/failures: the order's autogenerations that failed, for the documents tab. */
export async function autogenerationFailures(db: Db, accountId: number, orderId: number) {
  const rows = await db
    .select({ templateId: documentAutogenerations.templateId, name: documentTemplates.name, statusId: documentAutogenerations.statusId, error: documentAutogenerations.error, createdAt: documentAutogenerations.createdAt })
    .from(documentAutogenerations)
    .innerJoin(documentTemplates, eq(documentTemplates.id, documentAutogenerations.templateId))
    .where(and(eq(documentAutogenerations.accountId, accountId), eq(documentAutogenerations.orderId, orderId), eq(documentAutogenerations.status, 'failed')))
    .orderBy(asc(documentAutogenerations.id));
  return rows.map((row) => ({ template_id: row.templateId, template_name: row.name, status_id: row.statusId, error: row.error ?? '', created_at: row.createdAt.toISOString() }));
}
