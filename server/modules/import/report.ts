import type { WrongRow } from '../../../src/contract/import';
import { XLSX_TYPE } from '../../http/downloads';
import { cellText } from './cells';
import { type Language, reasonOf, reportTexts } from './messages';
import type { SheetRow } from './sheet';

/** The report of an import's wrong rows: the file's columns as they were, then the row number and the reasons. */
export async function wrongRowsReport(headers: readonly string[], rows: readonly SheetRow[], wrong: readonly WrongRow[], fileName: string, lang?: Language) {
  const texts = reportTexts(lang);
  const reasons = new Map<number, string[]>();
  for (const item of wrong) reasons.set(item.row, [...(reasons.get(item.row) ?? []), `${item.column}: ${reasonOf(item, lang)}`]);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Stockroom';
  const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...headers, texts.row, texts.reason]).font = { bold: true };
  for (const row of rows) {
    // Every cell as text: the report shows what the file held, formulas included, and runs none of them.
    const cells = headers.map((_, index) => cellText(row.cells[index] ?? null));
    sheet.addRow([...cells, row.number, (reasons.get(row.number) ?? []).join('; ')]);
  }
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return { name: `import-report-${fileName.replace(/\.[^.]*$/, '')}.xlsx`, contentType: XLSX_TYPE, bytes };
}
