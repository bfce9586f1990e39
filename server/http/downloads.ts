import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** Answers that are files to save rather than JSON: every module that answers a file sends it through here. */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 6266: an ASCII fallback (quotes, backslashes and other characters replaced) and the exact name in UTF-8. */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A stored file as it is sent: the bytes (in memory or a stream) and what is known of them. */
export interface DownloadFile {
  name: string;
  mime: string;
  size: number;
  body: Readable | Buffer;
}

/**
 * Sends a stored file (an order's uploaded or generated document) as a download: its type, a safe name, no sniffing,
 * no caching, and no script may run in it (an uploader chose its bytes, so a browser must not treat them as our page).
 */
export function sendStoredFile(reply: FastifyReply, file: DownloadFile, disposition: 'attachment' | 'inline' = 'attachment'): FastifyReply {
  // Only a PDF opens in the browser (its viewer): every other type is still saved, whatever the caller asked.
  const inline = disposition === 'inline' && file.mime === 'application/pdf';
  return reply
    .header('content-type', file.mime)
    .header('content-length', Buffer.isBuffer(file.body) ? file.body.length : file.size)
    .header('content-disposition', contentDisposition(file.name, inline ? 'inline' : 'attachment'))
    .header('x-content-type-options', 'nosniff')
    // The browser's PDF viewer does not run under a sandbox; a PDF opened inline still may load nothing else.
    .header('content-security-policy', inline ? "default-src 'none'; object-src 'self'; plugin-types application/pdf" : "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/** Sends a workbook we write as it is written (its length is not known in advance), never cached. */
export function sendWorkbook(reply: FastifyReply, name: string, stream: Readable): FastifyReply {
  return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(name)).header('cache-control', 'private, no-store').send(stream);
}
