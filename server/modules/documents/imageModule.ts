import type PizZip from 'pizzip';

/**
 * Pictures in templates (issue 15), our own module for docxtemplater's module API (its image module is paid):
 * {%image} inserts the picture a placeholder holds as an inline DrawingML picture, with a relationship from the part
 * it is in (body, header or footer) to a media file. Size: {%image 3cm} (width, height by the picture's proportions),
 * {%image 3cm 2cm} (fits that box); units cm, mm, in, pt or px; without one, the picture's own size at 96 dpi, at
 * most the width of a page's text. A placeholder with no picture leaves an empty place.
 */

export const IMAGE_MODULE = 'stockroomImage';

/** What an image placeholder holds: bytes Word and LibreOffice both show, and their pixel size. */
export class DocumentImage {
  constructor(
    readonly bytes: Buffer,
    readonly extension: 'png' | 'jpeg',
    readonly width: number,
    readonly height: number,
  ) {}
  /** A picture written as a plain {tag} prints nothing rather than '[object Object]'. */
  toString(): string {
    return '';
  }
}

const EMU_PER = { cm: 360_000, mm: 36_000, in: 914_400, pt: 12_700, px: 9_525 } as const;
/** 16 cm: the text width of an A4 page with 2.5 cm margins, less a little. */
const MAX_WIDTH_EMU = 16 * EMU_PER.cm;
/** Nothing larger than a page, whatever the tag says. */
const MAX_SIDE_EMU = 50 * EMU_PER.cm;
const LENGTH = /^(\d{1,4}(?:\.\d{1,3})?)(cm|mm|in|pt|px)$/;

export interface ImageBox {
  width?: number;
  height?: number;
}

/** The tag's size options ('3cm', '3cm 2cm', '3cmx2cm') in EMU; a string is the problem with them. */
export function parseImageBox(text: string): ImageBox | string {
  const words = text.trim().split(/\s+|(?<=[a-z])x(?=\d)/).filter(Boolean);
  if (words.length > 2) return 'give at most a width and a height, such as {%image 3cm 2cm}';
  const lengths: number[] = [];
  for (const word of words) {
    const match = LENGTH.exec(word);
    if (!match) return `'${word}' is not a size: write a number with cm, mm, in, pt or px, such as 3cm`;
    const emu = Math.round(Number(match[1]) * EMU_PER[match[2] as keyof typeof EMU_PER]);
    if (emu <= 0 || emu > MAX_SIDE_EMU) return `'${word}' is not a size a page can hold`;
    lengths.push(emu);
  }
  return { width: lengths[0], height: lengths[1] };
}

/** The picture's extent in EMU: the box's, keeping the picture's proportions. */
export function extentOf(image: Pick<DocumentImage, 'width' | 'height'>, box: ImageBox): { cx: number; cy: number } {
  const ratio = image.height / image.width;
  let cx = image.width * EMU_PER.px;
  let cy = image.height * EMU_PER.px;
  if (box.width && box.height) {
    const scale = Math.min(box.width / cx, box.height / cy);
    cx *= scale;
    cy *= scale;
  } else if (box.width) {
    cx = box.width;
    cy = box.width * ratio;
  } else if (box.height) {
    cy = box.height;
    cx = box.height / ratio;
  } else if (cx > MAX_WIDTH_EMU) {
    cx = MAX_WIDTH_EMU;
    cy = MAX_WIDTH_EMU * ratio;
  }
  return { cx: Math.max(1, Math.round(cx)), cy: Math.max(1, Math.round(cy)) };
}

const CONTENT_TYPE = { png: 'image/png', jpeg: 'image/jpeg' } as const;
const IMAGE_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

/**
 * The media of one render: the module adds each picture as it renders it (one media file per distinct picture,
 * one relationship per part that shows it); writeInto puts files, relationships and content types into the zip.
 */
export class MediaSink {
  private readonly media = new Map<DocumentImage, string>();
  private readonly relations = new Map<string, Map<DocumentImage, string>>();
  private shown = 0;

  /**
   * A drawing id unique in the document (Word calls a file with two equal ones damaged). docxtemplater renumbers
   * them only with its optional fixDocPrCorruption module, which re-reads every part of every document; ours start
   * far above the few ids a template's own pictures have.
   */
  nextDrawingId(): number {
    this.shown += 1;
    return 100_000 + this.shown;
  }

  /** The relationship id, in the part at partPath, of the picture. */
  add(partPath: string, image: DocumentImage): string {
    if (!this.media.has(image)) this.media.set(image, `media/stockroom-image-${this.media.size + 1}.${image.extension}`);
    let ids = this.relations.get(partPath);
    if (!ids) this.relations.set(partPath, (ids = new Map()));
    let id = ids.get(image);
    // A prefix no Word-made relationship uses, so the ids never clash with the template's own.
    if (!id) ids.set(image, (id = `rIdStockroomImage${ids.size + 1}`));
    return id;
  }

  writeInto(zip: PizZip): void {
    if (this.media.size === 0) return;
    // Pictures are compressed already: storing them costs no CPU and hardly any size.
    for (const [image, target] of this.media) zip.file(`word/${target}`, image.bytes, { binary: true, compression: 'STORE' });
    for (const [partPath, ids] of this.relations) {
      const slash = partPath.lastIndexOf('/');
      const relsPath = `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
      // Relative to the part's folder; a part outside word/ (none Word makes) gets the absolute part name.
      const prefix = partPath.slice(0, slash) === 'word' ? '' : '/word/';
      const entries = [...ids].map(([image, id]) => `<Relationship Id="${id}" Type="${IMAGE_RELATIONSHIP}" Target="${prefix}${this.media.get(image)}"/>`).join('');
      const current = zip.file(relsPath)?.asText() ?? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
      zip.file(relsPath, current.includes('</Relationships>') ? current.replace('</Relationships>', `${entries}</Relationships>`) : current.replace(/<Relationships([^>]*)\/>/, `<Relationships$1>${entries}</Relationships>`));
    }
    const types = zip.file('[Content_Types].xml');
    if (types) {
      let xml = types.asText();
      for (const extension of new Set([...this.media.keys()].map((image) => image.extension))) {
        if (!new RegExp(`<Default[^>]*Extension="${extension}"`, 'i').test(xml)) xml = xml.replace('</Types>', `<Default Extension="${extension}" ContentType="${CONTENT_TYPE[extension]}"/></Types>`);
      }
      zip.file('[Content_Types].xml', xml);
    }
  }
}

/**
 * The run content of an inline picture: it closes the tag's w:t and opens another, so the run keeps its properties
 * and any text around the tag. Namespaces are declared here, as a template need not declare wp: or r:.
 */
function drawing(id: string, drawingId: number, name: string, extent: { cx: number; cy: number }): string {
  const { cx, cy } = extent;
  return (
    '</w:t><w:drawing>' +
    `<wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>` +
    `<wp:docPr id="${drawingId}" name="${name}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
    '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="0" name="${name}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:embed="${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
    '</a:graphicData></a:graphic></wp:inline></w:drawing><w:t xml:space="preserve">'
  );
}

/** An image tag as docxtemplater parsed it: value is the placeholder, box its size options. */
export interface ImagePart {
  module?: string;
  value: string;
  box?: ImageBox | string;
}

interface RenderOptions {
  filePath: string;
  scopeManager: { getValue(tag: string, meta: { part: unknown }): unknown };
}

/** The module; `sink` is set for each render (renders are synchronous, so one module serves one render at a time). */
export class ImageModule {
  readonly name = 'StockroomImageModule';
  sink: MediaSink | null = null;

  /** '%' tags are ours; docxtemplater hands the properties function [whole tag, text after the '%']. */
  matchers(): [string, string, (values: unknown) => Record<string, unknown>][] {
    return [
      [
        '%',
        IMAGE_MODULE,
        (values) => {
          const [, name = '', options = ''] = /^\s*(\S*)\s*([\s\S]*)$/.exec(String((values as string[])[1] ?? '')) ?? [];
          return { value: name, box: parseImageBox(options) };
        },
      ],
    ];
  }

  render(part: ImagePart, options: RenderOptions): { value: string; errors: unknown[] } | null {
    if (part.module !== IMAGE_MODULE) return null;
    const image = options.scopeManager.getValue(part.value, { part });
    if (!(image instanceof DocumentImage) || !this.sink || typeof part.box !== 'object') return { value: '', errors: [] };
    const id = this.sink.add(options.filePath, image);
    return { value: drawing(id, this.sink.nextDrawingId(), `Picture ${part.value.replace(/[^A-Za-z0-9_.]/g, '')}`, extentOf(image, part.box)), errors: [] };
  }
}
