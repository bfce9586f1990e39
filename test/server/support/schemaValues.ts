/**
 * Values from a route's JSON schema (TypeBox schemas are plain JSON Schema), so the isolation and
 * bad-input suites can call any registered route, including routes added later, without knowing it.
 */

/** The JSON Schema subset the routes use (TypeBox output). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  [key: string]: unknown;
}

/** A field name that names a row: id, user_id, order_id, … */
export const isIdField = (name: string) => name === 'id' || name.endsWith('_id');

/** The object fields of a schema: allOf branches are merged, the first object branch of anyOf/oneOf is used. */
export function fieldsOf(schema: JsonSchema | undefined): { properties: Record<string, JsonSchema>; required: string[] } {
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  const visit = (node: JsonSchema | undefined) => {
    if (!node || typeof node !== 'object') return;
    Object.assign(properties, node.properties ?? {});
    for (const key of node.required ?? []) required.add(key);
    for (const branch of node.allOf ?? []) visit(branch);
    const union = node.anyOf ?? node.oneOf;
    if (union) visit(union.find((branch) => branch.properties || branch.allOf));
  };
  visit(schema);
  return { properties, required: [...required] };
}

/** The first non-null branch of a union (enums and literal unions give their first literal). */
function primary(schema: JsonSchema): JsonSchema {
  const union = schema.anyOf ?? schema.oneOf;
  if (!union?.length) return schema;
  return primary(union.find((branch) => branch.type !== 'null') ?? union[0]);
}

/** The JSON type a schema expects most ('unknown' for an unconstrained schema such as Type.Unknown()). */
export function primaryType(schema: JsonSchema): string {
  const node = primary(schema);
  if (node.const !== undefined) return typeof node.const;
  if (node.enum?.length) return typeof node.enum[0];
  if (Array.isArray(node.type)) return node.type.find((type) => type !== 'null') ?? 'null';
  if (node.type) return node.type;
  if (node.properties || node.allOf) return 'object';
  return 'unknown';
}

function fits(text: string, schema: JsonSchema): boolean {
  if (schema.minLength !== undefined && [...text].length < schema.minLength) return false;
  if (schema.maxLength !== undefined && [...text].length > schema.maxLength) return false;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(text)) return false;
  return true;
}

/** A plausible string for a field: by its name first (e-mail, phone, password, path…), then anything the pattern and lengths allow. */
let sampleCount = 0;
/** A fresh address each time, so no sample ever meets an earlier one (e.g. a code issued to it). */
const freshEmail = () => `nobody-${(sampleCount += 1)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

function sampleString(name: string, schema: JsonSchema): string {
  const lower = name.toLowerCase();
  const byName: string[] = [];
  if (lower.includes('email') || schema.format === 'email' || lower === 'login') byName.push(freshEmail());
  if (lower.includes('phone')) byName.push('79001234567');
  if (lower.includes('password')) byName.push('a-long-password');
  if (lower === 'code') byName.push('sample_code');
  // Links and CRM origins are checked as addresses (http, https, mailto, tel; an origin has no path).
  if (lower === 'link' || lower === 'origin') byName.push('https://sample.example.com');
  if (lower.includes('path') || lower.includes('url')) byName.push('/sample');
  if (schema.format === 'date-time') byName.push(new Date().toISOString());
  if (schema.format === 'date') byName.push(new Date().toISOString().slice(0, 10));
  // 'name': a key from a closed list (the import's field keys name|article|…) takes a real one.
  const generic = ['Sample', 'sample', 'sample_1', '/sample', 'sample@example.com', '79001234567', '123456', '1', 'a', 'name'];
  const found = [...byName, ...generic].find((text) => fits(text, schema));
  if (found !== undefined) return found;
  // A pattern nothing above fits may be an identifier's (an amoCRM integration's client id is a UUID).
  const uuid = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
  if (schema.pattern !== undefined && fits(uuid, schema)) return uuid;
  return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  let value = schema.default !== undefined && typeof schema.default === 'number' ? schema.default : 1;
  if (schema.minimum !== undefined && value < schema.minimum) value = schema.minimum;
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) value = schema.exclusiveMinimum + 1;
  if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
  if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) value = schema.exclusiveMaximum - 1;
  return integer ? Math.ceil(value) : value;
}

/**
 * Chooses a value for a named field, or undefined to let the schema decide (e.g. an id of the other
 * account for every id-like field in the isolation suite).
 */
export type Hint = (name: string, schema: JsonSchema) => unknown;

export interface SampleOptions {
  hint?: Hint;
  /** Also fill optional properties (default true: the more fields, the more the route does). */
  optional?: boolean;
}

/** A valid-looking value for a schema: strings, integers, booleans, the first literal of an enum, nested objects and arrays. */
export function sampleValue(schema: JsonSchema | undefined, name = '', options: SampleOptions = {}): unknown {
  if (!schema || typeof schema !== 'object') return 'sample';
  if (name) {
    const hinted = options.hint?.(name, schema);
    if (hinted !== undefined) return hinted;
  }
  const node = primary(schema);
  if (node.const !== undefined) return node.const;
  if (node.enum?.length) return node.enum[0];
  if (node.default !== undefined) return node.default;
  switch (primaryType(node)) {
    case 'object':
      return sampleObject(node, options);
    case 'array': {
      const items = Array.isArray(node.items) ? node.items[0] : node.items;
      return Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => sampleValue(items, name, options));
    }
    case 'string':
      return sampleString(name, node);
    case 'integer':
      return sampleNumber(node, true);
    case 'number':
      return sampleNumber(node, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'sample';
  }
}

/** Every property (or only the required ones) of an object schema, each from sampleValue. */
export function sampleObject(schema: JsonSchema | undefined, options: SampleOptions = {}): Record<string, unknown> {
  const { properties, required } = fieldsOf(schema);
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    if (options.optional === false && !required.includes(key)) continue;
    result[key] = sampleValue(property, key, options);
  }
  return result;
}

/** The names of a route URL's path parameters (`/account/user/:id` → ['id']). */
export const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);

/** Any value as URL text: objects as JSON (even without a prototype), lone surrogates (which no URL can carry) as U+FFFD. */
export function urlText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? (JSON.stringify(value) ?? '') : String(value);
  return text.replace(/\p{Cs}/gu, '\ufffd');
}

/** The URL with its path parameters filled in (raw: already encoded as the caller wants). */
export function fillPath(url: string, params: Record<string, unknown>, encode = true): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_whole, key: string) => {
    const text = urlText(params[key]);
    return encode ? encodeURIComponent(text) : text;
  });
}

/** A query string of flat values; arrays repeat the key; raw values are not encoded (for malformed escapes). */
export function queryString(query: Record<string, unknown>, encode = true): string {
  const parts: string[] = [];
  const put = (key: string, value: unknown) => {
    const text = urlText(value);
    const name = urlText(key);
    parts.push(encode ? `${encodeURIComponent(name)}=${encodeURIComponent(text)}` : `${name}=${text}`);
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) put(key, item);
    else put(key, value);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
