import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LoginMode } from '../../../src/contract/auth';
import { consumeCode, issueCode } from '../../auth/codes';
import type { Caller } from '../../auth/sessions';
import { codes, users } from '../../db/schema';
import { refusal } from '../../http/refusal';
import type { ServerContext } from '../../http/context';
import { codeOptions, findUserByLogin, requireLogin } from '../auth/service';

/**
 * Changing the e-mail or phone takes two confirmations: a code to the current one (check-old),
 * then a code to the new one (check-new). A confirmed old login leaves a short-lived permit.
 */
const permitPurpose = (mode: LoginMode) => `change-permit-${mode}`;
const permitLogin = (caller: Caller) => `user:${caller.user.id}`;
/**
 * A code to an address is keyed by the address and by the user who asked for it: another signed-in
 * user asking for the same address gets a code of their own, and can neither cancel this one (a new
 * code ends only the same user's earlier code) nor use up its attempts.
 */
const codePurpose = (step: 'old' | 'new', mode: LoginMode, caller: Caller) => `change-${step}-${mode}:user:${caller.user.id}`;
const options = codeOptions;
/** A permit is never sent anywhere, so the per-address limits of sent codes do not apply to it. */
const permitOptions = (ctx: ServerContext) => ({ ...codeOptions(ctx), perHour: Number.POSITIVE_INFINITY, guessesPerHour: Number.POSITIVE_INFINITY });

function currentLogin(caller: Caller, mode: LoginMode): string | null {
  return mode === 'email' ? caller.user.email : caller.user.phone;
}

export async function checkOld(ctx: ServerContext, caller: Caller, mode: LoginMode, value: string): Promise<void> {
  const login = requireLogin(value, mode);
  if (login.value !== currentLogin(caller, mode)) throw refusal(400, mode === 'email' ? 'notYourEmail' : 'notYourPhone');
  const code = await issueCode(ctx.db, codePurpose('old', mode, caller), login.value, {}, options(ctx));
  await ctx.mailer.send({ channel: mode, to: login.value, subject: 'Confirmation code', body: `Your Stockroom confirmation code: ${code}` });
}

export async function checkOldConfirm(ctx: ServerContext, caller: Caller, mode: LoginMode, value: string, code: string): Promise<void> {
  const login = requireLogin(value, mode);
  await consumeCode(ctx.db, codePurpose('old', mode, caller), login.value, code, options(ctx));
  await issueCode(ctx.db, permitPurpose(mode), permitLogin(caller), {}, permitOptions(ctx));
}

async function hasPermit(ctx: ServerContext, caller: Caller, mode: LoginMode): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: codes.id })
    .from(codes)
    .where(and(eq(codes.purpose, permitPurpose(mode)), eq(codes.login, permitLogin(caller)), isNull(codes.usedAt), gt(codes.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

export async function checkNew(ctx: ServerContext, caller: Caller, mode: LoginMode, value: string): Promise<void> {
  const login = requireLogin(value, mode);
  // Adding a first phone or e-mail needs no old confirmation; replacing one does.
  if (currentLogin(caller, mode) && !(await hasPermit(ctx, caller, mode))) throw refusal(422, 'confirmCurrentLogin');
  // A taken address answers as a free one (the asker learns nothing of who has an account); its owner is
  // told instead of sent a code, and the change is refused at the confirmation step only in a race.
  const taken = await findUserByLogin(ctx.db, login);
  const code = await issueCode(ctx.db, codePurpose('new', mode, caller), login.value, { userId: caller.user.id }, options(ctx));
  if (taken) {
    await ctx.mailer.send({
      channel: mode,
      to: login.value,
      subject: 'Your address was entered',
      body: 'Someone tried to add this address to another Stockroom profile. It stays with your account; you need do nothing.',
    });
    return;
  }
  await ctx.mailer.send({ channel: mode, to: login.value, subject: 'Confirmation code', body: `Your Stockroom confirmation code: ${code}` });
}

export async function checkNewConfirm(ctx: ServerContext, caller: Caller, mode: LoginMode, value: string, code: string): Promise<{ email: string | null; phone: string | null }> {
  const login = requireLogin(value, mode);
  const payload = await consumeCode(ctx.db, codePurpose('new', mode, caller), login.value, code, options(ctx));
  if (payload.userId !== caller.user.id) throw refusal(422, 'wrongCode');
  if (await findUserByLogin(ctx.db, login)) throw refusal(422, 'userExists');
  const [row] = await ctx.db
    .update(users)
    .set(mode === 'email' ? { email: login.value } : { phone: login.value })
    .where(eq(users.id, caller.user.id))
    .returning({ email: users.email, phone: users.phone });
  await ctx.db.update(codes).set({ usedAt: new Date() }).where(and(eq(codes.purpose, permitPurpose(mode)), eq(codes.login, permitLogin(caller)), isNull(codes.usedAt)));
  return row;
}
