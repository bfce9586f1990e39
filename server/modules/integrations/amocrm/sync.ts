import type { Caller } from '../../../auth/sessions';
import { requireAdmin } from '../../../auth/rights';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { defineTask, startTask, taskTitle } from '../../tasks/api';
import type { ComparisonMode } from '../catalogMatch';
import { reportIncoming } from '../catalogReport';
import { applyIncomingCatalog, linkProducts, outgoingProducts, type IncomingProduct } from '../catalogSync';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { AMO_BATCH } from './client';
import { amoClientOf, amoConnection } from './connection';
import type { AmoElement, AmoFieldValue } from './types';

/**
 * Spec §7 product/sync-amo-gs and product/sync-gs-amo: the CRM's products catalog and our products, each way, as tasks
 * with progress. A products catalog keeps the article in its SKU field and the group in GROUP (amoCRM's field codes).
 */
export const AMO_TO_WAREHOUSE = 'amocrm-sync-in';
export const WAREHOUSE_TO_AMO = 'amocrm-sync-out';

export interface AmoSyncPayload {
  connectionId: number;
  catalogId: number;
  mode: ComparisonMode;
}

const codedValue = (element: AmoElement, code: string): string | null => {
  const field = element.custom_fields_values?.find((value) => value.field_code === code);
  const value = field?.values[0]?.value;
  return value === undefined || value === null || value === '' ? null : String(value);
};

/** Element ids fit no comparison key: two elements with one name are still two. */
const incomingOf = (element: AmoElement): IncomingProduct => ({ externalId: String(element.id), name: element.name, article: codedValue(element, 'SKU'), group: codedValue(element, 'GROUP') });

const fieldsOf = (product: { article: string; category: string | null }, ids: { sku?: number; group?: number }): AmoFieldValue[] => {
  const out: AmoFieldValue[] = [];
  if (ids.sku && product.article) out.push({ field_id: ids.sku, values: [{ value: product.article }] });
  if (ids.group && product.category) out.push({ field_id: ids.group, values: [{ value: product.category }] });
  return out;
};

defineTask<AmoSyncPayload>({
  type: AMO_TO_WAREHOUSE,
  async run({ db, config, accountId, taskId, payload, progress, signal }) {
    const connection = await amoConnection(db, accountId, payload.connectionId);
    const source = crmSource('amocrm', connection.id);
    const client = amoClientOf(db, config, connection);
    const retry = { type: AMO_TO_WAREHOUSE, ...taskTitle('amoToWarehouse'), payload };
    try {
      // Light items only (id, name, SKU, group): the whole catalog's duplicates must be seen together to be reported.
      const items: IncomingProduct[] = [];
      for await (const page of client.elementPages(payload.catalogId)) {
        if (signal.aborted) return { error: 'Cancelled' };
        items.push(...page.map(incomingOf));
      }
      const result = await applyIncomingCatalog(db, { accountId, source, mode: payload.mode, items, progress });
      return await reportIncoming(db, { accountId, source, taskId, retry }, result);
    } catch (error) {
      await logIntegration(db, { accountId, source, level: 'error', action: 'sync-in', message: (error as Error).message, taskId, retry });
      return { error: (error as Error).message };
    }
  },
});

defineTask<AmoSyncPayload>({
  type: WAREHOUSE_TO_AMO,
  async run({ db, config, accountId, taskId, payload, progress, signal }) {
    const connection = await amoConnection(db, accountId, payload.connectionId);
    const source = crmSource('amocrm', connection.id);
    const client = amoClientOf(db, config, connection);
    const retry = { type: WAREHOUSE_TO_AMO, ...taskTitle('warehouseToAmo'), payload };
    const ids = { sku: 0, group: 0 };
    let added = 0;
    let updated = 0;
    try {
      // The catalog's own SKU and GROUP fields, by their codes (ids differ from account to account).
      for (const field of await client.catalogFields(payload.catalogId)) {
        if (field.code === 'SKU') ids.sku = field.id;
        if (field.code === 'GROUP') ids.group = field.id;
      }
      for await (const chunk of outgoingProducts(db, accountId, source, AMO_BATCH)) {
        if (signal.aborted) return { error: 'Cancelled' };
        const fresh = chunk.filter((product) => product.externalId === null);
        const known = chunk.filter((product) => product.externalId !== null);
        if (fresh.length) {
          const made = await client.addElements(payload.catalogId, fresh.map((product) => ({ name: product.name, custom_fields_values: fieldsOf(product, ids) })));
          await linkProducts(db, accountId, source, fresh.map((product, index) => ({ productId: product.id, externalId: String(made[index]) })));
          added += fresh.length;
        }
        if (known.length) {
          await client.updateElements(payload.catalogId, known.map((product) => ({ id: Number(product.externalId), name: product.name, custom_fields_values: fieldsOf(product, ids) })));
          updated += known.length;
        }
        await progress(added + updated, 0);
      }
      await logIntegration(db, { accountId, source, level: 'info', action: 'sync-out', message: `Added ${added}, updated ${updated}`, taskId });
      return { counts: { added, updated } };
    } catch (error) {
      await logIntegration(db, { accountId, source, level: 'error', action: 'sync-out', message: (error as Error).message, taskId, retry, details: { added, updated } });
      return { error: (error as Error).message };
    }
  },
});

export async function startAmoSync(db: Db, config: ServerConfig, caller: Caller, direction: 'in' | 'out', payload: AmoSyncPayload): Promise<{ task_id: number }> {
  requireAdmin(caller);
  await amoConnection(db, caller.account.id, payload.connectionId);
  const type = direction === 'in' ? AMO_TO_WAREHOUSE : WAREHOUSE_TO_AMO;
  const task = await startTask(db, config, { accountId: caller.account.id, userId: caller.user.id, type, ...taskTitle(direction === 'in' ? 'amoToWarehouse' : 'warehouseToAmo'), payload });
  return { task_id: task.id };
}
