import type { ImportCounts, ImportDryRun, ImportSettings } from '../../../src/contract/import';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { lockCatalogue } from '../categories/service';
import { defineTask, type TaskOutcome, type TaskRunContext } from '../tasks/api';
import { planWriter } from './apply';
import { loadCatalogue, loadProducts } from './catalogue';
import { importTargetsOf } from './fields';
import { streamImportFile } from './file';
import { timed, timedRows, timedSync } from './phases';
import { activeColumns, ImportPlanner } from './plan';
import { wrongRowsReport } from './report';
import type { SheetRow } from './sheet';
import { readUpload } from './uploads';
import { importText, type Language, refusalText } from './messages';

/**
 * The import as a task (issue 14 §3): check the uploaded file in one streamed pass, then stream it again, planning it
 * against the catalogue under the catalogue lock (so two imports into one account run one after the other and the
 * second sees the first's products) and writing it slice by slice, all in one transaction: 100,000 rows are never
 * held at once, and a failure or a cancel leaves the catalogue as it was. Wrong rows stop the import (and roll back
 * what was written) unless the settings say to skip them; either way they come back as a report with a reason column.
 */

export const IMPORT_TASK = 'product-import';
export const IMPORT_CANCELLED = importText('importCancelled');
export const wrongRowsStop = (count: number, lang?: Language) => importText('importWrongRowsStop', { count }, lang);
/** Wrong rows a dry run lists; the report of the real run holds them all. */
export const DRY_RUN_WRONG_ROWS = 200;

export interface ImportPayload {
  uploadId: string;
  settings: ImportSettings;
  /** The language of the user who started it (users.lang): the result's error and the report's reasons are in it. */
  lang?: Language;
}

class Cancelled extends Error {}

/** The run's answer when wrong rows stop it: thrown out of the transaction, so what was written is rolled back. */
class Refused extends Error {
  constructor(readonly outcome: TaskOutcome) {
    super('import refused');
  }
}

/** Rows planned before what they add is written: a slice of the file is all that is held at a time. */
export const WRITE_ROWS = 5000;
/** Rows between progress reports (and checks for a cancel) while planning. */
const PROGRESS_ROWS = 1000;

const countsOf = (counts: ImportCounts): Record<string, number> => ({ ...counts });

/** What Start would do, nothing written: the same plan against the catalogue as it is now. */
export async function dryRun(db: Db, accountId: number, maxRows: number, payload: ImportPayload): Promise<ImportDryRun> {
  const upload = await readUpload(db, accountId, payload.uploadId);
  const targets = await importTargetsOf(db, accountId);
  const columns = activeColumns(payload.settings, targets.fields);
  const file = await streamImportFile(upload.bytes, upload.name, maxRows);
  const planner = new ImportPlanner(await loadCatalogue(db, accountId), { settings: payload.settings, columns });
  for await (const row of file.rows()) {
    planner.add(row);
    // Nothing is written: what a slice would add is dropped at once.
    if (planner.counts.rows % WRITE_ROWS === 0) planner.take();
  }
  return { counts: planner.counts, wrong_rows: planner.wrong.slice(0, DRY_RUN_WRONG_ROWS) };
}

export async function runImport(context: TaskRunContext<ImportPayload>): Promise<TaskOutcome> {
  const { db, accountId, userId, payload, signal } = context;
  let counts: ImportCounts | undefined;
  try {
    const upload = await readUpload(db, accountId, payload.uploadId);
    const targets = await importTargetsOf(db, accountId);
    const columns = activeColumns(payload.settings, targets.fields);
    const file = await timed('check', () => streamImportFile(upload.bytes, upload.name, context.config.importMaxRows));
    // Each row counts twice: once planned, once written.
    const total = file.count * 2;
    const checkpoint = async (done: number) => {
      if (signal.aborted) throw new Cancelled();
      await context.progress(Math.min(done, total), total);
    };
    await checkpoint(0);
    return await db.transaction(async (tx) => {
      const catalogue = await timed('catalogue', async () => {
        await lockCatalogue(tx, accountId);
        return loadCatalogue(tx, accountId);
      });
      const planner = timedSync('catalogue', () => new ImportPlanner(catalogue, { settings: payload.settings, columns }));
      const write = planWriter(tx, catalogue, { accountId, userId, fileName: upload.name });
      let written = 0;
      // Once a row is wrong and wrong rows stop the import, nothing more is written (the plan goes on for the report).
      const flush = async () => {
        const chunk = planner.take();
        if (planner.counts.wrong && !payload.settings.skip_wrong) return;
        await write(chunk);
        planner.written();
        written = planner.counts.rows;
        await checkpoint(planner.counts.rows + written);
      };
      // A slice of rows is read, the products it matches that earlier slices wrote are read back, then it is planned and written.
      const slice: SheetRow[] = [];
      const planSlice = async () => {
        await timed('recall', () => planner.recall(slice, (ids) => loadProducts(tx, accountId, ids)));
        for (const row of slice) {
          timedSync('plan', () => planner.add(row));
          if (planner.counts.rows % PROGRESS_ROWS === 0) await checkpoint(planner.counts.rows + written);
        }
        slice.length = 0;
        await flush();
      };
      for await (const row of timedRows(file.rows())) {
        slice.push(row);
        if (slice.length === WRITE_ROWS) await planSlice();
      }
      await planSlice();
      counts = planner.counts;
      const report = planner.wrongRows.length ? await timed('report', () => wrongRowsReport(file.headers, planner.wrongRows, planner.wrong, upload.name, payload.lang)) : undefined;
      if (planner.counts.wrong && !payload.settings.skip_wrong) {
        throw new Refused({ counts: countsOf({ ...planner.counts, added: 0, updated: 0, unchanged: 0 }), error: wrongRowsStop(planner.counts.wrong, payload.lang), file: report });
      }
      await checkpoint(total);
      return { counts: countsOf(planner.counts), ...(report && { file: report }) };
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    const nothing = counts && countsOf({ ...counts, added: 0, updated: 0, unchanged: 0 });
    if (error instanceof Cancelled || signal.aborted) return { error: importText('importCancelled', {}, payload.lang), ...(nothing && { counts: nothing }) };
    if (error instanceof HttpError) return { error: refusalText(error, payload.lang), ...(nothing && { counts: nothing }) };
    throw error;
  }
}

export const importTask = defineTask<ImportPayload>({ type: IMPORT_TASK, run: runImport });
