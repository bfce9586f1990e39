import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { docxToPdf, NO_LIBREOFFICE } from '../../../server/modules/documents/pdf';
import { ensureDebianPackage } from '../../support/debianPackage';
import { makeDocx } from '../../support/docxFiles';

/**
 * A server without python3-uno makes each PDF by starting soffice: the platform's sofficeConvert with no input filter
 * (Writer recognises a docx itself). The bridge is taken away here, so this path runs even where python3-uno is installed.
 */
vi.mock('../../../server/modules/documents/office', async (original) => ({ ...(await original<object>()), officeBridgeAvailable: () => false }));

beforeAll(() => {
  ensureDebianPackage('/usr/lib/libreoffice/program/libswlo.so', 'libreoffice-writer-nogui', 'LibreOffice Writer');
  ensureDebianPackage('/usr/bin/pdftotext', 'poppler-utils', 'pdftotext');
});

const folder = mkdtempSync(join(tmpdir(), 'pdf-soffice-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('docxToPdf without the office bridge', () => {
  it('rule: the docx is converted by soffice --convert-to pdf with no input filter named, and the PDF has its text', async () => {
    const pdf = await docxToPdf(makeDocx(['Invoice for a hammer drill', 'Счёт на перфоратор']));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    writeFileSync(join(folder, 'out.pdf'), pdf);
    const text = execFileSync('pdftotext', [join(folder, 'out.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Invoice for a hammer drill');
    expect(text).toContain('Счёт на перфоратор');
  }, 120_000);

  it('rule: without LibreOffice (SOFFICE_PATH names nothing) no PDF is made and the reason says so', async () => {
    const before = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = join(folder, 'no-soffice-here');
    try {
      await expect(docxToPdf(makeDocx(['x']))).rejects.toThrow(NO_LIBREOFFICE);
    } finally {
      if (before === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = before;
    }
  });
});
