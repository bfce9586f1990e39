import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SELLER_FIELDS, TEMPLATE_MAX_BYTES, TEMPLATE_TYPES, type DocumentSettings, type DocumentTemplate, type Orientation, type TemplateFieldCatalogue, type TemplateType } from '../../../src/contract/documents';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { documentSettings, documentTemplates, generatedDocuments, orderFiles, pipelineStatuses, users } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import { refusal } from '../../http/refusal';
import { safeFileName } from '../orderDocuments/service';
import { listOrderFields } from '../orderFields/service';
import { fieldCatalogue, knownPlaceholders } from './catalogue';
import { checkTemplate, openDocx, TemplateProblem } from './render';
import { accountStorage, builtinBytes } from './templateStorage';
import { addAccountDocuments } from '../accountDefaults/documents';

/** Templates of an account (document/list, add, update, delete) and its document settings. */

type Config = Pick<ServerConfig, 'dataDir' | 'rootDir'>;
export type TemplateRow = typeof documentTemplates.$inferSelect;

/**
 * The account's document settings for a write (generating, saving settings). An account made before its documents
 * were made with it (or by a path that skipped addAccountDocuments) gets them now, in the language of this member.
 */
export async function settingsOf(db: Db, accountId: number, userId: number | null): Promise<typeof documentSettings.$inferSelect> {
  const [row] = await db.select().from(documentSettings).where(eq(documentSettings.accountId, accountId));
  if (row) return row;
  const [user] = userId ? await db.select({ lang: users.lang }).from(users).where(eq(users.id, userId)) : [];
  await addAccountDocuments(db, accountId, user?.lang);
  const [made] = await db.select().from(documentSettings).where(eq(documentSettings.accountId, accountId));
  return made;
}

export function sellerOf(settings: Pick<typeof documentSettings.$inferSelect, 'requisites'>): Record<string, string> {
  return Object.fromEntries(SELLER_FIELDS.map((field) => [field, String(settings.requisites[field] ?? '')]));
}

/** The language the account's documents are written in (document settings); English for an account without settings. */
export async function documentLanguageOf(db: Db, accountId: number): Promise<'en' | 'ru'> {
  const [settings] = await db.select({ lang: documentSettings.lang }).from(documentSettings).where(eq(documentSettings.accountId, accountId));
  return settings?.lang === 'ru' ? 'ru' : 'en';
}

/** document/settings (a read: the settings are made with the account; an account without them reads the defaults). */
export async function getDocumentSettings(db: Db, accountId: number, userId: number): Promise<DocumentSettings> {
  const [settings] = await db.select().from(documentSettings).where(eq(documentSettings.accountId, accountId));
  if (settings) return { lang: settings.lang === 'ru' ? 'ru' : 'en', requisites: sellerOf(settings) };
  const [user] = await db.select({ lang: users.lang }).from(users).where(eq(users.id, userId));
  return { lang: user?.lang === 'ru' ? 'ru' : 'en', requisites: sellerOf({ requisites: {} }) };
}

export async function updateDocumentSettings(db: Db, accountId: number, userId: number, body: DocumentSettings): Promise<DocumentSettings> {
  await settingsOf(db, accountId, userId);
  const requisites = Object.fromEntries(SELLER_FIELDS.map((field) => [field, (body.requisites[field] ?? '').trim()]));
  await db.update(documentSettings).set({ lang: body.lang, requisites }).where(eq(documentSettings.accountId, accountId));
  return getDocumentSettings(db, accountId, userId);
}

export function toTemplate(row: TemplateRow): DocumentTemplate {
  return {
    id: row.id,
    name: row.name,
    type: (TEMPLATE_TYPES as readonly string[]).includes(row.type) ? (row.type as TemplateType) : 'other',
    download_type: row.downloadType === 'pdf' ? 'pdf' : 'docx',
    orientation: row.orientation === 'landscape' ? 'landscape' : 'portrait',
    autogen_status_id: row.autogenStatusId,
    public_visible: row.publicVisible,
    builtin: row.builtin,
    file_name: row.fileName,
    file_size: row.fileSize,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** document/list (a read: the built-ins are made with the account). */
export async function listTemplates(db: Db, accountId: number, options: { publicOnly?: boolean } = {}): Promise<DocumentTemplate[]> {
  const rows = await db
    .select()
    .from(documentTemplates)
    .where(and(eq(documentTemplates.accountId, accountId), ...(options.publicOnly ? [eq(documentTemplates.publicVisible, true)] : [])))
    .orderBy(asc(documentTemplates.id));
  return rows.map(toTemplate);
}

export async function templateRowOf(db: Db, accountId: number, id: number): Promise<TemplateRow> {
  const [row] = await db.select().from(documentTemplates).where(and(eq(documentTemplates.id, id), eq(documentTemplates.accountId, accountId)));
  if (!row) throw refusal(404, 'noSuchTemplate');
  return row;
}

/** A template's docx bytes: its own file, or the built-in one. */
export async function templateBytes(config: Config, row: TemplateRow): Promise<Buffer> {
  if (row.path || row.content) {
    const bytes = await accountStorage(config).read(row);
    if (!bytes) throw refusal(404, 'templateFileMissing');
    return bytes;
  }
  if (row.builtin) return builtinBytes(config, row.builtin);
  throw refusal(404, 'templateHasNoFile');
}

/** document/refresh-fields: every placeholder, with the account's custom order fields. */
export async function templateFields(db: Db, accountId: number): Promise<TemplateFieldCatalogue> {
  const custom = await listOrderFields(db, accountId);
  return fieldCatalogue(custom.filter((field) => !field.is_system).map((field) => ({ code: field.code, name: field.name })));
}

/* ------------------------------------------------------------------ add and update (multipart) */

interface TemplateForm {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | null;
}

async function readForm(request: FastifyRequest): Promise<TemplateForm> {
  if (!request.isMultipart()) throw refusal(400, 'templateNotMultipart');
  const fields: Record<string, string> = {};
  let file: TemplateForm['file'] = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: TEMPLATE_MAX_BYTES, files: 1, fields: 12, fieldSize: 1000 } })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw refusal(400, 'formFieldTooLong', { field: part.fieldname });
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw refusal(413, 'templateTooLarge', { mb: TEMPLATE_MAX_BYTES / (1024 * 1024) });
      file = { name: safeFileName(part.filename), bytes };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusal(413, 'templateTooLarge', { mb: TEMPLATE_MAX_BYTES / (1024 * 1024) });
    throw refusal(400, 'uploadUnreadable', { reason: String((error as Error).message ?? error) });
  }
  return { fields, file };
}

const pick = <T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined => {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw refusal(400, 'mustBeOneOf', { name, allowed: allowed.join(', ') });
  return value as T;
};

const flag = (value: string | undefined, name: string): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw refusal(400, 'mustBeFlag', { name });
};

async function stageOf(db: Db, accountId: number, value: string | undefined): Promise<number | null | undefined> {
  if (value === undefined) return undefined;
  if (value === '' || value === 'null' || value === '0') return null;
  if (!/^[1-9]\d{0,9}$/.test(value)) throw refusal(400, 'autogenStageNotValid');
  const [stage] = await db.select({ id: pipelineStatuses.id }).from(pipelineStatuses).where(and(eq(pipelineStatuses.id, Number(value)), eq(pipelineStatuses.accountId, accountId)));
  if (!stage) throw refusal(400, 'autogenStageOtherAccount');
  return stage.id;
}

/** A new file is checked before it is kept: a docx, whose placeholders all exist. */
async function checkedFile(db: Db, accountId: number, file: NonNullable<TemplateForm['file']>): Promise<void> {
  if (file.bytes.length === 0) throw refusal(400, 'fileEmpty');
  if (!/\.docx$/i.test(file.name)) throw refusal(400, 'templateNotDocx');
  const catalogue = await templateFields(db, accountId);
  try {
    openDocx(file.bytes);
    checkTemplate(file.bytes, knownPlaceholders(catalogue), {});
  } catch (error) {
    if (error instanceof TemplateProblem) throw badRequest(error.message);
    throw refusal(400, 'templateUnreadable', { reason: String((error as Error).message ?? error) });
  }
}

function settingsFrom(fields: Record<string, string>) {
  const name = fields.name?.trim();
  if (name !== undefined && (name === '' || name.length > 200)) throw refusal(400, 'templateNameLength');
  return {
    name,
    type: pick(fields.type, TEMPLATE_TYPES, 'type'),
    downloadType: pick(fields.download_type, ['docx', 'pdf'] as const, 'download_type'),
    orientation: pick<Orientation>(fields.orientation, ['portrait', 'landscape'], 'orientation'),
    publicVisible: flag(fields.public_visible, 'public_visible'),
  };
}

const defined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;

export async function addTemplate(db: Db, config: Config, accountId: number, request: FastifyRequest): Promise<DocumentTemplate> {
  const { fields, file } = await readForm(request);
  if (!file) throw refusal(400, 'chooseTemplateFile');
  const settings = settingsFrom(fields);
  const autogen = await stageOf(db, accountId, fields.autogen_status_id);
  await checkedFile(db, accountId, file);
  const stored = await accountStorage(config).save(accountId, file.bytes);
  try {
    const [row] = await db
      .insert(documentTemplates)
      .values({
        accountId,
        ...defined(settings),
        name: settings.name ?? file.name.replace(/\.docx$/i, ''),
        autogenStatusId: autogen ?? null,
        fileName: file.name,
        fileSize: file.bytes.length,
        path: stored.path,
        content: stored.content,
      })
      .returning();
    return toTemplate(row);
  } catch (error) {
    await accountStorage(config).discard(stored);
    throw error;
  }
}

export async function updateTemplate(db: Db, config: Config, accountId: number, request: FastifyRequest): Promise<DocumentTemplate> {
  const { fields, file } = await readForm(request);
  if (!/^[1-9]\d{0,9}$/.test(fields.id ?? '')) throw refusal(400, 'templateIdNotValid');
  const current = await templateRowOf(db, accountId, Number(fields.id));
  const settings = settingsFrom(fields);
  const autogen = await stageOf(db, accountId, fields.autogen_status_id);
  if (file) await checkedFile(db, accountId, file);
  const stored = file ? await accountStorage(config).save(accountId, file.bytes) : null;
  const [row] = await db
    .update(documentTemplates)
    .set({
      ...defined(settings),
      ...(autogen !== undefined && { autogenStatusId: autogen }),
      ...(file && stored && { fileName: file.name, fileSize: file.bytes.length, path: stored.path, content: stored.content, builtin: null }),
      updatedAt: new Date(),
    })
    .where(and(eq(documentTemplates.id, current.id), eq(documentTemplates.accountId, accountId)))
    .returning();
  // The template's documents follow its visibility in the public order.
  if (settings.publicVisible !== undefined && settings.publicVisible !== current.publicVisible) {
    await db
      .update(orderFiles)
      .set({ publicVisible: settings.publicVisible })
      .where(and(eq(orderFiles.accountId, accountId), inArray(orderFiles.id, db.select({ id: generatedDocuments.fileId }).from(generatedDocuments).where(and(eq(generatedDocuments.accountId, accountId), eq(generatedDocuments.templateId, current.id))))));
  }
  // The replaced file goes once the row names the new one.
  if (stored) await accountStorage(config).discard(current);
  return toTemplate(row);
}

export async function deleteTemplate(db: Db, config: Config, accountId: number, id: number): Promise<{ success: true }> {
  const [row] = await db.delete(documentTemplates).where(and(eq(documentTemplates.id, id), eq(documentTemplates.accountId, accountId))).returning();
  if (!row) throw refusal(404, 'noSuchTemplate');
  await accountStorage(config).discard(row);
  return { success: true };
}
