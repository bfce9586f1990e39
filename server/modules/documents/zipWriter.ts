import { crc32, deflateRawSync } from 'node:zlib';
import type PizZip from 'pizzip';

/**
 * The filled docx written with Node's own zlib instead of PizZip's JavaScript deflate and CRC (issue 15: they were
 * about a sixth of a 200-position invoice's render). Deflate level 1: a large table's XML still shrinks about
 * tenfold, in a fraction of the default level's time; pictures are stored, as they are compressed already.
 */

const STORED = /\.(png|jpe?g|gif)$/i;

export function writeDocx(zip: PizZip): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    const data = file.asNodeBuffer();
    const name = Buffer.from(file.name, 'utf8');
    const store = STORED.test(file.name) || data.length === 0;
    const body = store ? data : deflateRawSync(data, { level: 1 });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(store ? 0 : 8, 8);
    local.writeUInt16LE(0, 10); // time 00:00
    local.writeUInt16LE(0x21, 12); // date 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    local.copy(entry, 8, 6, 28); // flags, method, time, date, crc, sizes, name length
    entry.writeUInt32LE(offset, 42);
    chunks.push(local, name, body);
    central.push(entry, name);
    offset += local.length + name.length + body.length;
    count += 1;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}
