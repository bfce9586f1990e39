import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConversionFailed, sofficeAvailable, sofficeConvert, sofficePath } from '../../platform/soffice';
import { Office, OfficeTimeout, officeBridgeAvailable } from './office';

/**
 * PDF from a filled docx through LibreOffice in headless mode, in a temp folder, with a timeout. With python3-uno
 * one LibreOffice keeps running (office.ts); without it each conversion starts soffice (server/platform/soffice.ts).
 * Either way conversions run one at a time: two conversions on one LibreOffice profile lock each other out.
 */

const TIMEOUT_MS = 60_000;
const TOO_SLOW = 'PDF is not available: LibreOffice did not finish in time. The document was made as docx.';

/** Why no PDF was made: shown to the user, who gets the docx instead. */
export class PdfUnavailable extends Error {}

export const NO_LIBREOFFICE = 'PDF is not available: LibreOffice is not installed on the server (Debian package libreoffice-writer-nogui). The document was made as docx.';

let queue: Promise<unknown> = Promise.resolve();
let office: Office | null = null;
let holders = 0;

/**
 * A server that may make PDFs holds the running LibreOffice; the last one to close stops it (several test servers
 * share one process).
 */
export function holdOffice(): () => Promise<void> {
  holders += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0 || !office) return;
    const stopping = office;
    office = null;
    await stopping.stop();
  };
}

export function pdfAvailable(): boolean {
  return sofficeAvailable();
}

async function convertInOffice(docx: Buffer): Promise<Buffer> {
  office ??= new Office(sofficePath(), { timeoutMs: TIMEOUT_MS, startMs: TIMEOUT_MS });
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-pdf-'));
  try {
    const input = join(folder, 'document.docx');
    await writeFile(input, docx);
    try {
      await office.convert(input, join(folder, 'document.pdf'));
      return await readFile(join(folder, 'document.pdf'));
    } catch (error) {
      if (error instanceof OfficeTimeout) throw new PdfUnavailable(TOO_SLOW);
      throw new PdfUnavailable(`PDF is not available: LibreOffice failed (${error instanceof Error ? error.message.slice(0, 200) : String(error)}). The document was made as docx.`);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function convert(docx: Buffer): Promise<Buffer> {
  if (!pdfAvailable()) throw new PdfUnavailable(NO_LIBREOFFICE);
  if (officeBridgeAvailable()) return convertInOffice(docx);
  try {
    return await sofficeConvert(docx, { extension: 'docx' }, 'pdf', TIMEOUT_MS);
  } catch (error) {
    if (!(error instanceof ConversionFailed)) throw error;
    if (error.kind === 'timedOut') throw new PdfUnavailable(TOO_SLOW);
    if (error.kind === 'noOutput') throw new PdfUnavailable('PDF is not available: LibreOffice made no PDF of this document. The document was made as docx.');
    throw new PdfUnavailable(`PDF is not available: LibreOffice failed (${error.message}). The document was made as docx.`);
  }
}

/** The PDF of a docx; throws PdfUnavailable (with the reason to show) when it cannot be made. */
export function docxToPdf(docx: Buffer): Promise<Buffer> {
  const run = queue.then(() => convert(docx));
  queue = run.catch(() => undefined);
  return run;
}
