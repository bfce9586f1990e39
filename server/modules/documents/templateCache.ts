import type { TemplateFieldCatalogue } from '../../../src/contract/documents';
import { knownPlaceholders } from './catalogue';
import { CompiledTemplate } from './render';
import type { TemplateRow } from './templates';

/**
 * Compiled templates, one per template version (issue 15: parsing the template's XML was a fifth of a docx's CPU).
 * A version is the row's file and updated_at with the account's placeholder catalogue (custom order fields change
 * what compiles); a newer version is a new key, and the least recently used entries go past the limits. On a hit
 * the template's bytes are not even read. Each server process keeps its own.
 */

const MAX_ENTRIES = 64;
const MAX_BYTES = 64 * 1024 * 1024;
/** A template larger than this is compiled for each document rather than held. */
const MAX_TEMPLATE_BYTES = 8 * 1024 * 1024;

interface Entry {
  compiled: CompiledTemplate;
  bytes: number;
}

const entries = new Map<string, Entry>();
let held = 0;
let enabled = true;

/** The benchmark turns the cache off (compile for every document, as before) to compare both in one run. */
export function setTemplateCache(on: boolean): void {
  enabled = on;
}

function versionOf(row: TemplateRow, catalogue: TemplateFieldCatalogue): string {
  const fields = catalogue.map((group) => `${group.group}:${group.fields.map((field) => field.placeholder).join(',')}`).join(';');
  return `${row.id}|${row.updatedAt.getTime()}|${row.path ?? ''}|${row.builtin ?? ''}|${row.fileSize}|${fields}`;
}

function drop(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  held -= entry.bytes;
}

/** The template compiled against the catalogue; bytes are read only when it is not held. */
export async function compiledTemplate(row: TemplateRow, catalogue: TemplateFieldCatalogue, readBytes: () => Promise<Buffer>): Promise<CompiledTemplate> {
  const key = versionOf(row, catalogue);
  const entry = enabled ? entries.get(key) : undefined;
  if (entry?.compiled.reusable) {
    // Most recently used last, so the oldest goes first.
    entries.delete(key);
    entries.set(key, entry);
    return entry.compiled;
  }
  if (entry) drop(key);
  const bytes = await readBytes();
  const compiled = CompiledTemplate.compile(bytes, knownPlaceholders(catalogue));
  if (!enabled || bytes.length > MAX_TEMPLATE_BYTES) return compiled;
  // Another document may have compiled it meanwhile.
  drop(key);
  entries.set(key, { compiled, bytes: bytes.length });
  held += bytes.length;
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ENTRIES && held <= MAX_BYTES) break;
    drop(oldest);
  }
  return compiled;
}
