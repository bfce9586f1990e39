import { config } from '../config';
import { isPublicMode } from '../domain/publicMode';
import { $path } from '../stores/navigation';
import { $publicToken, $token } from '../stores/session';
import { createClient, defaultFailureRules, type ApiClient, type FailureRules } from './transport';

/** Public equivalents whose names differ from the plain prefix swap (spec 2 §7). */
const PUBLIC_PATHS: Readonly<Record<string, string>> = {
  'orders/pipelines/list': 'public-order/pipelines',
  'orders/field/types': 'public-order/fields/types',
  'orders/field/list': 'public-order/fields/list',
  'account/config': 'public-order/config',
  // Answers {categories, properties, products}, not category/list's tree: callers read the part they need.
  'category/list': 'public-order/categories/list',
  // The deal screen's calls: the public routes are named after the order, not after orders/.
  'orders/list': 'public-order/order/list',
  'orders/update': 'public-order/order/update',
  'orders/product/add': 'public-order/order/position/add',
  'orders/product/delete': 'public-order/order/position/delete',
  'orders/fields': 'public-order/fields/list',
  'orders/fields/all': 'public-order/fields/list',
};

/** In public mode the calls of the orders area go to the public-order area (spec 2 §7). */
export function toPublicPath(path: string): string {
  const plain = path.replace(/^\//, '');
  return PUBLIC_PATHS[plain] ?? plain.replace(/^orders\//, 'public-order/');
}

/** Staff calls: our API with the main token. */
export const staffApi: ApiClient = createClient({ baseURL: config.apiBase, token: () => $token.get() });

/**
 * Invitation calls (account/user/invitations and accept): the main token, but a 402 there means the inviting
 * account has no free seat, not that the caller's own account is over its limit, so its text is shown as a
 * notification where the user is instead of sending them to /many-accounts.
 */
export const invitationApi: ApiClient = createClient({
  baseURL: config.apiBase,
  token: () => $token.get(),
  rules: { ...defaultFailureRules, paymentRequired: (body) => defaultFailureRules.other(body) },
});

/** Public-order calls: our API with the public token. */
export const publicApi: ApiClient = createClient({
  baseURL: config.apiBase,
  mode: 'public',
  token: () => $publicToken.get(),
  rewritePath: toPublicPath,
});

/** Ending a session happens on the way out: whatever it answers (already ended, offline), nothing is shown. */
const quietRules: FailureRules = { network() {}, forbidden() {}, paymentRequired() {}, other() {} };

/** Staff sign-out (auth/logout): the main token, quietly. */
export const staffSignOutApi: ApiClient = createClient({ baseURL: config.apiBase, token: () => $token.get(), rules: quietRules });

/** Public sign-out (public-order/auth/logout): the public token, quietly. */
export const publicSignOutApi: ApiClient = createClient({ baseURL: config.apiBase, mode: 'public', token: () => $publicToken.get(), rules: quietRules });

/** The external integration / widget host, with the main token. */
export const integrationApi: ApiClient = createClient({ baseURL: config.integrationBase, token: () => $token.get() });

/** The client of the current mode: public on public-order pages, staff elsewhere. */
export function modeApi(): ApiClient {
  return isPublicMode({ path: $path.get() }) ? publicApi : staffApi;
}
