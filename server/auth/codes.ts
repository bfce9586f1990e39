import { and, count, desc, eq, gt, isNull, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { codes } from '../db/schema';
import { refusal, type RefusalCode, refusalText } from '../http/refusal';
import { newCode, sha256 } from './secrets';

export const TOO_MANY_ATTEMPTS = refusalText('tooManyCodeAttempts');
export const WRONG_CODE = refusalText('wrongCode');
export const NO_CODE = refusalText('codeExpired');

export interface CodeOptions {
  ttlMinutes: number;
  /** Wrong entries one code takes before even the right one is refused. */
  maxAttempts: number;
  /** Codes one address may be sent per hour, whatever they are for: no mail bombing, no fresh guesses on demand. */
  perHour: number;
  /** Wrong entries per (purpose, login) per hour across all its codes: a new code brings no fresh guesses. */
  guessesPerHour: number;
}

const HOUR = 60 * 60_000;

/** Refusals of the per-login limits: 429 with the spec's text, so the client shows it as it is. */
const tooMany = () => refusal(429, 'tooManyCodeAttempts', undefined, { success: false });

/**
 * The limits are counted on the codes table itself (rows of the last hour), so they hold across codes,
 * processes and restarts with no counter to keep in step. A code lives far shorter than the hour
 * (CODE_TTL_MINUTES), so every guess at a live code is inside the window that counts it.
 */
async function wrongGuessesLastHour(db: Pick<Db, 'select'>, purpose: string, login: string): Promise<number> {
  const [row] = await db
    .select({ value: sum(codes.attempts) })
    .from(codes)
    .where(and(eq(codes.purpose, purpose), eq(codes.login, login), gt(codes.createdAt, new Date(Date.now() - HOUR))));
  return Number(row?.value ?? 0);
}

/**
 * Issues a code for (purpose, login); earlier unused codes of the same pair stop working. Refused (429)
 * when the address has had `perHour` codes in the last hour, or the pair has used up its wrong guesses.
 * Callers issue a code (unsent) even for logins that have no account, so the limits answer alike for both.
 */
export async function issueCode(db: Db, purpose: string, login: string, payload: Record<string, unknown>, options: CodeOptions): Promise<string> {
  const code = newCode();
  await db.transaction(async (tx) => {
    // One issuer per address at a time, so concurrent requests cannot all pass the count together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${login}`}))`);
    const since = new Date(Date.now() - HOUR);
    const [sent] = await tx
      .select({ value: count() })
      .from(codes)
      .where(and(eq(codes.login, login), gt(codes.createdAt, since)));
    if (sent.value >= options.perHour) throw tooMany();
    if ((await wrongGuessesLastHour(tx, purpose, login)) >= options.guessesPerHour) throw tooMany();
    await tx.update(codes).set({ usedAt: new Date() }).where(and(eq(codes.purpose, purpose), eq(codes.login, login), isNull(codes.usedAt)));
    await tx.insert(codes).values({ purpose, login, codeHash: sha256(code), payload, expiresAt: new Date(Date.now() + options.ttlMinutes * 60_000) });
  });
  return code;
}

/**
 * Checks a code and consumes it. Wrong entries are counted on the code's row; once the code's limit or the
 * login's hourly limit is reached even the right code is refused, so guessing is not possible.
 */
export async function consumeCode(db: Db, purpose: string, login: string, code: string, options: CodeOptions): Promise<Record<string, unknown>> {
  // The counted attempt must be committed, so the refusal is thrown after the transaction, not inside it.
  type Outcome = { refused: RefusalCode } | { payload: Record<string, unknown> };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(codes)
      .where(and(eq(codes.purpose, purpose), eq(codes.login, login), isNull(codes.usedAt), gt(codes.expiresAt, new Date())))
      .orderBy(desc(codes.id))
      .limit(1)
      .for('update');
    if (!row) return { refused: 'codeExpired' };
    const guessed = await wrongGuessesLastHour(tx, purpose, login);
    if (row.attempts >= options.maxAttempts || guessed >= options.guessesPerHour) return { refused: 'tooManyCodeAttempts' };
    if (row.codeHash !== sha256(code.trim())) {
      await tx.update(codes).set({ attempts: row.attempts + 1 }).where(eq(codes.id, row.id));
      const spent = row.attempts + 1 >= options.maxAttempts || guessed + 1 >= options.guessesPerHour;
      return { refused: spent ? 'tooManyCodeAttempts' : 'wrongCode' };
    }
    await tx.update(codes).set({ usedAt: new Date() }).where(eq(codes.id, row.id));
    return { payload: row.payload };
  });
  if ('refused' in outcome) throw refusal(422, outcome.refused, undefined, { success: false });
  return outcome.payload;
}
