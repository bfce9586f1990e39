import { and, asc, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { PublicPasswordCodeRequest, PublicPasswordSetRequest } from '../../../src/contract/publicOrder';
import { consumeCode, issueCode } from '../../auth/codes';
import { hashPassword } from '../../auth/secrets';
import { accounts, codes, publicCustomers, publicTokens } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { refusal } from '../../http/refusal';
import type { ServerContext } from '../../http/context';
import { codeOptions } from '../auth/service';
import { emailOf } from './customers';

/**
 * A public customer's password is set (the first time) or reset only through their e-mail, as a mailed
 * one-time code: holding a link to one order proves nothing about the customer. The code covers the
 * customer's records at every seller (or the one account_id names) under that e-mail.
 */
export const PUBLIC_PASSWORD_PURPOSE = 'public-password';


async function customersOf(ctx: ServerContext, email: string, accountId: number | undefined) {
  return ctx.db
    .select({ id: publicCustomers.id, accountId: publicCustomers.accountId, accountName: accounts.name })
    .from(publicCustomers)
    .innerJoin(accounts, eq(accounts.id, publicCustomers.accountId))
    .where(and(eq(publicCustomers.email, email), ...(accountId !== undefined ? [eq(publicCustomers.accountId, accountId)] : [])))
    .orderBy(asc(publicCustomers.id))
    .limit(20);
}

/** Codes mailed to this e-mail in the last hour: the bound holds across processes (it is in the database). */
async function codesSentLastHour(ctx: ServerContext, email: string): Promise<number> {
  const [row] = await ctx.db
    .select({ sent: count() })
    .from(codes)
    .where(and(eq(codes.purpose, PUBLIC_PASSWORD_PURPOSE), eq(codes.login, email), gt(codes.createdAt, new Date(Date.now() - 3_600_000))));
  return Number(row.sent);
}

/**
 * public-order/auth/password/request: mails a code when the e-mail is a customer's and the hourly bound is not
 * reached. The answer is the same in every case, so nobody learns which e-mails are customers, or is told to wait.
 */
export async function requestPublicPasswordCode(ctx: ServerContext, body: PublicPasswordCodeRequest): Promise<void> {
  const email = emailOf(body.email);
  const customers = await customersOf(ctx, email, body.account_id);
  if (!customers.length) return;
  if ((await codesSentLastHour(ctx, email)) >= ctx.config.publicPasswordMailsPerHour) return;
  let code: string;
  try {
    code = await issueCode(ctx.db, PUBLIC_PASSWORD_PURPOSE, email, { account_id: body.account_id ?? null }, codeOptions(ctx));
  } catch (error) {
    // The address's own limits (codes per hour, guesses spent) are reached: the answer stays the same as ever.
    if (error instanceof HttpError && error.status === 429) return;
    throw error;
  }
  const sellers = [...new Set(customers.map((customer) => customer.accountName))].join(', ');
  await ctx.mailer.send({
    channel: 'email',
    to: email,
    subject: 'Your code to set a password',
    body: `Your code to set the password for your orders at ${sellers}: ${code}. It works for ${ctx.config.codeTtlMinutes} minutes. If you did not ask for it, ignore this message.`,
  });
}

/**
 * public-order/auth/password/set: the mailed code sets the password of the customer records it was issued for;
 * their other sign-in sessions end (sessions opened from links stay: they reach only their own order).
 */
export async function setPublicPasswordByCode(ctx: ServerContext, body: PublicPasswordSetRequest): Promise<void> {
  const email = emailOf(body.email);
  const payload = await consumeCode(ctx.db, PUBLIC_PASSWORD_PURPOSE, email, body.code, codeOptions(ctx));
  const accountId = typeof payload.account_id === 'number' ? payload.account_id : body.account_id;
  const ids = (await customersOf(ctx, email, accountId)).map((customer) => customer.id);
  if (!ids.length) throw refusal(422, 'codeExpired', undefined, { success: false });
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(publicCustomers).set({ passwordHash }).where(inArray(publicCustomers.id, ids));
    await tx.delete(publicTokens).where(and(inArray(publicTokens.customerId, ids), isNull(publicTokens.orderId)));
  });
}
