import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF that Chromium printed, enough to look for words in it: no PDF library is installed, and
 * Chromium writes text as glyph ids of embedded font subsets, so each content stream's hex strings are decoded
 * through each font's ToUnicode map, and every decoding is returned (the right one reads as text, the others as
 * noise). Only for our own test PDFs: Flate streams, Identity-H fonts.
 */
export function pdfTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) continue;
    const bytes = pdf.subarray(start, end);
    try {
      streams.push(inflateSync(bytes).toString('latin1'));
    } catch {
      // Not a Flate stream (an image, a font program): no text in it.
    }
  }
  const maps = streams.filter((stream) => stream.includes('beginbfchar') || stream.includes('beginbfrange')).map(toUnicodeMap);
  const content = streams.filter((stream) => /\bBT\b/.test(stream) && /T[Jj]/.test(stream));
  const hexRuns = content.flatMap((stream) => [...stream.matchAll(/<([0-9A-Fa-f\s]+)>/g)].map((run) => run[1].replace(/\s+/g, '')));
  return maps.map((map) => hexRuns.map((hex) => decode(hex, map)).join(''));
}

const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));

function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, glyph, text] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(Number.parseInt(glyph, 16), utf16(text));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, text] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = Number.parseInt(from, 16);
      const base = Number.parseInt(text, 16);
      for (let glyph = first; glyph <= Number.parseInt(to, 16); glyph += 1) map.set(glyph, String.fromCharCode(base + glyph - first));
    }
  }
  return map;
}

function decode(hex: string, map: Map<number, string>): string {
  let text = '';
  for (let at = 0; at + 4 <= hex.length; at += 4) text += map.get(Number.parseInt(hex.slice(at, at + 4), 16)) ?? '';
  return text;
}
