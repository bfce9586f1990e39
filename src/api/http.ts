import type { ApiClient, ApiResult, QueryParams } from './transport';

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

/** A client whose calls go to mapped paths (the public client: toPublicPath). */
export function mapPaths(client: ApiClient, map: (path: string) => string): ApiClient {
  return {
    get: <T>(path: string, params?: QueryParams) => client.get<T>(map(path), params),
    post: <T>(path: string, data?: unknown, params?: QueryParams) => client.post<T>(map(path), data, params),
    send: (method, path, data, params, read) => client.send(method, map(path), data, params, read),
  };
}

/**
 * The HTTP clients the area modules send through. The app makes them at start (shell/app/httpClients.ts):
 * it owns the tokens and decides what a failure does, so this layer reads no store.
 */
export interface HttpClients {
  /** Our API with the main token. */
  staff: ApiClient;
  /** Invitation calls: the main token, but a 402 there is about the inviting account, not the caller's. */
  invitations: ApiClient;
  /** Our API with the public token, orders/… mapped by toPublicPath. */
  public: ApiClient;
  /** Sign-outs happen on the way out: whatever they answer, nothing is shown. */
  staffSignOut: ApiClient;
  publicSignOut: ApiClient;
  /** Whether the page showing is a public-order page (its calls then go to the public client). */
  publicMode(): boolean;
}

let wired: HttpClients | undefined;

/** Sets the clients every area module sends through; called once by the app's bootstrap (tests: by their setup). */
export function setHttpClients(clients: HttpClients): void {
  wired = clients;
}

function current(): HttpClients {
  if (!wired) throw new Error('src/api: no HTTP clients yet (the app sets them with setHttpClients at start)');
  return wired;
}

/** A client that sends through whichever one the app set, chosen when each call starts. */
function delegate(pick: (clients: HttpClients) => ApiClient): ApiClient {
  return {
    get: <T>(path: string, params?: QueryParams): Promise<ApiResult<T>> => pick(current()).get<T>(path, params),
    post: <T>(path: string, data?: unknown, params?: QueryParams): Promise<ApiResult<T>> => pick(current()).post<T>(path, data, params),
    send: (method, path, data, params, read) => pick(current()).send(method, path, data, params, read),
  };
}

export const staffApi = delegate((clients) => clients.staff);
export const invitationApi = delegate((clients) => clients.invitations);
export const publicApi = delegate((clients) => clients.public);
export const staffSignOutApi = delegate((clients) => clients.staffSignOut);
export const publicSignOutApi = delegate((clients) => clients.publicSignOut);
/** The client of the current mode: public on public-order pages, staff elsewhere. */
export const modeApi = delegate((clients) => (clients.publicMode() ? clients.public : clients.staff));
