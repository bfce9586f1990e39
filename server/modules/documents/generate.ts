import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { Readable } from 'node:stream';
import PizZip from 'pizzip';
import type { GenerateAnswer, GeneratedDocument, RegistryPage, RegistryRequest } from '../../../src/contract/documents';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { companies, contacts, documentCounters, generatedDocuments, orderFiles, orders, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { refusal } from '../../http/refusal';
import { discardStored, readStored, storeStream } from '../orderDocuments/storage';
import { documentGenerated } from './generatedEvents';
import { orderDocumentData, formatters, type DocumentLang } from './orderData';
import { docxToPdf, PdfUnavailable } from './pdf';
import { TemplateProblem } from './render';
import { compiledTemplate } from './templateCache';
import { sellerOf, settingsOf, templateBytes, templateFields, templateRowOf, type TemplateRow } from './templates';

/**
 * orders/doc/generate: a template filled for an order, stored as the order's generated file, numbered per account
 * and document type. A document never changes after the fact; regenerating replaces the last one of its template
 * on the order (same number, new content).
 */

type Config = Pick<ServerConfig, 'dataDir' | 'rootDir'>;

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const PDF_MIME = 'application/pdf';

const TYPE_NAMES: Record<DocumentLang, Record<string, string>> = {
  en: { invoice: 'Invoice', quote: 'Quote', delivery_note: 'Delivery note', contract: 'Contract', other: 'Document' },
  ru: { invoice: 'Счёт', quote: 'Коммерческое предложение', delivery_note: 'Накладная', contract: 'Договор', other: 'Документ' },
};
const TITLE: Record<DocumentLang, (type: string, number: number, date: string) => string> = {
  en: (type, number, date) => `${type} No. ${number} of ${date}`,
  ru: (type, number, date) => `${type} № ${number} от ${date}`,
};

export interface GenerateInput {
  accountId: number;
  /** Who formed it (null: the public customer); also the employee of an order with none. */
  userId: number | null;
  origin: 'formed' | 'auto' | 'public';
  orderId: number;
  templateId: number;
  regenerate?: boolean;
}

async function takeNumber(db: Db, accountId: number, type: string): Promise<number> {
  const [row] = await db
    .insert(documentCounters)
    .values({ accountId, type, last: 1 })
    .onConflictDoUpdate({ target: [documentCounters.accountId, documentCounters.type], set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  return row.last;
}

/** Fills the template for the order: the docx bytes, or throws a 400 naming the placeholders. */
export async function fillTemplate(db: Db, config: Config, input: Omit<GenerateInput, 'origin' | 'regenerate'>, number: number, date: Date, row?: TemplateRow) {
  const template = row ?? (await templateRowOf(db, input.accountId, input.templateId));
  const settings = await settingsOf(db, input.accountId, input.userId);
  const lang: DocumentLang = settings.lang === 'ru' ? 'ru' : 'en';
  const catalogue = await templateFields(db, input.accountId);
  const customCodes = catalogue.find((group) => group.group === 'order')!.fields.filter((field) => field.custom).map((field) => field.key.slice('order.'.length));
  const typeName = TYPE_NAMES[lang][template.type] ?? TYPE_NAMES[lang].other;
  const title = TITLE[lang](typeName, number, formatters(lang).date(date));
  try {
    const compiled = await compiledTemplate(template, catalogue, () => templateBytes(config, template));
    const filled = await orderDocumentData(db, input.accountId, input.orderId, {
      lang,
      header: { number, date, title, typeName, templateName: template.name },
      employeeId: input.userId,
      seller: sellerOf(settings),
      customCodes,
      pictures: compiled.usesImages,
    });
    const docx = compiled.render(filled.data, template.orientation === 'landscape' ? 'landscape' : 'portrait');
    return { template, title, docx };
  } catch (error) {
    if (error instanceof TemplateProblem) throw badRequest(`${template.name}: ${error.message}`);
    throw error;
  }
}

export async function generateDocument(db: Db, config: Config, input: GenerateInput): Promise<GenerateAnswer> {
  const [previous] = input.regenerate
    ? await db
        .select({ fileId: generatedDocuments.fileId, number: generatedDocuments.number, path: orderFiles.path })
        .from(generatedDocuments)
        .innerJoin(orderFiles, eq(orderFiles.id, generatedDocuments.fileId))
        .where(and(eq(generatedDocuments.accountId, input.accountId), eq(generatedDocuments.orderId, input.orderId), eq(generatedDocuments.templateId, input.templateId)))
        .orderBy(desc(generatedDocuments.fileId))
        .limit(1)
    : [];
  if (input.regenerate && !previous) throw refusal(404, 'noDocumentOfTemplate');
  const template = await templateRowOf(db, input.accountId, input.templateId);
  // The order must be the account's before a number is spent on it.
  const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, input.orderId), eq(orders.accountId, input.accountId)));
  if (!order) throw refusal(404, 'noSuchOrder');
  const date = new Date();
  const number = previous?.number ?? (await takeNumber(db, input.accountId, template.type));
  const filled = await fillTemplate(db, config, input, number, date, template);
  let bytes = filled.docx;
  let format: 'docx' | 'pdf' = 'docx';
  let notice: string | null = null;
  if (template.downloadType === 'pdf') {
    try {
      bytes = await docxToPdf(filled.docx);
      format = 'pdf';
    } catch (error) {
      if (!(error instanceof PdfUnavailable)) throw error;
      notice = error.message;
    }
  }
  const { stored } = await storeStream(config, input.accountId, Readable.from([bytes]));
  if (!stored) throw new Error('The document could not be stored');
  const name = `${filled.title}.${format}`.replace(/[\\/]/g, '-');
  const fileId = await db.transaction(async (tx) => {
    const [file] = await tx
      .insert(orderFiles)
      .values({
        accountId: input.accountId,
        orderId: input.orderId,
        kind: 'generated',
        name,
        mime: format === 'pdf' ? PDF_MIME : DOCX_MIME,
        size: stored.size,
        path: stored.path,
        content: stored.content,
        publicVisible: template.publicVisible,
        userId: input.userId,
      })
      .returning({ id: orderFiles.id });
    await tx.insert(generatedDocuments).values({
      fileId: file.id,
      accountId: input.accountId,
      orderId: input.orderId,
      templateId: template.id,
      templateName: template.name,
      type: template.type,
      number,
      format,
      userId: input.userId,
      origin: input.origin,
      createdAt: date,
    });
    if (previous) await tx.delete(orderFiles).where(and(eq(orderFiles.id, previous.fileId), eq(orderFiles.accountId, input.accountId)));
    return file.id;
  });
  if (previous) await discardStored(config, previous.path);
  await documentGenerated({ db, accountId: input.accountId, orderId: input.orderId, templateId: template.id, fileId });
  const [document] = await selectDocuments(db, input.accountId, [eq(generatedDocuments.fileId, fileId)]);
  return { document, notice };
}

/* ------------------------------------------------------------------ reading: the order's list and the registry */

const shape = {
  id: generatedDocuments.fileId,
  orderId: generatedDocuments.orderId,
  name: orderFiles.name,
  mime: orderFiles.mime,
  size: orderFiles.size,
  templateId: generatedDocuments.templateId,
  templateName: generatedDocuments.templateName,
  type: generatedDocuments.type,
  number: generatedDocuments.number,
  format: generatedDocuments.format,
  origin: generatedDocuments.origin,
  userId: generatedDocuments.userId,
  userName: users.name,
  leadName: orders.name,
  companyName: companies.name,
  contactName: contacts.name,
  publicVisible: orderFiles.publicVisible,
  createdAt: generatedDocuments.createdAt,
};

function baseQuery(db: Db) {
  return db
    .select(shape)
    .from(generatedDocuments)
    .innerJoin(orderFiles, eq(orderFiles.id, generatedDocuments.fileId))
    .innerJoin(orders, eq(orders.id, generatedDocuments.orderId))
    .leftJoin(users, eq(users.id, generatedDocuments.userId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(contacts, eq(contacts.id, orders.contactId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const toDocument = (row: Row): GeneratedDocument => ({
  id: row.id,
  order_id: row.orderId,
  name: row.name,
  mime: row.mime,
  size: row.size,
  template_id: row.templateId,
  template_name: row.templateName,
  type: row.type,
  number: row.number,
  format: row.format === 'pdf' ? 'pdf' : 'docx',
  status: row.origin,
  user_id: row.userId,
  user_name: row.userName,
  lead_name: row.leadName,
  company_name: row.companyName,
  contact_name: row.contactName,
  public_visible: row.publicVisible,
  created_at: row.createdAt.toISOString(),
});

async function selectDocuments(db: Db, accountId: number, where: SQL[]): Promise<GeneratedDocument[]> {
  const rows = await baseQuery(db)
    .where(and(eq(generatedDocuments.accountId, accountId), ...where))
    .orderBy(asc(generatedDocuments.fileId));
  return rows.map(toDocument);
}

/** The order's generated documents (public: only those shown in the public order). */
export function listOrderDocuments(db: Db, accountId: number, orderId: number, options: { publicOnly?: boolean } = {}): Promise<GeneratedDocument[]> {
  return selectDocuments(db, accountId, [eq(generatedDocuments.orderId, orderId), ...(options.publicOnly ? [eq(orderFiles.publicVisible, true)] : [])]);
}

const dateOf = (value: string | null | undefined, name: string): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw refusal(400, 'mustBeDate', { name });
  return date;
};

/** document/registry: the account's generated documents; empty filter values are dropped (spec 2 §5). */
export async function registry(db: Db, accountId: number, request: RegistryRequest): Promise<RegistryPage> {
  const page = request.page ?? 1;
  const perPage = request.per_page ?? 50;
  const filter = request.filter ?? {};
  const where: SQL[] = [eq(generatedDocuments.accountId, accountId)];
  const from = dateOf(filter.from, 'from');
  const to = dateOf(filter.to, 'to');
  if (from) where.push(gte(generatedDocuments.createdAt, from));
  // 'to' is a day: documents of that whole day are in.
  if (to) where.push(lt(generatedDocuments.createdAt, new Date(to.getTime() + (/T/.test(filter.to ?? '') ? 0 : 86_400_000))));
  if (filter.template_id) where.push(eq(generatedDocuments.templateId, filter.template_id));
  if (filter.status) where.push(eq(generatedDocuments.origin, filter.status));
  if (filter.user_id) where.push(eq(generatedDocuments.userId, filter.user_id));
  if (filter.company_id) where.push(eq(orders.companyId, filter.company_id));
  if (filter.contact_id) where.push(eq(orders.contactId, filter.contact_id));
  const search = request.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    where.push(or(ilike(orderFiles.name, pattern), ilike(orders.name, pattern), ilike(companies.name, pattern), ilike(contacts.name, pattern), ilike(generatedDocuments.templateName, pattern))!);
  }
  const column = { created_at: generatedDocuments.createdAt, name: orderFiles.name, lead_name: orders.name, template_name: generatedDocuments.templateName, number: generatedDocuments.number }[request.sort ?? 'created_at'];
  const direction = request.direction === 'asc' ? asc : desc;
  const rows = await baseQuery(db)
    .where(and(...where))
    .orderBy(direction(column), direction(generatedDocuments.fileId))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(generatedDocuments)
    .innerJoin(orderFiles, eq(orderFiles.id, generatedDocuments.fileId))
    .innerJoin(orders, eq(orders.id, generatedDocuments.orderId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(contacts, eq(contacts.id, orders.contactId))
    .where(and(...where));
  return { data: rows.map(toDocument), total, page, per_page: perPage };
}

/** document/registry/zip: the chosen documents of the account in one zip (same names get a number). */
export async function registryZip(db: Db, config: Config, accountId: number, ids: readonly number[]): Promise<Buffer> {
  const rows = await db
    .select({ id: orderFiles.id, name: orderFiles.name, path: orderFiles.path, content: orderFiles.content })
    .from(orderFiles)
    .innerJoin(generatedDocuments, eq(generatedDocuments.fileId, orderFiles.id))
    .where(and(eq(orderFiles.accountId, accountId), inArray(orderFiles.id, [...ids])));
  if (rows.length === 0) throw refusal(404, 'noSuchDocument');
  const zip = new PizZip();
  const used = new Set<string>();
  for (const row of rows) {
    const body = await readStored(config, row);
    if (body === null) continue;
    let bytes: Buffer;
    if (Buffer.isBuffer(body)) bytes = body;
    else {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      bytes = Buffer.concat(chunks);
    }
    let name = row.name;
    for (let n = 2; used.has(name); n++) name = row.name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
    used.add(name);
    zip.file(name, bytes);
  }
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
