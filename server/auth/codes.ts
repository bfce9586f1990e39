import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { codes } from '../db/schema';
import { unprocessable } from '../http/errors';
import { newCode, sha256 } from './secrets';

export const TOO_MANY_ATTEMPTS = 'You have used too many code entry attempts';
export const WRONG_CODE = 'The code is wrong';
export const NO_CODE = 'The code has expired. Request a new one';

export interface CodeOptions {
  ttlMinutes: number;
  maxAttempts: number;
}

/** Issues a code for (purpose, login); earlier unused codes of the same pair stop working. */
export async function issueCode(db: Db, purpose: string, login: string, payload: Record<string, unknown>, options: CodeOptions): Promise<string> {
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx.update(codes).set({ usedAt: new Date() }).where(and(eq(codes.purpose, purpose), eq(codes.login, login), isNull(codes.usedAt)));
    await tx.insert(codes).values({ purpose, login, codeHash: sha256(code), payload, expiresAt: new Date(Date.now() + options.ttlMinutes * 60_000) });
  });
  return code;
}

/**
 * Checks a code and consumes it. Wrong entries are counted on the code's row; once the limit is
 * reached even the right code is refused, so guessing six digits is not possible.
 */
export async function consumeCode(db: Db, purpose: string, login: string, code: string, options: CodeOptions): Promise<Record<string, unknown>> {
  // The counted attempt must be committed, so the refusal is thrown after the transaction, not inside it.
  type Outcome = { refused: string } | { payload: Record<string, unknown> };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(codes)
      .where(and(eq(codes.purpose, purpose), eq(codes.login, login), isNull(codes.usedAt), gt(codes.expiresAt, new Date())))
      .orderBy(desc(codes.id))
      .limit(1)
      .for('update');
    if (!row) return { refused: NO_CODE };
    if (row.attempts >= options.maxAttempts) return { refused: TOO_MANY_ATTEMPTS };
    if (row.codeHash !== sha256(code.trim())) {
      await tx.update(codes).set({ attempts: row.attempts + 1 }).where(eq(codes.id, row.id));
      return { refused: row.attempts + 1 >= options.maxAttempts ? TOO_MANY_ATTEMPTS : WRONG_CODE };
    }
    await tx.update(codes).set({ usedAt: new Date() }).where(eq(codes.id, row.id));
    return { payload: row.payload };
  });
  if ('refused' in outcome) throw unprocessable(outcome.refused, { success: false });
  return outcome.payload;
}
