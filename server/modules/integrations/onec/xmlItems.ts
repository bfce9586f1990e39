import { createReadStream } from 'node:fs';
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

/** The items of CommerceML 2: an element of this name right under a parent of that name. */
const ITEMS: Record<string, string> = {
  Группы: 'Классификатор',
  Свойство: 'Свойства',
  Товар: 'Товары',
  ТипЦены: 'ТипыЦен',
  Склад: 'Склады',
  Предложение: 'Предложения',
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

/**
 * The file's items in order, a chunk of the file at a time. The whole file is parsed even when the caller stops
 * early only if it keeps reading: the generator stops reading when the caller stops.
 */
export async function* xmlItems(path: string): AsyncGenerator<XmlNode> {
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  let decoder: TextDecoder | null = null;
  let encoding = 'utf-8';
  const parser = new SaxesParser();
  const stack: string[] = [];
  const open: XmlNode[] = [];
  let ready: XmlNode[] = [];
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= new ExchangeFileError(`The XML is broken: ${error.message}`);
  });
  parser.on('opentag', (tag) => {
    const name = tag.name;
    const parent = stack[stack.length - 1];
    stack.push(name);
    if (open.length || (parent !== undefined && ITEMS[name] === parent)) {
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
    if (node && !open.length) ready.push(node);
  });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (!decoder) {
        encoding = declaredEncoding(chunk);
        decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: false });
      }
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        throw new ExchangeFileError(`The file is not valid ${encoding} text, though its XML declaration says so`);
      }
      parser.write(text);
      if (failure) throw failure;
      const items = ready;
      ready = [];
      yield* items;
    }
    if (!decoder) throw new ExchangeFileError('The file is empty');
    try {
      parser.write(decoder.decode());
    } catch {
      throw new ExchangeFileError(`The file is not valid ${encoding} text, though its XML declaration says so`);
    }
    parser.close();
    if (failure) throw failure;
    yield* ready;
  } finally {
    stream.destroy();
  }
}
