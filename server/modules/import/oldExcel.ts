import { ConversionFailed, sofficeAvailable, sofficeConvert } from '../../platform/soffice';
import { importRefusal } from './messages';
import { isOldExcel } from './sheet';

/**
 * An old Excel file (.xls, BIFF in an OLE container) is read as the .xlsx LibreOffice Calc saves of it: no well-kept
 * JavaScript reader of BIFF is on npm, and LibreOffice is already the server's office. Converted once, at upload, so
 * the kept upload, the dry run and the task all read the same xlsx.
 */
export async function readableUpload(file: { name: string; bytes: Buffer }): Promise<{ name: string; bytes: Buffer }> {
  if (!isOldExcel(file.bytes)) return file;
  if (!sofficeAvailable()) throw importRefusal('importXlsNeedsOffice');
  try {
    return { name: file.name, bytes: await sofficeConvert(file.bytes, { extension: 'xls', filter: 'MS Excel 97' }, 'xlsx') };
  } catch (error) {
    if (error instanceof ConversionFailed && error.timedOut) throw importRefusal('importXlsTooSlow');
    throw importRefusal('importXlsNotRead');
  }
}
