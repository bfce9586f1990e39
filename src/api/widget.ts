import type { CategoryRecord } from '../contract/catalogue';
import type { DealProduct, DealProductList } from '../contract/orders';
import type { WidgetAddProductAnswer, WidgetConfig, WidgetLeadIdQuery, WidgetLeadProducts, WidgetProductListV2, WidgetProductsHtml } from '../contract/widget';
import { createClient, errorText, type ApiFailure, type ApiResult, type QueryParams } from './transport';

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

/** The widget shows its own errors (a widget lives in someone else's page), so a failure is only logged. */
export function logFailure(log: WidgetLog): (failure: ApiFailure) => void {
  return ({ status, data, networkError }) => {
    if (networkError) log('network error');
    else if (status === 403) log('authorization error (403)');
    else log(status === 402 ? '402' : 'request failed', data);
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

export type Page = {
  page?: number;
  per_page?: number;
};

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
  /** An empty or blank query answers [] without a call; an aborted one answers []. */
  autocomplete(q: string, signal?: AbortSignal): Promise<DealProduct[]>;
  /** Throws with the server's text on failure (the caller shows it). */
  addProduct(query: { productId: string; leadId: number; quantity?: number }): Promise<WidgetAddProductAnswer>;
  /** Never throws: `{ success: false, message }` on failure. In `lang` when given (the CRM's), else the user's language. */
  productsHtml(leadId: number, lang?: WidgetLeadIdQuery['lang']): Promise<WidgetProductsHtml | { success: false; message: string }>;
  /** Throws 'HTTP error! status: N' on a non-OK status. */
  config(query: { leadId?: number; category_id?: number }): Promise<WidgetConfig>;
}

export function createWidgetApi(options: WidgetApiOptions): WidgetApi {
  const base = options.base ?? 'widget';
  const client = createClient({ baseUrl: options.baseURL, token: options.token, onError: logFailure(options.log ?? consoleLog), fetch: options.fetch });
  const call = <T>(name: string, params?: QueryParams, signal?: AbortSignal) => client.get<T>(`${base}/${name}`, params, signal);
  /** The answer, or the fallback (a 403 was logged as an authorization error by the rules: the widget goes on). */
  const read = async <T, F>(name: string, fallback: F, params?: QueryParams, signal?: AbortSignal): Promise<T | F> => {
    const result = await call<T>(name, params, signal);
    return result.ok ? result.data : fallback;
  };
  const failure = (result: ApiResult<unknown>) => (!result.ok && errorText(result.data)) || `HTTP error! status: ${result.status}`;

  return {
    categories: () => read('categories', []),
    products: (query) => read('products', null, query),
    productsV2: (query) => read('products-v2', null, query),
    leadProducts: (query) => read('products/filtered', null, query),
    autocomplete: async (q, signal) => (q.trim() ? read('autocomplete', [], { q }, signal) : []),
    async addProduct(query) {
      // Query values are URL-encoded: `12%%%main` travels as 12%25%25%25main.
      const result = await call<WidgetAddProductAnswer>('add-product', query);
      if (result.ok) return result.data;
      throw new Error(failure(result));
    },
    async productsHtml(leadId, lang) {
      const result = await call<WidgetProductsHtml>('get-products', { leadId, lang });
      return result.ok ? result.data : { success: false as const, message: failure(result) };
    },
    async config(query) {
      const result = await call<WidgetConfig>('config', query);
      if (!result.ok) throw new Error(`HTTP error! status: ${result.status}`);
      return result.data;
    },
  };
}
