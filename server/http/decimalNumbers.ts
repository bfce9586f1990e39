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

/** The JSON type of a value, as a schema names it. */
const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value);

/** Whether the validator could take `value` as this schema's type (with its coercion of texts to numbers, and of '' to null). */
function couldBe(schema: Schema, value: unknown): boolean {
  const types = typesOf(schema);
  if (!types.length) return true;
  const kind = kindOf(value);
  if (types.includes(kind) || (kind === 'number' && types.includes('integer'))) return true;
  if (kind === 'string') return types.includes('number') || types.includes('integer') || (value === '' && types.includes('null'));
  return false;
}

/** What is wrong with `value` at `path` under `schema`, or null. A union is fine when any branch the value could be is. */
function problemOf(schema: Schema | undefined, value: unknown, path: string): string | null {
  if (!schema || typeof schema !== 'object') return null;
  // Only the branches the value could be validated as count: an object is no problem for a null branch to pass over.
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((branch) => couldBe(branch, value));
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
    if (value === '' && types.includes('null')) return null;
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
