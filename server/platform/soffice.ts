import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * One file converted by Debian's LibreOffice in headless mode (`soffice --convert-to`), for the conversions that do
 * not need an office kept running (an old .xls upload read as .xlsx; a document's PDF where python3-uno is missing).
 * Conversions run one at a time on one profile of this process: two on one profile lock each other out, and a fresh
 * profile per call costs seconds.
 */

/** Read when used, so a test can take LibreOffice away. */
export const sofficePath = () => process.env.SOFFICE_PATH ?? '/usr/bin/soffice';

export const sofficeAvailable = () => existsSync(sofficePath());

export class ConversionFailed extends Error {
  constructor(
    message: string,
    /** 'noOutput': soffice ended well but wrote nothing, which is how a file it could not load shows. */
    readonly kind: 'failed' | 'timedOut' | 'noOutput' = 'failed',
  ) {
    super(message);
  }

  get timedOut(): boolean {
    return this.kind === 'timedOut';
  }
}

/** What LibreOffice reads: the file's extension, and its import filter where LibreOffice must not guess. */
export interface ConversionInput {
  extension: string;
  filter?: string;
}

let queue: Promise<unknown> = Promise.resolve();
const profile = join(tmpdir(), `stockroom-soffice-convert-${process.pid}`);

async function convertNow(bytes: Buffer, input: ConversionInput, format: string, timeoutMs: number): Promise<Buffer> {
  await mkdir(profile, { recursive: true });
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-convert-'));
  try {
    const path = join(folder, `file.${input.extension}`);
    await writeFile(path, bytes);
    await new Promise<void>((done, fail) => {
      execFile(
        sofficePath(),
        [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--norestore', ...(input.filter ? [`--infilter=${input.filter}`] : []), '--convert-to', format, '--outdir', join(folder, 'out'), path],
        { timeout: timeoutMs, killSignal: 'SIGKILL', env: { ...process.env, HOME: folder } },
        (error, _stdout, stderr) => {
          if (error) fail(error.killed ? new ConversionFailed('LibreOffice did not finish in time', 'timedOut') : new ConversionFailed(String(stderr).trim().slice(0, 200) || error.message));
          else done();
        },
      );
    });
    // soffice answers 0 also when it could not load the file: no output is how that shows.
    try {
      return await readFile(join(folder, 'out', `file.${format}`));
    } catch {
      throw new ConversionFailed('LibreOffice could not read the file', 'noOutput');
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The file read with the named import filter, if any, and saved as `format` (an extension LibreOffice picks the export
 * filter by), after every conversion asked before it. Name the filter where the bytes could be read as something else
 * (LibreOffice would read an unknown file as text); a docx needs none, Writer knows it.
 */
export function sofficeConvert(bytes: Buffer, input: ConversionInput, format: string, timeoutMs = 60_000): Promise<Buffer> {
  const run = queue.then(() => convertNow(bytes, input, format, timeoutMs));
  queue = run.catch(() => undefined);
  return run;
}
