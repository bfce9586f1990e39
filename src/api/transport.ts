import redaxios from 'redaxios';
import { t } from '../i18n';
import { PUBLIC_SIGN_IN_PATH, SIGN_IN_PATH } from '../domain/publicMode';
import { isFramed, navigateTo } from '../stores/navigation';
import { notify, NotificationType } from '../stores/notifications';
import { $tokenFailed, clearPublicToken, clearToken } from '../stores/session';

/** The error body our server sends: `{ error }`; other services may send `{ message }`. */
export interface ErrorBody {
  error?: string;
  message?: string;
  [key: string]: unknown;
}

export type ApiSuccess<T> = { ok: true; status: number; data: T };
export type ApiFailure = { ok: false; status: number; data: ErrorBody | undefined; networkError: boolean };
/** Calls never throw: a failure is returned after the transport rules have run. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface ApiClient {
  get<T>(path: string, params?: QueryParams): Promise<ApiResult<T>>;
  post<T>(path: string, data?: unknown, params?: QueryParams): Promise<ApiResult<T>>;
  /** POST whose answer is a file (an xlsx export): its bytes; a failure's JSON body is read from the bytes. */
  download(path: string, data?: unknown, params?: QueryParams): Promise<ApiResult<DownloadedFile>>;
  /** GET whose answer is a file (an order's document), read as download reads it. */
  getFile(path: string, params?: QueryParams): Promise<ApiResult<DownloadedFile>>;
}

/** A file the server answered: its bytes and the name its content-disposition gave (null when none). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** Which token a client sends: the staff (main) token or the public-order token. */
export type ClientMode = 'staff' | 'public';

/** What happens on each failure; the default rules are the spec's, the widget swaps in quieter ones. */
export interface FailureRules {
  network(): void;
  forbidden(mode: ClientMode): void;
  /** 402: the body says why (its text is shown where the call is not about the caller's own account). */
  paymentRequired(body: ErrorBody | undefined): void;
  other(body: ErrorBody | undefined): void;
}

export interface ClientOptions {
  baseURL: string;
  /** The token this client sends; a 403 clears that token, whatever page is showing. */
  mode?: ClientMode;
  token: () => string | null;
  /** Maps a call path before sending (the public client's orders/ → public-order/). */
  rewritePath?: (path: string) => string;
  rules?: FailureRules;
  /** Injected by tests and hosts; defaults to the global fetch at call time. */
  fetch?: typeof fetch;
}

export const NETWORK_ERROR_STATUS = 0;

export const defaultFailureRules: FailureRules = {
  network() {
    notify({ type: NotificationType.error, header: t('errors.global'), text: t('errors.network') });
  },
  forbidden(mode) {
    if (mode === 'public') clearPublicToken();
    else {
      clearToken();
      $tokenFailed.set(true);
    }
    navigateTo(isFramed() ? '/Error_token_not_valid' : mode === 'public' ? PUBLIC_SIGN_IN_PATH : SIGN_IN_PATH);
  },
  paymentRequired() {
    navigateTo('/many-accounts');
  },
  other(body) {
    notify({ type: NotificationType.error, header: t('errors.global'), text: errorText(body) });
  },
};

/** The text shown for a failed call: the body's error, else its message, else nothing. */
export function errorText(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { error, message } = body as ErrorBody;
  if (typeof error === 'string' && error) return error;
  if (typeof message === 'string' && message) return message;
  return '';
}

interface RedaxiosFailure {
  status?: number;
  data?: unknown;
}

/** The file name of a content-disposition header (filename*=UTF-8''… first, then filename="…"). */
export function dispositionFileName(header: string | null | undefined): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8)?''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/** A failed file download carries its JSON error body as bytes. */
async function readBlobBody(body: unknown): Promise<unknown> {
  // Duck-typed: a test environment's Blob class may differ from the one fetch answers with.
  if (!body || typeof (body as Blob).text !== 'function') return body;
  try {
    return JSON.parse(await (body as Blob).text());
  } catch {
    return undefined;
  }
}

function cleanParams(params: QueryParams | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) out[key] = String(value);
  }
  return out;
}

export function createClient(options: ClientOptions): ApiClient {
  const rules = options.rules ?? defaultFailureRules;

  async function send<T>(method: 'get' | 'post', path: string, data: unknown, params: QueryParams | undefined, responseType?: 'blob'): Promise<ApiResult<T>> {
    const token = options.token();
    const url = options.rewritePath ? options.rewritePath(path) : path;
    try {
      const response = await redaxios<T>({
        url,
        method,
        data,
        baseURL: options.baseURL,
        params: cleanParams(params),
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        responseType,
        fetch: options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args)),
      });
      if (responseType === 'blob') {
        const file: DownloadedFile = { blob: response.data as Blob, fileName: dispositionFileName(response.headers?.get?.('content-disposition')) };
        return { ok: true, status: response.status, data: file as T };
      }
      return { ok: true, status: response.status, data: response.data };
    } catch (failure) {
      const { status, data: rawBody } = (failure ?? {}) as RedaxiosFailure;
      const body = responseType === 'blob' ? await readBlobBody(rawBody) : rawBody;
      if (typeof status !== 'number') {
        rules.network();
        return { ok: false, status: NETWORK_ERROR_STATUS, data: undefined, networkError: true };
      }
      const errorBody = body && typeof body === 'object' ? (body as ErrorBody) : undefined;
      if (status === 403) rules.forbidden(options.mode ?? 'staff');
      else if (status === 402) rules.paymentRequired(errorBody);
      else rules.other(errorBody);
      return { ok: false, status, data: errorBody, networkError: false };
    }
  }

  return {
    get: (path, params) => send('get', path, undefined, params),
    post: (path, data, params) => send('post', path, data ?? {}, params),
    download: (path, data, params) => send<DownloadedFile>('post', path, data ?? {}, params, 'blob'),
    getFile: (path, params) => send<DownloadedFile>('get', path, undefined, params, 'blob'),
  };
}
