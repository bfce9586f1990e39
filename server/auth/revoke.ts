import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { publicTokens, tokens } from '../db/schema';
import { sha256 } from './secrets';

/** Ends the staff session of a token (whatever it opens: an account or only invitations). Unknown tokens are a no-op. */
export async function revokeStaffToken(db: Db, token: string): Promise<void> {
  await db.delete(tokens).where(eq(tokens.tokenHash, sha256(token)));
}

/** Ends every session of the user (in every account) but the one given; answers how many ended. */
export async function revokeOtherStaffSessions(db: Db, userId: number, keepTokenId: number): Promise<number> {
  const ended = await db
    .delete(tokens)
    .where(and(eq(tokens.userId, userId), ne(tokens.id, keepTokenId)))
    .returning({ id: tokens.id });
  return ended.length;
}

/** Ends one public-order session. */
export async function revokePublicSession(db: Db, tokenId: number): Promise<void> {
  await db.delete(publicTokens).where(eq(publicTokens.id, tokenId));
}
