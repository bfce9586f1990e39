import type { FastifyInstance } from 'fastify';
import { isExpired } from './mappers';
import { refusal } from '../../http/refusal';

/** The spec's text (spec 2 §8) for an account whose trial or paid period is over. */
export const SUBSCRIPTION_ENDED = 'Attention! The subscription period of the service has come to an end. For an extension, contact the sales department';

/**
 * What an expired account may still reach: signing in and out, its config (the guard reads `expired` there), the
 * tariffs and an invoice (the way to pay), the user's own profile and language, invitations to other accounts.
 * Everything else is the data the subscription pays for.
 */
const OPEN_WHEN_EXPIRED: readonly RegExp[] = [
  /^\/(api|integration)\/auth\//,
  /^\/api\/account\/config$/,
  /^\/api\/account\/tariffs$/,
  /^\/api\/tariffs\//,
  /^\/api\/user\/update$/,
  /^\/api\/profile\//,
  /^\/api\/account\/user\/(invitations|accept)$/,
];

/**
 * Staff calls of an expired account are refused with 402 and `expired: true` (the shell moves to /Error_is_expired;
 * 402 without it stays 'users exceeded'). Registered after the auth hook, in the same plugin, so the caller is known.
 * Public-order customers are not the subscriber: their calls are not locked here.
 */
export function registerExpiredLock(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const caller = request.caller;
    if (!caller || !isExpired(caller.account)) return;
    const path = request.url.split('?')[0];
    if (OPEN_WHEN_EXPIRED.some((open) => open.test(path))) return;
    throw refusal(402, 'subscriptionEnded', undefined, { expired: true });
  });
}
