import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * PDF from a filled docx through LibreOffice in headless mode, in a temp folder, with a timeout. Conversions run
 * one at a time on one LibreOffice profile per process: a fresh profile costs seconds on every start, and two
 * conversions on one profile lock each other out.
 */

export const SOFFICE = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';
const TIMEOUT_MS = 60_000;

/** Why no PDF was made: shown to the user, who gets the docx instead. */
export class PdfUnavailable extends Error {}

export const NO_LIBREOFFICE = 'PDF is not available: LibreOffice is not installed on the server (Debian package libreoffice-writer-nogui). The document was made as docx.';

let queue: Promise<unknown> = Promise.resolve();
let profile: string | null = null;

export function pdfAvailable(): boolean {
  return existsSync(SOFFICE);
}

async function convert(docx: Buffer): Promise<Buffer> {
  if (!pdfAvailable()) throw new PdfUnavailable(NO_LIBREOFFICE);
  profile ??= join(tmpdir(), `stockroom-soffice-${process.pid}`);
  await mkdir(profile, { recursive: true });
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-pdf-'));
  try {
    const input = join(folder, 'document.docx');
    await writeFile(input, docx);
    await new Promise<void>((done, fail) => {
      execFile(
        SOFFICE,
        [`-env:UserInstallation=${pathToFileURL(profile!).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', folder, input],
        { timeout: TIMEOUT_MS, killSignal: 'SIGKILL', env: { ...process.env, HOME: folder } },
        (error, _stdout, stderr) => {
          if (error) fail(new PdfUnavailable(error.killed ? 'PDF is not available: LibreOffice did not finish in time. The document was made as docx.' : `PDF is not available: LibreOffice failed (${String(stderr).trim().slice(0, 200) || error.message}). The document was made as docx.`));
          else done();
        },
      );
    });
    try {
      return await readFile(join(folder, 'document.pdf'));
    } catch {
      throw new PdfUnavailable('PDF is not available: LibreOffice made no PDF of this document. The document was made as docx.');
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The PDF of a docx; throws PdfUnavailable (with the reason to show) when it cannot be made. */
export function docxToPdf(docx: Buffer): Promise<Buffer> {
  const run = queue.then(() => convert(docx));
  queue = run.catch(() => undefined);
  return run;
}
