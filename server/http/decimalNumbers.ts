import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * The validator coerces texts to numbers the way JavaScript does (`+text`), so '0x10', '0b10000',
 * '1e1', ' 16' and '+16' all pass as 16: an id could be named in forms no client writes, and a cache
 * or a log keyed by the text would disagree with the row. Before validation, every text sent where
 * the route's schema wants a number (and no text) must be written in decimal.
 */
const DECIMAL_INTEGER = /^-?\d+$/;
const DECIMAL_NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

const typesOf = (schema: Schema): string[] => (schema.type === undefined ? [] : [schema.type].flat());

/** What is wrong with `value` at `path` under `schema`, or null. A union is fine when any branch is. */
function problemOf(schema: Schema | undefined, value: unknown, path: string): string | null {
  if (!schema || typeof schema !== 'object') return null;
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length) {
    let first: string | null = null;
    for (const branch of branches) {
      const problem = problemOf(branch, value, path);
      if (!problem) return null;
      first ??= problem;
    }
    return first;
  }
  for (const part of schema.allOf ?? []) {
    const problem = problemOf(part, value, path);
    if (problem) return problem;
  }
  const types = typesOf(schema);
  if (typeof value === 'string') {
    if (types.includes('string') || !(types.includes('integer') || types.includes('number'))) return null;
    const pattern = types.includes('number') ? DECIMAL_NUMBER : DECIMAL_INTEGER;
    return pattern.test(value) ? null : `Invalid request: ${path} must be written as a decimal number`;
  }
  if (Array.isArray(value)) {
    const items = schema.items;
    if (!items) return null;
    for (let index = 0; index < value.length; index++) {
      const problem = problemOf(Array.isArray(items) ? items[index] : items, value[index], `${path}/${index}`);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    const patterns = Object.entries(schema.patternProperties ?? {}).map(([pattern, item]) => [new RegExp(pattern, 'u'), item] as const);
    for (const [key, item] of Object.entries(value)) {
      const own = schema.properties?.[key];
      const matched = own ?? patterns.find(([pattern]) => pattern.test(key))?.[1] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      const problem = problemOf(matched, item, `${path}/${key}`);
      if (problem) return problem;
    }
  }
  return null;
}

/** Refuses (400) numbers written in other than decimal in a route's params, query string and body. */
export function registerDecimalNumbers(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema as Record<string, Schema | undefined> | undefined;
    if (!schema) return;
    const parts: [string, Schema | undefined, unknown][] = [
      ['params', schema.params, request.params],
      ['querystring', schema.querystring, request.query],
      ['body', schema.body, request.body],
    ];
    for (const [part, partSchema, value] of parts) {
      const problem = problemOf(partSchema, value, part);
      if (problem) throw badRequest(problem);
    }
  });
}
