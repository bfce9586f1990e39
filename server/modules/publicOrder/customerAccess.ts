import { and, eq, isNull } from 'drizzle-orm';
import type { PublicCustomer } from '../../../src/contract/publicOrder';
import { issueCode } from '../../auth/codes';
import type { Db } from '../../db/client';
import { accounts, publicCustomers, publicTokens } from '../../db/schema';
import { refusal, refusalText } from '../../http/refusal';
import type { ServerContext } from '../../http/context';
import { codeOptions } from '../auth/service';
import { customerOf, toPublicCustomer } from './customers';
import { PUBLIC_PASSWORD_PURPOSE } from './passwordByEmail';

/**
 * What staff do to a public customer's access (spec 2 §6, issue 17 §4): invite them by e-mail, reset their password,
 * disable or enable them. The invitation and the reset both mail a one-time code of the public password flow
 * (passwordByEmail.ts), so the customer sets their own password and staff never see or choose it.
 */
export const NO_EMAIL = refusalText('customerNoEmail');
export const CUSTOMER_DISABLED = refusalText('customerDisabled');

/** The sign-in page of the public order, where the code sets the password. */
const signInAddress = (origin: string) => `${origin}/#/publicOrderAuth`;

async function mailCode(ctx: ServerContext, customer: typeof publicCustomers.$inferSelect, origin: string, reset: boolean): Promise<void> {
  if (!customer.email) throw refusal(422, 'customerNoEmail', undefined, { fields: { email: 'Empty field' } });
  if (customer.disabled) throw refusal(422, 'customerDisabled');
  const [seller] = await ctx.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, customer.accountId));
  const code = await issueCode(ctx.db, PUBLIC_PASSWORD_PURPOSE, customer.email, { account_id: customer.accountId }, codeOptions(ctx));
  const opening = reset ? `Your password for orders at ${seller.name} was reset.` : `${seller.name} invites you to see and place your orders online.`;
  await ctx.mailer.send({
    channel: 'email',
    to: customer.email,
    subject: reset ? `Set a new password for ${seller.name}` : `Your orders at ${seller.name}`,
    body: `${opening} Open ${signInAddress(origin)}, choose "Set or reset password by e-mail" and enter the code ${code}. It works for ${ctx.config.codeTtlMinutes} minutes.`,
  });
}

/** orders/public/customers/invite: mails the customer a code to set their password and sign in. */
export async function invitePublicCustomer(ctx: ServerContext, accountId: number, id: number, origin: string): Promise<PublicCustomer> {
  const customer = await customerOf(ctx.db, accountId, id);
  await mailCode(ctx, customer, origin, false);
  return toPublicCustomer(customer);
}

/** orders/public/customers/reset-password: the old password stops working and its sign-in sessions end; a code is mailed. */
export async function resetPublicPassword(ctx: ServerContext, accountId: number, id: number, origin: string): Promise<PublicCustomer> {
  const customer = await customerOf(ctx.db, accountId, id);
  if (!customer.email) throw refusal(422, 'customerNoEmail', undefined, { fields: { email: 'Empty field' } });
  if (customer.disabled) throw refusal(422, 'customerDisabled');
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(publicCustomers).set({ passwordHash: null }).where(eq(publicCustomers.id, customer.id)).returning();
    await tx.delete(publicTokens).where(and(eq(publicTokens.customerId, customer.id), isNull(publicTokens.orderId)));
    return updated;
  });
  await mailCode(ctx, row, origin, true);
  return toPublicCustomer(row);
}

/** orders/public/customers/disable and enable: disabling ends every session of theirs at once (sign-in and links). */
export async function setPublicCustomerDisabled(db: Db, accountId: number, id: number, disabled: boolean): Promise<PublicCustomer> {
  const customer = await customerOf(db, accountId, id);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(publicCustomers).set({ disabled }).where(eq(publicCustomers.id, customer.id)).returning();
    if (disabled) await tx.delete(publicTokens).where(eq(publicTokens.customerId, customer.id));
    return updated;
  });
  return toPublicCustomer(row);
}
