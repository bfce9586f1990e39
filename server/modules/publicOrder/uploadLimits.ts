import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PublicCaller } from '../../auth/publicSessions';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { orderFiles } from '../../db/schema';
import { refusal, refusalText } from '../../http/refusal';

export const UPLOAD_QUOTA_FULL = refusalText('publicUploadQuotaFull');
export const uploadRateReached = (perHour: number) => refusalText('publicUploadRate', { perHour });

type Limits = Pick<ServerConfig, 'publicUploadQuotaBytes' | 'publicUploadsPerHour'>;

/** Files public callers uploaded to the account's orders (staff uploads and generated documents do not count). */
const publicUploads = (accountId: number) => and(eq(orderFiles.accountId, accountId), eq(orderFiles.kind, 'custom'), isNull(orderFiles.userId));

/** The caller's own uploads: the customer's, or for an anonymous link, those made through that link's order. */
const callersUploads = (caller: PublicCaller) =>
  and(publicUploads(caller.accountId), caller.customerId === null ? and(isNull(orderFiles.customerId), eq(orderFiles.orderId, caller.orderId ?? 0)) : eq(orderFiles.customerId, caller.customerId));

async function usedBytes(db: Db, accountId: number): Promise<number> {
  const [row] = await db.select({ used: sql<string | null>`sum(${orderFiles.size})` }).from(orderFiles).where(publicUploads(accountId));
  return Number(row.used ?? 0);
}

/**
 * Before a public upload is read: refused (429) when the caller uploaded publicUploadsPerHour files in the last
 * hour, or (413) when the account's quota for public uploads is already full. Returns the check of the file's
 * size once it is known, for uploadOrderFile's admit.
 */
export async function admitPublicUpload(db: Db, limits: Limits, caller: PublicCaller): Promise<(size: number) => Promise<void>> {
  const [recent] = await db
    .select({ files: count() })
    .from(orderFiles)
    .where(and(callersUploads(caller), gt(orderFiles.createdAt, new Date(Date.now() - 3_600_000))));
  if (Number(recent.files) >= limits.publicUploadsPerHour) throw refusal(429, 'publicUploadRate', { perHour: limits.publicUploadsPerHour });
  if ((await usedBytes(db, caller.accountId)) >= limits.publicUploadQuotaBytes) throw refusal(413, 'publicUploadQuotaFull');
  return async (size) => {
    if ((await usedBytes(db, caller.accountId)) + size > limits.publicUploadQuotaBytes) throw refusal(413, 'publicUploadQuotaFull');
  };
}
