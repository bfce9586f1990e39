import { createReadStream } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { SaxesParser } from 'saxes';

/**
 * A CommerceML file read as a stream of its items (a group tree, a property, a product, a price type, a warehouse, an
 * offer), each a small element tree, so a file of 100,000 offers is never held whole in memory. The XML declaration
 * names the encoding (UTF-8 or windows-1251, as 1C writes them); bytes that are not valid in it are a failure, not
 * silently replaced characters.
 */

export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
}

export class ExchangeFileError extends Error {}

/** The items of CommerceML 2: an element of this name right under a parent of one of those names. */
const ITEMS: Record<string, readonly string[]> = {
  Группы: ['Классификатор'],
  Свойство: ['Свойства'],
  Товар: ['Товары'],
  ТипЦены: ['ТипыЦен'],
  Склад: ['Склады'],
  Предложение: ['Предложения'],
  // Orders 1C sends back: under the root (2.x) or in a Контейнер (3.x).
  Документ: ['КоммерческаяИнформация', 'Контейнер'],
};

const ENCODINGS: Record<string, string> = { 'utf-8': 'utf-8', utf8: 'utf-8', 'windows-1251': 'windows-1251', cp1251: 'windows-1251', 'win-1251': 'windows-1251' };

/** The encoding the XML declaration names (UTF-8 when none, as XML says); an unknown one is refused. */
export function declaredEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  const declaration = /^<\?xml[^>]*?encoding\s*=\s*["']([^"']+)["']/i.exec(head.subarray(0, 200).toString('latin1').trimStart());
  if (!declaration) return 'utf-8';
  const name = ENCODINGS[declaration[1]!.toLowerCase()];
  if (!name) throw new ExchangeFileError(`Unsupported encoding ${declaration[1]}: 1C exchange files are UTF-8 or windows-1251`);
  return name;
}

/** A child's text by path ('Цены/Цена'), or '' when there is none. */
export function textOf(node: XmlNode, path: string): string {
  let current: XmlNode | undefined = node;
  for (const name of path.split('/')) current = current?.children.find((child) => child.name === name);
  return current?.text.trim() ?? '';
}

export function childrenOf(node: XmlNode, path: string): XmlNode[] {
  const names = path.split('/');
  let level: XmlNode[] = [node];
  for (const name of names) level = level.flatMap((parent) => parent.children.filter((child) => child.name === name));
  return level;
}

/** Where a file may be read on from: the byte after an item, and the elements open there (outermost first). */
export interface XmlCheckpoint {
  offset: number;
  ancestors: string[];
}

export interface XmlEntry {
  node: XmlNode;
  /** The checkpoint right after this item: reading from it yields the items that follow. */
  after(): XmlCheckpoint;
}

const NOT_VALID = (encoding: string) => new ExchangeFileError(`The file is not valid ${encoding} text, though its XML declaration says so`);

/** Bytes of the buffer that end on a whole UTF-8 character: the rest waits for the next chunk. */
function wholeUtf8(bytes: Buffer): number {
  let lead = bytes.length - 1;
  while (lead >= 0 && lead > bytes.length - 4 && (bytes[lead]! & 0xc0) === 0x80) lead -= 1;
  if (lead < 0) return 0;
  const byte = bytes[lead]!;
  const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
  return lead + size <= bytes.length ? bytes.length : lead;
}

async function headOf(path: string): Promise<Buffer> {
  const file = await openFile(path, 'r');
  try {
    const head = Buffer.alloc(256);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The file's items in order, a chunk of the file at a time, each with the checkpoint after it. Given a checkpoint,
 * reading starts at its byte (the elements open there are opened again in the parser), so a file is never parsed
 * again from its start to reach the items it has not given yet. The generator stops reading when the caller stops.
 */
export async function* xmlEntries(path: string, from?: XmlCheckpoint): AsyncGenerator<XmlEntry> {
  const head = await headOf(path);
  if (!head.length) throw new ExchangeFileError('The file is empty');
  const encoding = declaredEncoding(head);
  const utf8 = encoding === 'utf-8';
  // Whole characters are decoded a chunk at a time (no streaming state), so each text chunk starts at a known byte.
  const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  let byte = from?.offset ?? (utf8 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0);
  const stream = createReadStream(path, { highWaterMark: 256 * 1024, start: byte });
  const parser = new SaxesParser();
  const stack: string[] = [];
  const open: XmlNode[] = [];
  let ready: XmlEntry[] = [];
  let failure: Error | null = null;
  /** The text chunk being parsed: where it starts in the parser's text and in the file. */
  let segment = { text: '', char: 0, byte };
  parser.on('error', (error) => {
    failure ??= new ExchangeFileError(`The XML is broken: ${error.message}`);
  });
  parser.on('opentag', (tag) => {
    const name = tag.name;
    const parent = stack[stack.length - 1];
    stack.push(name);
    if (open.length || (parent !== undefined && ITEMS[name]?.includes(parent))) {
      const node: XmlNode = { name, attributes: tag.attributes as Record<string, string>, text: '', children: [] };
      open[open.length - 1]?.children.push(node);
      open.push(node);
    }
  });
  const onText = (text: string) => {
    const node = open[open.length - 1];
    if (node) node.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    stack.pop();
    const node = open.pop();
    if (!node || open.length) return;
    const at = parser.position;
    const where = segment;
    const ancestors = [...stack];
    ready.push({
      node,
      after: () => ({ offset: where.byte + (utf8 ? Buffer.byteLength(where.text.slice(0, at - where.char), 'utf8') : at - where.char), ancestors }),
    });
  });
  // The parser's position counts all text written to it: a chunk starts where the last one ended.
  let written = 0;
  const write = (text: string, at: number) => {
    segment = { text, char: written, byte: at };
    written += text.length;
    parser.write(text);
    if (failure) throw failure;
  };
  if (from) {
    // The elements open at the checkpoint, opened again so the parser reads the rest as it would have.
    const prefix = from.ancestors.map((name) => `<${name}>`).join('');
    written = prefix.length;
    parser.write(prefix);
  }
  let carry: Buffer | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = utf8 ? wholeUtf8(bytes) : bytes.length;
      let text: string;
      try {
        text = decoder.decode(bytes.subarray(0, whole));
      } catch {
        throw NOT_VALID(encoding);
      }
      carry = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : null;
      write(text, byte);
      byte += whole;
      const items = ready;
      ready = [];
      yield* items;
    }
    if (carry) throw NOT_VALID(encoding);
    parser.close();
    if (failure) throw failure;
    yield* ready;
  } finally {
    stream.destroy();
  }
}

/** The file's items in order, from its start. */
export async function* xmlItems(path: string): AsyncGenerator<XmlNode> {
  for await (const entry of xmlEntries(path)) yield entry.node;
}
