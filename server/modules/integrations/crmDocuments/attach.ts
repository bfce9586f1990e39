import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import { onDocumentGenerated, type DocumentGenerated } from '../../documents/generatedEvents';
import { defineTask, startTask, taskTitle } from '../../tasks/api';
import { AmoRevokedError } from '../amocrm/client';
import { amoClientOf } from '../amocrm/connection';
import { Bitrix24Client, Bitrix24Revoked } from '../bitrix24/client';
import { firstDelivery } from '../events';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { fileLink, openLinkedFile } from './fileLink';
import { connectionsOfOrder } from './orderConnections';
import { crmConnection, rulesOf, type CrmConnectionRow } from './settings';

/**
 * A generated document of a linked order whose template the connection's Document settings mark 'attach' is put on the
 * deal, as a task through the CRM's client (its rate gate and retries): amoCRM gets a common note on the lead with the
 * document's signed download link (its notes hold text), Bitrix24 a timeline comment with the file itself
 * (crm.timeline.comment.add, FILES as [name, base64]). Each file is attached once per connection; a failure is logged
 * with Retry.
 */
export const ATTACH_TASK = 'crm-documents.attach';

export interface AttachPayload {
  connectionId: number;
  orderId: number;
  fileId: number;
}

const sourceOf = (row: Pick<CrmConnectionRow, 'kind' | 'id'>) => crmSource(row.kind as 'amocrm' | 'kommo' | 'bitrix24', row.id);

async function bytesOf(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Puts the document on the deal; answers what the CRM made (the note's or comment's id). */
export async function attachDocument(db: Db, config: ServerConfig, accountId: number, payload: AttachPayload): Promise<number> {
  const connection = await crmConnection(db, accountId, payload.connectionId);
  const [order] = await db.select({ leadId: orders.leadId }).from(orders).where(and(eq(orders.id, payload.orderId), eq(orders.accountId, accountId)));
  if (!order || order.leadId === null) throw new Error('The order is no longer linked to a deal');
  const link = fileLink(config, connection, payload.fileId);
  const file = await openLinkedFile(db, config, connection.id, payload.fileId, link.split('/').pop()!);
  if (connection.kind === 'bitrix24') {
    const bytes = await bytesOf(file.body);
    const client = new Bitrix24Client(db, config, connection);
    return Number(await client.call('crm.timeline.comment.add', { fields: { ENTITY_ID: order.leadId, ENTITY_TYPE: 'deal', COMMENT: file.name, FILES: [[file.name, bytes.toString('base64')]] } }));
  }
  return amoClientOf(db, config, connection).addLeadNote(order.leadId, `${file.name}\n${link}`);
}

defineTask<AttachPayload>({
  type: ATTACH_TASK,
  async run({ db, config, accountId, taskId, payload }) {
    let source = `amocrm:${payload.connectionId}` as ReturnType<typeof crmSource>;
    try {
      source = sourceOf(await crmConnection(db, accountId, payload.connectionId));
      const made = await attachDocument(db, config, accountId, payload);
      await logIntegration(db, { accountId, source, level: 'info', action: 'document-attach', message: `Document ${payload.fileId} attached to the deal of order ${payload.orderId}`, details: { crm_id: made }, taskId });
      return { counts: { attached: 1 } };
    } catch (error) {
      const message = `Document ${payload.fileId} of order ${payload.orderId} was not attached to the deal: ${(error as Error).message}`;
      // A revoked connection cannot take it until it is connected again: no Retry that is bound to fail.
      const revoked = error instanceof AmoRevokedError || error instanceof Bitrix24Revoked;
      await logIntegration(db, { accountId, source, level: 'error', action: 'document-attach', message, taskId, retry: revoked ? undefined : { type: ATTACH_TASK, ...taskTitle('attachDocument', { file: String(payload.fileId) }), payload } });
      return { error: message };
    }
  },
});

/** Starts the attach task for each connection that attaches this template's documents (none when the order is local). */
export async function attachGenerated(db: Db, config: ServerConfig, event: Omit<DocumentGenerated, 'db'>): Promise<number[]> {
  const [order] = await db.select({ leadId: orders.leadId }).from(orders).where(and(eq(orders.id, event.orderId), eq(orders.accountId, event.accountId)));
  if (!order || order.leadId === null) return [];
  const connections = await connectionsOfOrder(db, event.accountId, event.orderId);
  // Without a deal row naming the connection, a lead id is only meaningful when the account has one CRM.
  if (connections.length !== 1) return [];
  const tasks: number[] = [];
  for (const connection of connections) {
    if (!rulesOf(connection).some((rule) => rule.template_id === event.templateId && rule.attach)) continue;
    if (!(await firstDelivery(db, event.accountId, sourceOf(connection), `document:${event.fileId}`))) continue;
    const task = await startTask<AttachPayload>(db, config, {
      accountId: event.accountId,
      userId: connection.userId,
      type: ATTACH_TASK,
      ...taskTitle('attachDocumentToDeal', { deal: String(order.leadId) }),
      payload: { connectionId: connection.id, orderId: event.orderId, fileId: event.fileId },
    });
    tasks.push(task.id);
  }
  return tasks;
}

export function listenForGeneratedDocuments(db: Db, config: ServerConfig, log: { error(object: unknown, message: string): void }): () => void {
  return onDocumentGenerated(async (event) => {
    if (event.db !== db) return;
    try {
      await attachGenerated(db, config, event);
    } catch (error) {
      log.error({ err: error, fileId: event.fileId }, 'crm documents: attaching was not queued');
    }
  });
}
