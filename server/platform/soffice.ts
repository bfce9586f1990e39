import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * One file converted by Debian's LibreOffice in headless mode (`soffice --convert-to`), for the rare conversions that
 * do not need an office kept running (an old .xls upload read as .xlsx). Conversions run one at a time on one profile
 * of this process: two on one profile lock each other out, and a fresh profile per call costs seconds.
 */

/** Read when used, so a test can take LibreOffice away. */
const sofficePath = () => process.env.SOFFICE_PATH ?? '/usr/bin/soffice';

export const sofficeAvailable = () => existsSync(sofficePath());

export class ConversionFailed extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

let queue: Promise<unknown> = Promise.resolve();
const profile = join(tmpdir(), `stockroom-soffice-convert-${process.pid}`);

async function convertNow(bytes: Buffer, input: { extension: string; filter: string }, format: string, timeoutMs: number): Promise<Buffer> {
  await mkdir(profile, { recursive: true });
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-convert-'));
  try {
    const path = join(folder, `file.${input.extension}`);
    await writeFile(path, bytes);
    await new Promise<void>((done, fail) => {
      execFile(
        sofficePath(),
        [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--norestore', `--infilter=${input.filter}`, '--convert-to', format, '--outdir', join(folder, 'out'), path],
        { timeout: timeoutMs, killSignal: 'SIGKILL', env: { ...process.env, HOME: folder } },
        (error, _stdout, stderr) => {
          if (error) fail(new ConversionFailed(error.killed ? 'LibreOffice did not finish in time' : String(stderr).trim().slice(0, 200) || error.message, error.killed));
          else done();
        },
      );
    });
    // soffice answers 0 also when it could not load the file: no output is how that shows.
    try {
      return await readFile(join(folder, 'out', `file.${format}`));
    } catch {
      throw new ConversionFailed('LibreOffice could not read the file');
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The file read with the named import filter (never guessed: LibreOffice would read an unknown file as text) and
 * saved as `format` (an extension LibreOffice picks the export filter by), after every conversion asked before it.
 */
export function sofficeConvert(bytes: Buffer, input: { extension: string; filter: string }, format: string, timeoutMs = 60_000): Promise<Buffer> {
  const run = queue.then(() => convertNow(bytes, input, format, timeoutMs));
  queue = run.catch(() => undefined);
  return run;
}
