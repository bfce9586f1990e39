import type { FastifyError, FastifyInstance } from 'fastify';

/** A refusal with a status and the text the client shows (`{ error }`), plus optional extra fields. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
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
/** Not allowed by the user's rights (the token itself is fine, so not 403, which signs the user out). */
export const noRight = (message = 'You do not have the right to do this') => new HttpError(422, message);

/** Every failure answers `{ error }`: bad input a 4xx with a clear text, never a 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send({ ...error.extra, error: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ error: `Invalid request: ${error.message}` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ error: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }));
}
