import type { IncomingProduct } from '../catalogSync';
import { BATCH_LIMIT, type Bitrix24Client } from './client';

/**
 * The portal's product catalogue as a sync reads and writes it (crm.product.*, crm.productsection.*): sections are the
 * groups, the article is the product property coded ARTNUMBER (Bitrix24's own article property). Lists come 50 rows a
 * page; after the first page tells the total, the other pages are asked up to 50 at a time in one batch call.
 */
export const ARTICLE_CODE = 'ARTNUMBER';
const PAGE = 50;

/** PHP's http_build_query, which Bitrix24 reads a batch command's query with (fields[NAME]=…, select[0]=…). */
export function phpQuery(params: Record<string, unknown>): string {
  const out: string[] = [];
  const walk = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null) out.push(`${encodeURIComponent(key)}=`);
    else if (typeof value === 'object') for (const [name, item] of Object.entries(value)) walk(`${key}[${name}]`, item);
    else out.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) walk(key, value);
  return out.join('&');
}

export const commandOf = (method: string, params: Record<string, unknown>) => `${method}?${phpQuery(params)}`;

/** Every row of a list method: the first page, then the rest by batch (≤ 50 pages a call). */
export async function listAll<T>(client: Bitrix24Client, method: string, params: Record<string, unknown>, onPage?: (done: number, total: number) => Promise<void>): Promise<T[]> {
  const first = await client.page<T[]>(method, { ...params, start: 0 });
  const rows = [...(first.result ?? [])];
  const total = first.total ?? rows.length;
  await onPage?.(rows.length, total);
  const starts: number[] = [];
  for (let start = first.next ?? total; start < total; start += PAGE) starts.push(start);
  for (let index = 0; index < starts.length; index += BATCH_LIMIT) {
    const chunk = starts.slice(index, index + BATCH_LIMIT);
    const answer = await client.batch(Object.fromEntries(chunk.map((start) => [`p${start}`, commandOf(method, { ...params, start })])), true);
    for (const start of chunk) {
      const failed = answer.result_error[`p${start}`];
      if (failed) throw new Error(`${method} (from ${start}): ${failed.error_description ?? failed.error ?? 'refused'}`);
      rows.push(...((answer.result[`p${start}`] as T[] | undefined) ?? []));
    }
    await onPage?.(rows.length, total);
  }
  return rows;
}

interface Section {
  ID: string;
  NAME: string;
}

interface Product {
  ID: string;
  NAME: string;
  SECTION_ID: string | null;
  [property: `PROPERTY_${string}`]: { value?: unknown } | null | undefined;
}

/** The article property's field name (PROPERTY_<ID>), or null when the portal has no ARTNUMBER property. */
export async function articleField(client: Bitrix24Client): Promise<`PROPERTY_${string}` | null> {
  const properties = await client.call<{ ID: string; CODE?: string | null }[]>('crm.product.property.list', { filter: { CODE: ARTICLE_CODE } });
  const found = (properties ?? []).find((property) => property.CODE === ARTICLE_CODE);
  return found ? `PROPERTY_${found.ID}` : null;
}

/** Section name → id (the first of a name; names are compared as the catalogue match compares them). */
export async function sectionsOf(client: Bitrix24Client): Promise<Map<string, { id: string; name: string }>> {
  const sections = await listAll<Section>(client, 'crm.productsection.list', { order: { ID: 'ASC' }, select: ['ID', 'NAME'] });
  const byName = new Map<string, { id: string; name: string }>();
  for (const section of sections) {
    const key = section.NAME.normalize('NFKC').trim().toLowerCase();
    if (!byName.has(key)) byName.set(key, { id: section.ID, name: section.NAME });
  }
  return byName;
}

/** The whole catalogue as light items (id, name, article, section name): duplicates can only be seen all together. */
export async function portalProducts(client: Bitrix24Client, onPage?: (done: number, total: number) => Promise<void>): Promise<{ items: IncomingProduct[]; article: `PROPERTY_${string}` | null }> {
  const article = await articleField(client);
  const sections = await listAll<Section>(client, 'crm.productsection.list', { order: { ID: 'ASC' }, select: ['ID', 'NAME'] });
  const sectionName = new Map(sections.map((section) => [section.ID, section.NAME]));
  const select = ['ID', 'NAME', 'SECTION_ID', ...(article ? [article] : [])];
  const rows = await listAll<Product>(client, 'crm.product.list', { order: { ID: 'ASC' }, select }, onPage);
  const items = rows.map((row) => {
    const value = article ? row[article]?.value : null;
    return {
      externalId: String(row.ID),
      name: row.NAME,
      article: value === undefined || value === null || value === '' ? null : String(value),
      group: row.SECTION_ID ? (sectionName.get(String(row.SECTION_ID)) ?? null) : null,
    };
  });
  return { items, article };
}
