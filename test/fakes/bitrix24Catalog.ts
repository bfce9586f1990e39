/**
 * The fake portal's product catalogue, from Bitrix24's public REST docs (apidocs.bitrix24.com: crm.product.*,
 * crm.productsection.*, crm.product.property.list, "List methods: start and next"):
 *
 *   crm.product.list / crm.productsection.list  { order, filter, select, start } → result: a page of 50 rows in ID
 *       order, total, and next (the `start` of the following page) while rows remain.
 *   crm.product.add { fields } → result: the new ID; crm.product.update { id, fields } → true; crm.product.get { id }.
 *   crm.productsection.add { fields: { NAME, CATALOG_ID, SECTION_ID } } → result: the new ID.
 *   crm.product.property.list → the product properties; the article is the one with CODE 'ARTNUMBER'. A property's value
 *       comes back as { valueId, value } and is written as a plain value (fields[PROPERTY_<ID>]).
 * A product without NAME is refused as the portal does (400 ERROR_CORE).
 */
export interface FakeProduct {
  ID: string;
  NAME: string;
  SECTION_ID: string | null;
  CATALOG_ID: string;
  PRICE: string | null;
  CURRENCY_ID: string;
  /** PROPERTY_<ID> values, as written. */
  properties: Record<string, string>;
}

export interface FakeSection {
  ID: string;
  NAME: string;
  CATALOG_ID: string;
  SECTION_ID: string | null;
}

export const ARTICLE_PROPERTY = { ID: '101', NAME: 'Article', CODE: 'ARTNUMBER', PROPERTY_TYPE: 'S', MULTIPLE: 'N', ACTIVE: 'Y' };
const CATALOG_ID = '25';
export const PAGE = 50;

export interface FakeCatalog {
  products: Map<number, FakeProduct>;
  sections: Map<number, FakeSection>;
  addProduct(name: string, options?: { article?: string; section?: string }): FakeProduct;
  /** A section by name (made when missing). */
  section(name: string): FakeSection;
  /** Every product as the test reads it: name, article, section name. */
  list(): { id: number; name: string; article: string | null; section: string | null }[];
}

type Answer = { status: number; body: Record<string, unknown> };
type Ok = (result: unknown, extra?: Record<string, unknown>) => Answer;
type Fail = (status: number, code: string, description: string) => Answer;

export function createFakeCatalog(): FakeCatalog & { answer(method: string, params: Record<string, unknown>, ok: Ok, fail: Fail): Answer | null } {
  let productId = 0;
  let sectionId = 0;
  const catalog = {
    products: new Map<number, FakeProduct>(),
    sections: new Map<number, FakeSection>(),
  } as FakeCatalog & { answer(method: string, params: Record<string, unknown>, ok: Ok, fail: Fail): Answer | null };

  const addSection = (fields: Record<string, unknown>): FakeSection => {
    const section = { ID: String(++sectionId), NAME: String(fields.NAME ?? ''), CATALOG_ID: CATALOG_ID, SECTION_ID: fields.SECTION_ID ? String(fields.SECTION_ID) : null };
    catalog.sections.set(sectionId, section);
    return section;
  };
  const write = (product: FakeProduct, fields: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(fields)) {
      if (key.startsWith('PROPERTY_')) product.properties[key] = String(value ?? '');
      else if (key === 'NAME') product.NAME = String(value);
      else if (key === 'SECTION_ID') product.SECTION_ID = value === '' || value === null ? null : String(value);
      else if (key === 'PRICE') product.PRICE = String(value);
      else if (key === 'CURRENCY_ID') product.CURRENCY_ID = String(value);
    }
  };
  const view = (product: FakeProduct, select: string[] | null) => {
    const full: Record<string, unknown> = { ID: product.ID, NAME: product.NAME, SECTION_ID: product.SECTION_ID, CATALOG_ID: product.CATALOG_ID, PRICE: product.PRICE, CURRENCY_ID: product.CURRENCY_ID };
    full[`PROPERTY_${ARTICLE_PROPERTY.ID}`] = product.properties[`PROPERTY_${ARTICLE_PROPERTY.ID}`] ? { valueId: `${product.ID}01`, value: product.properties[`PROPERTY_${ARTICLE_PROPERTY.ID}`] } : null;
    if (!select || select.includes('*')) return full;
    return Object.fromEntries(Object.entries(full).filter(([key]) => select.includes(key) || key === 'ID'));
  };
  const selectOf = (params: Record<string, unknown>): string[] | null => {
    const raw = params.select;
    if (!raw) return null;
    return (Array.isArray(raw) ? raw : Object.values(raw as object)).map(String);
  };
  const paged = (rows: unknown[], params: Record<string, unknown>, ok: Ok) => {
    const start = Math.max(0, Number(params.start ?? 0) || 0);
    return ok(rows.slice(start, start + PAGE), { total: rows.length, ...(start + PAGE < rows.length && { next: start + PAGE }) });
  };

  catalog.addProduct = (name, options = {}) => {
    const product: FakeProduct = { ID: String(++productId), NAME: name, SECTION_ID: options.section ? catalog.section(options.section).ID : null, CATALOG_ID, PRICE: null, CURRENCY_ID: 'RUB', properties: {} };
    if (options.article) product.properties[`PROPERTY_${ARTICLE_PROPERTY.ID}`] = options.article;
    catalog.products.set(productId, product);
    return product;
  };
  catalog.section = (name) => [...catalog.sections.values()].find((section) => section.NAME === name) ?? addSection({ NAME: name });
  catalog.list = () =>
    [...catalog.products.values()].map((product) => ({
      id: Number(product.ID),
      name: product.NAME,
      article: product.properties[`PROPERTY_${ARTICLE_PROPERTY.ID}`] || null,
      section: product.SECTION_ID ? (catalog.sections.get(Number(product.SECTION_ID))?.NAME ?? null) : null,
    }));

  catalog.answer = (method, params, ok, fail) => {
    const fields = (params.fields ?? {}) as Record<string, unknown>;
    switch (method) {
      case 'crm.product.property.list':
        return ok([ARTICLE_PROPERTY]);
      case 'crm.productsection.list':
        return paged([...catalog.sections.values()], params, ok);
      case 'crm.productsection.add':
        if (!fields.NAME) return fail(400, 'ERROR_CORE', 'Section name is required');
        return ok(Number(addSection(fields).ID));
      case 'crm.product.list':
        return paged(
          [...catalog.products.values()].map((product) => view(product, selectOf(params))),
          params,
          ok,
        );
      case 'crm.product.get': {
        const product = catalog.products.get(Number(params.id ?? params.ID));
        return product ? ok(view(product, null)) : fail(400, 'ERROR_NOT_FOUND', 'Product is not found');
      }
      case 'crm.product.add': {
        if (!fields.NAME) return fail(400, 'ERROR_CORE', 'Product name is required');
        const product: FakeProduct = { ID: String(++productId), NAME: '', SECTION_ID: null, CATALOG_ID, PRICE: null, CURRENCY_ID: 'RUB', properties: {} };
        write(product, fields);
        catalog.products.set(productId, product);
        return ok(productId);
      }
      case 'crm.product.update': {
        const product = catalog.products.get(Number(params.id ?? params.ID));
        if (!product) return fail(400, 'ERROR_NOT_FOUND', 'Product is not found');
        if ('NAME' in fields && !fields.NAME) return fail(400, 'ERROR_CORE', 'Product name is required');
        write(product, fields);
        return ok(true);
      }
      default:
        return null;
    }
  };
  return catalog;
}
