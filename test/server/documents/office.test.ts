import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Office, OfficeTimeout } from '../../../server/modules/documents/office';
import { sofficePath } from '../../../server/platform/soffice';
import { ensureDebianPackage } from '../../support/debianPackage';
import { makeDocx } from '../../support/docxFiles';

/**
 * The LibreOffice kept running for PDFs (issue 15: a PDF within 3 s): one office serves conversion after conversion;
 * one that was killed, or that hangs past the timeout, is replaced and the next conversion works; stop ends it.
 */

beforeAll(() => {
  ensureDebianPackage('/usr/lib/libreoffice/program/libswlo.so', 'libreoffice-writer-nogui', 'LibreOffice Writer');
  ensureDebianPackage('/usr/lib/python3/dist-packages/uno.py', 'python3-uno', 'the LibreOffice Python bridge');
  ensureDebianPackage('/usr/bin/pdftotext', 'poppler-utils', 'pdftotext');
});

const folder = mkdtempSync(join(tmpdir(), 'office-test-'));
// Short enough for the hang test, long enough for a conversion on a loaded 2-core machine.
const office = new Office(sofficePath(), { timeoutMs: 20_000, startMs: 60_000 });
afterAll(async () => {
  await office.stop();
  rmSync(folder, { recursive: true, force: true });
});

let made = 0;
async function pdfOf(line: string): Promise<string> {
  made += 1;
  const input = join(folder, `in-${made}.docx`);
  const output = join(folder, `out-${made}.pdf`);
  writeFileSync(input, makeDocx([line]));
  await office.convert(input, output);
  expect(readFileSync(output).subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', [output, '-'], { encoding: 'utf8' });
}

/** soffice processes of this test process's offices (their profile names carry its pid). */
const offices = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`stockroom-office-${process.pid}-`);
      } catch {
        return false;
      }
    });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the running LibreOffice', () => {
  it('rule: two PDFs in a row are made by the same LibreOffice, each with its own text', { timeout: 120_000 }, async () => {
    expect(await pdfOf('First document')).toContain('First document');
    const pid = await office.pid();
    expect(pid).toBeDefined();
    expect(await pdfOf('Second document')).toContain('Second document');
    expect(await office.pid()).toBe(pid);
  });

  it('rule: a killed LibreOffice is replaced and the next PDF is made', { timeout: 120_000 }, async () => {
    await pdfOf('Before the kill');
    const pid = (await office.pid())!;
    process.kill(-pid, 'SIGKILL');
    await expect.poll(() => alive(pid)).toBe(false);
    expect(await pdfOf('After the kill')).toContain('After the kill');
    expect(await office.pid()).not.toBe(pid);
  });

  it('rule: a hung conversion is killed after the timeout and the next one works', { timeout: 180_000 }, async () => {
    await pdfOf('Before the hang');
    const pid = (await office.pid())!;
    // Frozen: it takes the job and never answers.
    process.kill(-pid, 'SIGSTOP');
    const started = Date.now();
    await expect(pdfOf('Never made')).rejects.toBeInstanceOf(OfficeTimeout);
    expect(Date.now() - started).toBeGreaterThanOrEqual(19_000);
    await expect.poll(() => alive(pid)).toBe(false);
    expect(await pdfOf('After the hang')).toContain('After the hang');
  });

  it('rule: stop ends LibreOffice', { timeout: 60_000 }, async () => {
    await pdfOf('Before the stop');
    const pid = (await office.pid())!;
    await office.stop();
    await expect.poll(() => alive(pid)).toBe(false);
    expect(await office.pid()).toBeUndefined();
  });

  it('rule: a stop during a conversion ends it and leaves no LibreOffice running (no retry on a fresh one)', { timeout: 90_000 }, async () => {
    made += 1;
    const input = join(folder, `in-${made}.docx`);
    // Long enough to be still converting when the stop comes, once LibreOffice is up.
    writeFileSync(input, makeDocx(Array.from({ length: 20_000 }, (_, line) => `Cut short, line ${line}`)));
    const converting = office.convert(input, join(folder, `out-${made}.pdf`));
    converting.catch(() => undefined);
    await expect.poll(() => office.pid(), { timeout: 60_000 }).toBeDefined();
    const stopping = office.stop();
    await expect(converting).rejects.toThrow();
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await office.pid()).toBeUndefined();
    expect(offices()).toEqual([]);
  });
});
