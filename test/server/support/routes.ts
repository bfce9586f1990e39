import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ApiRoute } from '../../../server/app';
import { fillPath, queryString, type JsonSchema } from './schemaValues';

export type { ApiRoute };

/** A route's name as people write it: 'GET /api/account/user/:id'. */
export const routeName = (route: Pick<ApiRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** The schema parts of a route (JSON Schema; TypeBox schemas are JSON Schema). */
export function schemaParts(route: ApiRoute): { params?: JsonSchema; query?: JsonSchema; body?: JsonSchema } {
  const schema = route.schema as Record<string, unknown>;
  return {
    params: schema.params as JsonSchema | undefined,
    query: schema.querystring as JsonSchema | undefined,
    body: schema.body as JsonSchema | undefined,
  };
}

/** Methods whose body the server reads. */
export const takesBody = (method: string) => !['GET', 'HEAD'].includes(method.toUpperCase());

export interface RouteCall {
  token?: string;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent exactly as given (with contentType, default application/json). */
  rawBody?: string | Buffer;
  contentType?: string | null;
  /** Path and query are used as written (no percent-encoding), to send malformed escapes. */
  raw?: boolean;
  /** Appended after '?' exactly as written (instead of query). */
  rawQuery?: string;
}

export interface RouteAnswer {
  status: number;
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: any;
  text: string;
  contentType: string;
}

/** Calls one registered route through fastify.inject. */
export async function callRoute(app: FastifyInstance, route: Pick<ApiRoute, 'method' | 'url'>, call: RouteCall = {}): Promise<RouteAnswer> {
  const url = fillPath(route.url, call.params ?? {}, !call.raw) + (call.rawQuery !== undefined ? `?${call.rawQuery}` : queryString(call.query ?? {}, !call.raw));
  const headers: Record<string, string> = {};
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  const request: InjectOptions = { method: route.method as InjectOptions['method'], url, headers };
  if (call.rawBody !== undefined) {
    request.payload = call.rawBody;
    if (call.contentType !== null) headers['content-type'] = call.contentType ?? 'application/json';
  } else if (call.body !== undefined) {
    request.payload = JSON.stringify(call.body) ?? 'null';
    headers['content-type'] = call.contentType ?? 'application/json';
  }
  const response = await app.inject(request);
  let body: unknown = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // Non-JSON answers stay text.
  }
  return { status: response.statusCode, body, text: response.body, contentType: String(response.headers['content-type'] ?? '') };
}
