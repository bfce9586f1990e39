import type { FastifyError, FastifyInstance } from 'fastify';

/** A refusal with a status and the text the client shows (`{ error }`), plus optional extra fields. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Seconds for the Retry-After header of a 429 or 503. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const forbidden = (message = 'Token not valid') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);
export const unprocessable = (message: string, extra?: Record<string, unknown>) => new HttpError(422, message, extra);
export const paymentRequired = (message: string) => new HttpError(402, message);
/** Too many requests of one kind for now (a limit that holds per login or address, not only per client). */
export const tooManyRequests = (message: string, extra?: Record<string, unknown>) => new HttpError(429, message, extra);
/** The server refuses early rather than queue without end; the client may retry after `seconds`. */
export const serverBusy = (message: string, seconds: number) => new HttpError(503, message, {}, seconds);

export const CONCURRENT_CHANGE = 'The data was changed by another request at the same moment. Try again.';

/** SQLSTATEs after which the whole transaction may simply run again: serialization failure, deadlock detected. */
const RETRYABLE: ReadonlySet<string> = new Set(['40001', '40P01']);

/** Whether an error (wherever drizzle wrapped the driver's) is a serialization failure or a deadlock. */
export function isRetryable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE of a PostgreSQL data exception (class 22), wherever drizzle wrapped the driver's error. */
function dataException(error: unknown): string | null {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** What a value the database refused as data means to the client: bad input, not a server failure. */
function dataExceptionText(code: string): string {
  if (code === '22021' || code === '22P05') return 'Invalid request: a text contains characters that cannot be stored (such as NUL)';
  if (code === '22001') return 'Invalid request: a text is too long';
  return 'Invalid request: a value is out of range or not in the expected form';
}

/** The path of the first number that is not finite (±Infinity, NaN), or null. Depth-limited; binary bodies are skipped. */
function nonFinitePath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (!value || typeof value !== 'object' || depth > 64 || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFinitePath(item, `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The validator's message, with the reason added where its own words do not say it. */
function validationText(error: FastifyError): string {
  const [first] = error.validation ?? [];
  if (first?.keyword === 'multipleOf' && first.params.multipleOf === 0.001) {
    return `${error.validationContext}${first.instancePath} must be a multiple of 0.001: quantities are kept to three decimal places`;
  }
  return error.message;
}

/** Every failure answers `{ error }`: bad input a 4xx with a clear text, never a 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  // The validator coerces the texts 'Infinity' and '1e309' to ±Infinity and then skips its integer and range checks
  // (ajv checks those only on finite numbers), so such a value would reach the database; it is refused here, after validation.
  app.addHook('preHandler', async (request) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const path = nonFinitePath(value, part);
      if (path) throw badRequest(`Invalid request: ${path} must be a finite number`);
    }
  });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.status).send({ ...error.extra, error: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ error: `Invalid request: ${validationText(error)}` });
    }
    // A deadlock or serialization failure outside inTransaction (server/http/transaction.ts, which retries once): the same answer it gives.
    if (isRetryable(error)) {
      request.log.warn({ err: error }, 'concurrent change refused');
      return reply.status(409).send({ error: CONCURRENT_CHANGE });
    }
    const sqlState = dataException(error);
    if (sqlState) {
      request.log.info({ err: error }, 'value refused by the database');
      return reply.status(400).send({ error: dataExceptionText(sqlState) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ error: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }));
}
