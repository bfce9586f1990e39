import type { CategoryRecord } from '../contract/catalogue';
import type { DealProduct, DealProductList } from '../contract/orders';
import type { WidgetAddProductAnswer, WidgetConfig, WidgetLeadProducts, WidgetProductListV2, WidgetProductsHtml } from '../contract/widget';
import type { ApiResult, ErrorBody, FailureRules, QueryParams } from './transport';

/**
 * The widget's own small transport: the same ApiResult and FailureRules as src/api/transport.ts, on
 * plain fetch. transport.ts would bring the shell's notification, navigation and session stores (its
 * default rules) and redaxios into a script with a 16 KB budget, and its clients read the shell's one
 * token and relative base, while each widget has its own token and calls our server from the CRM's origin.
 */
export interface WidgetClient {
  get<T>(path: string, params?: QueryParams): Promise<ApiResult<T>>;
}

/** The body's error, else its message, else nothing (as errorText in transport.ts). */
export function widgetErrorText(body: ErrorBody | undefined): string {
  return (typeof body?.error === 'string' && body.error) || (typeof body?.message === 'string' && body.message) || '';
}

export function createWidgetClient(options: { baseURL: string; token: () => string | null; rules: FailureRules; fetch?: typeof fetch }): WidgetClient {
  return {
    async get<T>(path: string, params: QueryParams = {}): Promise<ApiResult<T>> {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) query.set(key, String(value));
      const token = options.token();
      let response: Response;
      try {
        response = await (options.fetch ?? fetch)(`${options.baseURL}/${path}${String(query) ? `?${query}` : ''}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      } catch {
        options.rules.network();
        return { ok: false, status: 0, data: undefined, networkError: true };
      }
      let data: unknown;
      try {
        data = await response.json();
      } catch {
        data = undefined;
      }
      if (response.ok) return { ok: true, status: response.status, data: data as T };
      const body = data && typeof data === 'object' ? (data as ErrorBody) : undefined;
      if (response.status === 403) options.rules.forbidden('staff');
      else if (response.status === 402) options.rules.paymentRequired(body);
      else options.rules.other(body);
      return { ok: false, status: response.status, data: body, networkError: false };
    },
  };
}

/**
 * The calls of the deal-card widget to the CRM-side widget host (spec 2 §7), with the widget's error
 * rules (spec 2 §8): nothing here notifies or navigates — a widget lives in someone else's page — each
 * call logs and answers null, an empty result or `{ success: false, message }`; a 403 on the product
 * lists is logged as an authorization error and the widget goes on; the config fetch throws
 * 'HTTP error! status: N'; add to deal rethrows to its caller.
 */

/** A node of widget/categories (the contract's schema is recursive, so its static type is spelled out here). */
export interface WidgetCategory extends CategoryRecord {
  levels: number[];
  subcategories: WidgetCategory[];
}

export type WidgetLog = (message: string, detail?: unknown) => void;

export const consoleLog: WidgetLog = (message, detail) => console.error(`[stockroom widget] ${message}`, detail ?? '');

/** Quiet transport rules: the widget shows its own errors, so the transport only logs. */
export function widgetFailureRules(log: WidgetLog): FailureRules {
  return {
    network: () => log('network error'),
    forbidden: () => log('authorization error (403)'),
    paymentRequired: (body) => log('402', body),
    other: (body) => log('request failed', body),
  };
}

/** Widget host bases: amoCRM/Kommo's widget and Bitrix24's ('bitrix/widget'), same calls. */
export type WidgetHostBase = 'widget' | 'bitrix/widget';

export interface WidgetApiOptions {
  /** Base of the integration host, absolute when the widget runs on the CRM's origin. */
  baseURL: string;
  base?: WidgetHostBase;
  token: () => string | null;
  log?: WidgetLog;
  fetch?: typeof fetch;
}

export interface Page {
  page?: number;
  per_page?: number;
}

export interface WidgetApi {
  categories(): Promise<WidgetCategory[]>;
  /** v1: a category with its subcategories; v2: one level (own products and direct subcategories). */
  products(query: Page & { category_id?: number }): Promise<DealProductList | null>;
  productsV2(query: Page & { category_id?: number }): Promise<WidgetProductListV2 | null>;
  /**
   * The deal's positions. Spec 2 §7 sends this call without a token; the server now answers it only for a
   * proven account (issue 12), so the widget sends the token it holds like every other call.
   */
  leadProducts(query: Page & { leadId: number }): Promise<WidgetLeadProducts | null>;
  /** An empty or blank query answers [] without a call. */
  autocomplete(q: string): Promise<DealProduct[]>;
  /** Throws with the server's text on failure (the caller shows it). */
  addProduct(query: { productId: string; leadId: number; quantity?: number }): Promise<WidgetAddProductAnswer>;
  /** Never throws: `{ success: false, message }` on failure. */
  productsHtml(leadId: number): Promise<WidgetProductsHtml | { success: false; message: string }>;
  /** Throws 'HTTP error! status: N' on a non-OK status. */
  config(query: { leadId?: number; category_id?: number }): Promise<WidgetConfig>;
}

export function createWidgetApi(options: WidgetApiOptions): WidgetApi {
  const rules = widgetFailureRules(options.log ?? consoleLog);
  const base = options.base ?? 'widget';
  const client = createWidgetClient({ baseURL: options.baseURL, token: options.token, rules, fetch: options.fetch });
  const call = <T>(name: string, params?: QueryParams) => client.get<T>(`${base}/${name}`, params);
  /** The answer, or the fallback (a 403 was logged as an authorization error by the rules: the widget goes on). */
  const read = async <T, F>(name: string, fallback: F, params?: QueryParams): Promise<T | F> => {
    const result = await call<T>(name, params);
    return result.ok ? result.data : fallback;
  };
  const failure = (result: ApiResult<unknown>) => (!result.ok && widgetErrorText(result.data)) || `HTTP error! status: ${result.status}`;

  return {
    categories: () => read('categories', []),
    products: (query) => read('products', null, { ...query }),
    productsV2: (query) => read('products-v2', null, { ...query }),
    leadProducts: (query) => read('products/filtered', null, { ...query }),
    autocomplete: async (q) => (q.trim() ? read('autocomplete', [], { q }) : []),
    async addProduct(query) {
      // Query values are URL-encoded: `12%%%main` travels as 12%25%25%25main.
      const result = await call<WidgetAddProductAnswer>('add-product', { ...query });
      if (result.ok) return result.data;
      throw new Error(failure(result));
    },
    async productsHtml(leadId) {
      const result = await call<WidgetProductsHtml>('get-products', { leadId });
      return result.ok ? result.data : { success: false as const, message: failure(result) };
    },
    async config(query) {
      const result = await call<WidgetConfig>('config', { ...query });
      if (!result.ok) throw new Error(`HTTP error! status: ${result.status}`);
      return result.data;
    },
  };
}
