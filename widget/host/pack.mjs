// Packs the amoCRM/Kommo widget archive (npm run pack:amocrm → dist/amocrm-widget.zip): manifest.json,
// i18n/, script.js from widget/host/amocrm/ and the six PNG logos amoCRM asks for, drawn here so no
// binary files live in the repository. Node writes both formats with zlib alone: no dependency.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

/** The logos of an amoCRM widget archive and their sizes. */
export const AMOCRM_LOGOS = {
  'logo_main.png': [400, 272],
  'logo_medium.png': [240, 84],
  'logo_min.png': [84, 84],
  'logo_small.png': [108, 108],
  'logo.png': [130, 100],
  'logo_dp.png': [174, 109],
};

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, tail]);
}

/** An RGB PNG: the brand blue with a white box in the middle (a stylised stock crate). */
export function logoPng(width, height) {
  const rows = [];
  const box = { x0: width * 0.3, x1: width * 0.7, y0: height * 0.25, y1: height * 0.75 };
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const inBox = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
      const lid = inBox && y < box.y0 + (box.y1 - box.y0) * 0.2;
      const [r, g, b] = lid ? [214, 226, 255] : inBox ? [255, 255, 255] : [47, 111, 237];
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** A zip archive (deflate) of name → content; names use '/' and stay in the given order. */
export function zip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, content] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const packed = deflateRawSync(content);
    const crc = crc32(content) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time and date: none (reproducible archives)
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function listFiles(dir, base = dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? listFiles(path, base) : [[relative(base, path).split('\\').join('/'), readFileSync(path)]];
    });
}

/** Writes the archive; returns the names it holds. */
export function packAmocrm(sourceDir, outFile) {
  const files = [...listFiles(sourceDir), ...Object.entries(AMOCRM_LOGOS).map(([name, [width, height]]) => [`images/${name}`, logoPng(width, height)])];
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, zip(files));
  return files.map(([name]) => name);
}
