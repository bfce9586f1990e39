import type { FastifyServerOptions } from 'fastify';

/** What a secret's value becomes in the log. */
export const REDACTED = '[redacted]';

/**
 * Query parameters that carry secrets: link and session tokens, codes, passwords. Matched by name part, so
 * public_token, access_token, code and new_password are all caught, and a future `reset_code` is too.
 */
const SECRET_PARAM = /token|code|password|secret|key/i;

/** The URL with the values of secret query parameters masked (the path and other parameters stay readable). */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is masked by its raw text.
      }
      return equals >= 0 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  id?: string;
  ip?: string;
  hostname?: string;
}

/**
 * The logger options every app gets: requests are logged by method and redacted URL only (no headers, so no
 * Authorization or cookies), and anything that still carries such a field is censored by pino's redaction.
 */
export function withLogRedaction(logger: FastifyServerOptions['logger'], level: string): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = logger === true || logger === undefined ? { level } : logger;
  return {
    ...base,
    serializers: {
      ...(base as { serializers?: Record<string, unknown> }).serializers,
      req: (request: LoggedRequest) => ({ method: request.method, url: redactUrl(request.url), id: request.id, remoteAddress: request.ip, hostname: request.hostname }),
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.access_token', '*.public_token', '*.code'],
      censor: REDACTED,
    },
  } as FastifyServerOptions['logger'];
}
