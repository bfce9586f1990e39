/**
 * The one HTTP transport of the shell and the widget. Pure: it knows no store, no page and no text; what a
 * failure means to the user (a notification, a sign-in page, a log line) is the app's onError, wired in its
 * bootstrap. It runs on fetch itself: redaxios would add 1.9 KB to a widget with a 16 KB budget, and the few
 * things this needs from it (base, query, JSON body, bearer header, status check) are the lines below.
 */

/** The error body our server sends: `{ error }`; other services may send `{ message }`. */
export interface ErrorBody {
  error?: string;
  message?: string;
  /** A refusal the shell can say in the user's language (locales serverErrors.<code>); `error` stays the English text. */
  code?: string;
  [key: string]: unknown;
}

export type ApiSuccess<T> = { ok: true; status: number; data: T };
export type ApiFailure = { ok: false; status: number; data: ErrorBody | undefined; networkError: boolean };
/** Calls never throw: a failure is returned after onError has seen it. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** How an answer's body is read when the status is OK (JSON, or a file's bytes). */
type ReadBody = (response: Response) => Promise<unknown>;

export interface ApiClient {
  /** `signal` cancels a call whose answer is no longer wanted (a superseded search): no failure is reported for it. */
  get<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<ApiResult<T>>;
  post<T>(path: string, data?: unknown, params?: QueryParams): Promise<ApiResult<T>>;
  /** Any call, its OK body read by `read` (downloadFile and getFile below read bytes). */
  send<T>(method: 'GET' | 'POST', path: string, data: unknown, params: QueryParams | undefined, read: ReadBody, signal?: AbortSignal): Promise<ApiResult<T>>;
}

/** A file the server answered: its bytes and the name its content-disposition gave (null when none). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

export interface ClientOptions {
  /** Where calls go: `${baseUrl}/${path}` (paths never start with a slash). */
  baseUrl: string;
  /** The token sent as a bearer header, read when each call starts. */
  token: () => string | null;
  /** Told of every failure (status 0 and networkError when no answer came) before the call returns it. */
  onError?: (failure: ApiFailure) => void;
  /** Injected by tests and hosts; defaults to the global fetch at call time. */
  fetch?: typeof fetch;
}

export const NETWORK_ERROR_STATUS = 0;

/** The text shown for a failed call: the body's error, else its message, else nothing. */
export function errorText(body: unknown): string {
  const { error, message } = (body ?? {}) as ErrorBody;
  return (typeof error === 'string' && error) || (typeof message === 'string' && message) || '';
}

/** The body as JSON; a body that is not JSON (an HTML error page) is no body. */
const readJson: ReadBody = (response) => response.json().catch(() => undefined);

export function createClient(options: ClientOptions): ApiClient {
  async function send<T>(method: 'GET' | 'POST', path: string, data: unknown, params: QueryParams | undefined, read: ReadBody, signal?: AbortSignal): Promise<ApiResult<T>> {
    const token = options.token();
    // A FormData (an upload) travels as it is; any other body as JSON.
    const raw = data === undefined || data instanceof FormData;
    const query = String(new URLSearchParams(Object.entries(params ?? {}).filter(([, value]) => value != null) as [string, string][]));
    // Stays the answer when no answer comes.
    let failure: ApiFailure = { ok: false, status: NETWORK_ERROR_STATUS, data: undefined, networkError: true };
    try {
      const response = await (options.fetch ?? fetch)(`${options.baseUrl}/${path}${query ? `?${query}` : ''}`, {
        method,
        headers: { ...(token && { Authorization: `Bearer ${token}` }), ...(!raw && { 'content-type': 'application/json' }) },
        body: raw ? (data as FormData | undefined) : JSON.stringify(data),
        signal,
      });
      if (response.ok) return { ok: true, status: response.status, data: (await read(response)) as T };
      const body = await readJson(response);
      failure = { ok: false, status: response.status, data: body && typeof body === 'object' ? (body as ErrorBody) : undefined, networkError: false };
    } catch {
      // failure stays the network error
    }
    if (!signal?.aborted) options.onError?.(failure);
    return failure;
  }

  return {
    send,
    get: (path, params, signal) => send('GET', path, undefined, params, readJson, signal),
    post: (path, data = {}, params) => send('POST', path, data, params, readJson),
  };
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

const readFile: ReadBody = async (response) => ({ blob: await response.blob(), fileName: dispositionFileName(response.headers.get('content-disposition')) }) satisfies DownloadedFile;

/** POST whose answer is a file (an xlsx export): its bytes; a failure's JSON body is read as any other's. */
export const downloadFile = (client: ApiClient, path: string, data?: unknown, params?: QueryParams) =>
  client.send<DownloadedFile>('POST', path, data ?? {}, params, readFile);

/** GET whose answer is a file (an order's document), read as downloadFile reads it. */
export const getFile = (client: ApiClient, path: string, params?: QueryParams) => client.send<DownloadedFile>('GET', path, undefined, params, readFile);
