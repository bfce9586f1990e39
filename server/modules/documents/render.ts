import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import type { Orientation } from '../../../src/contract/documents';
import { IMAGE_MODULE, ImageModule, type ImagePart, MediaSink } from './imageModule';
import { writeDocx } from './zipWriter';

/**
 * Fills a docx template with docxtemplater: {a.b} placeholders, {#loop}…{/loop} loops and conditions, {^x} inverted
 * sections, {%image} pictures (imageModule.ts). Any placeholder the catalogue does not know is refused by name, so a
 * typo never prints as 'undefined'. A template is compiled once (compileTemplate) and rendered any number of times.
 */

/** A template the user must fix: the message names the placeholders. */
export class TemplateProblem extends Error {}

const TAG = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

export interface KnownPlaceholders {
  /** Paths valid anywhere ('order.name', 'positions', 'totals.total'). */
  global: ReadonlySet<string>;
  /** Paths valid inside a loop, by loop name ('positions' → 'name', 'price', …). */
  loops: ReadonlyMap<string, ReadonlySet<string>>;
  /** The paths (global or loop fields) that hold a picture: written {%path}, and only those may be. */
  images: ReadonlySet<string>;
}

/** Known somewhere: anywhere, or as a field of some loop (whether it is inside that loop is checked when it is read). */
function isKnown(known: KnownPlaceholders, tag: string): boolean {
  return known.global.has(tag) || [...known.loops.values()].some((fields) => fields.has(tag));
}

function isInItsLoop(known: KnownPlaceholders, tag: string, scopePath: readonly string[]): boolean {
  return known.global.has(tag) || scopePath.some((loop) => known.loops.get(loop)?.has(tag));
}

const loopsOf = (known: KnownPlaceholders, tag: string) => [...known.loops].filter(([, fields]) => fields.has(tag)).map(([loop]) => `{#${loop}}`);

function resolve(scope: unknown, path: string): unknown {
  let value: unknown = scope;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** docxtemplater's errors, one line each, naming the placeholder. */
function problemOf(error: unknown): TemplateProblem {
  const properties = (error as { properties?: { errors?: unknown[]; explanation?: string; xtag?: string; rootError?: Error } }).properties;
  const errors = properties?.errors?.length ? properties.errors : [error];
  const lines = errors.slice(0, 10).map((item) => {
    const p = (item as { properties?: { explanation?: string; xtag?: string; rootError?: Error } }).properties;
    if (p?.rootError instanceof TemplateProblem) return p.rootError.message;
    return p?.explanation ?? String((item as Error).message ?? item);
  });
  const more = errors.length > 10 ? ` (and ${errors.length - 10} more)` : '';
  return new TemplateProblem(`The template has errors: ${[...new Set(lines)].join('; ')}${more}`);
}

/** Opens a docx; anything that is not one is a problem of the file, never a crash. */
export function openDocx(bytes: Buffer | Uint8Array): PizZip {
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw new TemplateProblem('The file is not a Word document (docx): it could not be opened as one');
  }
  if (!zip.file('word/document.xml')) throw new TemplateProblem('The file is not a Word document (docx): it has no word/document.xml');
  return zip;
}

let zipWith: 'zlib' | 'pizzip' = 'zlib';

/** The benchmark zips with PizZip's deflate (as before zipWriter.ts) to compare both in one run. */
export function setZipWriter(writer: 'zlib' | 'pizzip'): void {
  zipWith = writer;
}

/** The tag's problem as the template's author should read it, or null. */
function tagProblem(known: KnownPlaceholders, raw: string, part: ImagePart | undefined): string | null {
  const tag = raw.trim();
  if (tag === '.') return null;
  const image = part?.module === IMAGE_MODULE;
  const written = image ? `{%${tag}}` : `{${tag}}`;
  if (!TAG.test(tag)) return `${image ? `{%${raw}}` : `{${raw}}`}: a placeholder is a name such as {order.name}`;
  if (!isKnown(known, tag)) return `${written}: no such placeholder (see the template fields)`;
  if (image && !known.images.has(tag)) return `${written}: not a picture; write {${tag}}`;
  if (image && typeof part?.box === 'string') return `${written}: ${part.box}`;
  if (!image && known.images.has(tag)) return `{${tag}}: a picture; write {%${tag}}`;
  return null;
}

/** A template ready to fill: its XML parsed once, rendered any number of times (each render is synchronous). */
export class CompiledTemplate {
  /** The zip's files as compiled: every render starts from them and puts them back. */
  private readonly files: PizZip['files'];
  private failed = false;

  private constructor(
    private readonly doc: Docxtemplater,
    private readonly images: ImageModule,
    /** Whether any {%picture} is in the template (pictures are read only for those that show them). */
    readonly usesImages: boolean,
  ) {
    this.files = { ...doc.getZip().files };
  }

  static compile(bytes: Buffer | Uint8Array, known: KnownPlaceholders): CompiledTemplate {
    const zip = openDocx(bytes);
    const images = new ImageModule();
    let usesImages = false;
    try {
      const doc = new Docxtemplater(zip, {
        modules: [images],
        paragraphLoop: true,
        errorLogging: false,
        linebreaks: true,
        parser: (tag: string, meta?: { tag?: ImagePart }) => {
          const trimmed = tag.trim();
          const problem = tagProblem(known, tag, meta?.tag);
          if (problem) throw new TemplateProblem(problem);
          if (meta?.tag?.module === IMAGE_MODULE) usesImages = true;
          return {
            // docxtemplater's context names the loops around the tag (scopePath) when it reads a value.
            get: (scope: unknown, context?: { scopePath?: string[] }) => {
              if (trimmed === '.') return scope;
              if (!isInItsLoop(known, trimmed, context?.scopePath ?? [])) throw new TemplateProblem(`{${trimmed}}: used outside its loop ${loopsOf(known, trimmed).join(' or ')}`);
              return resolve(scope, trimmed);
            },
          };
        },
        // Known placeholders always have a value (possibly ''): a missing one is an empty field, not 'undefined'.
        nullGetter: () => '',
      });
      return new CompiledTemplate(doc, images, usesImages);
    } catch (error) {
      throw problemOf(error);
    }
  }

  /** False once a render failed: docxtemplater keeps that render's errors, so the template is compiled afresh. */
  get reusable(): boolean {
    return !this.failed;
  }

  /** The filled docx. */
  render(data: Record<string, unknown>, orientation: Orientation): Buffer {
    if (this.failed) throw new Error('This compiled template failed before: compile it again');
    const zip = this.doc.getZip();
    const sink = new MediaSink();
    this.images.sink = sink;
    // docxtemplater refuses a second render of one instance and keeps the first render's data and scopes; its
    // compiled template does not change while rendering, so these three are all a new render needs afresh.
    Object.assign(this.doc, { rendered: false, scopeManagers: {}, mapper: undefined });
    try {
      try {
        this.doc.render(data);
      } catch (error) {
        this.failed = true;
        throw problemOf(error);
      }
      sink.writeInto(zip);
      orient(zip, orientation);
      return zipWith === 'zlib' ? writeDocx(zip) : zip.generate({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
    } finally {
      this.images.sink = null;
      zip.files = { ...this.files };
    }
  }
}

/** Checks a template before it is stored: it opens, and every placeholder is well-formed and known. */
export function checkTemplate(bytes: Buffer | Uint8Array, known: KnownPlaceholders, sample: Record<string, unknown>): void {
  renderDocx(bytes, known, sample, 'portrait');
}

const PAGE = /<w:pgSz\b[^>]*\/>/g;

/** Portrait or landscape: every section's page size is set (width and height swapped as needed). */
function orient(zip: PizZip, orientation: Orientation): void {
  const file = zip.file('word/document.xml');
  if (!file) return;
  const xml = file.asText();
  const next = xml.replace(PAGE, (tag) => {
    const w = Number(/w:w="(\d+)"/.exec(tag)?.[1] ?? 11906);
    const h = Number(/w:h="(\d+)"/.exec(tag)?.[1] ?? 16838);
    const [short, long] = w < h ? [w, h] : [h, w];
    return orientation === 'landscape' ? `<w:pgSz w:w="${long}" w:h="${short}" w:orient="landscape"/>` : `<w:pgSz w:w="${short}" w:h="${long}"/>`;
  });
  if (next !== xml) zip.file('word/document.xml', next);
}

/** The filled docx, compiling the template for this one render. */
export function renderDocx(bytes: Buffer | Uint8Array, known: KnownPlaceholders, data: Record<string, unknown>, orientation: Orientation): Buffer {
  return CompiledTemplate.compile(bytes, known).render(data, orientation);
}
