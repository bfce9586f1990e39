import { crc32, deflateRawSync } from 'node:zlib';

/**
 * exceljs's streaming reader walks the zip with unzipper's Parse, which announces its end as soon as the last byte
 * is parsed — not when its entries have been taken (unzipper PR #346, open). Small trailing entries parsed while the
 * reader is still busy with an earlier one are then dropped: on a loaded machine xl/workbook.xml (last in the files
 * exceljs writes) or the sheet itself went missing, and a good file was refused as 'not a spreadsheet'.
 *
 * The guard appends one entry that inflates to more than the stream buffers hold: the parser cannot pass it, and so
 * cannot reach the end, until the reader has taken every entry before it and drained this one (exceljs drains
 * entries it does not know). The rest of the file is left byte for byte; a zip this cannot extend safely (ZIP64, data
 * after the central directory) is passed on unchanged.
 */

const GUARD_NAME = Buffer.from('stockroom-drain-guard.bin');
/** Far above the ~100 KB the parser's, inflater's and entry's buffers hold together. */
const GUARD_SIZE = 1 << 20;
const GUARD_PLAIN = Buffer.alloc(GUARD_SIZE);
const GUARD_DATA = deflateRawSync(GUARD_PLAIN);
const GUARD_CRC = crc32(GUARD_PLAIN);

const END_SIGNATURE = 0x06054b50;
const END_LENGTH = 22;
const DEFLATE = 8;
const VERSION = 20;

function findEnd(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - END_LENGTH - 0xffff);
  for (let at = zip.length - END_LENGTH; at >= lowest; at -= 1) {
    if (zip.readUInt32LE(at) === END_SIGNATURE && at + END_LENGTH + zip.readUInt16LE(at + 20) === zip.length) return at;
  }
  return -1;
}

function localHeader(): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt32LE(GUARD_CRC, 14);
  header.writeUInt32LE(GUARD_DATA.length, 18);
  header.writeUInt32LE(GUARD_SIZE, 22);
  header.writeUInt16LE(GUARD_NAME.length, 26);
  return header;
}

function directoryRecord(localOffset: number): Buffer {
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(VERSION, 4);
  record.writeUInt16LE(VERSION, 6);
  record.writeUInt16LE(DEFLATE, 10);
  record.writeUInt32LE(GUARD_CRC, 16);
  record.writeUInt32LE(GUARD_DATA.length, 20);
  record.writeUInt32LE(GUARD_SIZE, 24);
  record.writeUInt16LE(GUARD_NAME.length, 28);
  record.writeUInt32LE(localOffset, 42);
  return record;
}

/** The zip with the guard entry last; the input itself when it cannot be extended safely. */
export function withDrainGuard(zip: Buffer): Buffer {
  const end = findEnd(zip);
  if (end < 0) return zip;
  const entries = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  // ZIP64 keeps the real values elsewhere (these read 0xFFFF…); a split archive or bytes between directory and end
  // record are not what a spreadsheet program writes: leave such a file as it came.
  if (entries >= 0xfffe || directoryOffset === 0xffffffff || zip.readUInt16LE(end + 4) !== 0 || directoryOffset + directorySize !== end) return zip;
  const local = Buffer.concat([localHeader(), GUARD_NAME, GUARD_DATA]);
  const record = Buffer.concat([directoryRecord(directoryOffset), GUARD_NAME]);
  const endRecord = Buffer.from(zip.subarray(end));
  endRecord.writeUInt16LE(zip.readUInt16LE(end + 8) + 1, 8);
  endRecord.writeUInt16LE(entries + 1, 10);
  endRecord.writeUInt32LE(directorySize + record.length, 12);
  endRecord.writeUInt32LE(directoryOffset + local.length, 16);
  return Buffer.concat([zip.subarray(0, directoryOffset), local, zip.subarray(directoryOffset, end), record, endRecord]);
}
