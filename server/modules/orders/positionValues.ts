import { and, eq, inArray } from 'drizzle-orm';
import type { PositionChange } from '../../../src/contract/orders';
import { FieldType } from '../../../src/domain/fieldTypes';
import type { AccountRow } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { fields } from '../../db/schema';
import { refusal } from '../../http/refusal';
import { coerceEntityValues } from '../fields/values';

/**
 * A position's own field values (issue 19 §2): a product card in a deal edits the position, never the
 * catalogue product, so the values go to order_positions.values and are laid over the product's when read.
 * Only the fields a card lets people edit are taken (editable ≥ 1, not images: spec 1 §5), so orders/update
 * cannot become a back door to values the card shows read-only. Answers the coerced values by position id.
 */
export async function positionFieldValues(db: Db, account: Pick<AccountRow, 'id' | 'isKommo'>, changes: readonly PositionChange[]): Promise<Map<number, Record<string, unknown>>> {
  const edited = changes.filter((change) => change.fields && Object.keys(change.fields).length > 0);
  const result = new Map<number, Record<string, unknown>>();
  if (!edited.length) return result;
  const codes = [...new Set(edited.flatMap((change) => Object.keys(change.fields ?? {})))];
  const defs = await db
    .select({ code: fields.code, type: fields.type, config: fields.leadConfig })
    .from(fields)
    .where(and(eq(fields.accountId, account.id), eq(fields.entity, 'product'), inArray(fields.code, codes)));
  const editable = new Set(defs.filter((def) => Number(def.config.editable ?? 0) >= 1 && def.type !== FieldType.images).map((def) => def.code));
  const refused = codes.filter((code) => defs.some((def) => def.code === code) && !editable.has(code));
  if (refused.length) throw refusal(400, 'notEditableOnPosition', { fields: refused.join(', ') });
  for (const change of edited) result.set(change.id, await coerceEntityValues(db, account, 'product', change.fields ?? {}));
  return result;
}
