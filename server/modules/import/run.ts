import type { ImportCounts, ImportDryRun, ImportSettings } from '../../../src/contract/import';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { lockCatalogue } from '../categories/service';
import { defineTask, type TaskOutcome, type TaskRunContext } from '../tasks/api';
import { writePlan } from './apply';
import { loadCatalogue } from './catalogue';
import { importTargetsOf } from './fields';
import { readImportFile } from './file';
import { activeColumns, planImport } from './plan';
import { wrongRowsReport } from './report';
import { readUpload } from './uploads';

/**
 * The import as a task (issue 14 §3): read the uploaded file, plan it against the catalogue under the catalogue lock
 * (so two imports into one account run one after the other and the second sees the first's products), and write it
 * in one transaction. Wrong rows stop the import unless the settings say to skip them; either way they come back
 * as a report with a reason column.
 */

export const IMPORT_TASK = 'product-import';
export const IMPORT_CANCELLED = 'The import was cancelled. Nothing was imported.';
export const wrongRowsStop = (count: number) =>
  `${count} ${count === 1 ? 'row is' : 'rows are'} wrong, so nothing was imported. Correct them (see the report) or choose to skip wrong rows.`;
/** Wrong rows a dry run lists; the report of the real run holds them all. */
export const DRY_RUN_WRONG_ROWS = 200;

export interface ImportPayload {
  uploadId: string;
  settings: ImportSettings;
}

class Cancelled extends Error {}

const countsOf = (counts: ImportCounts): Record<string, number> => ({ ...counts });

/** What Start would do, nothing written: the same plan against the catalogue as it is now. */
export async function dryRun(db: Db, accountId: number, maxRows: number, payload: ImportPayload): Promise<ImportDryRun> {
  const upload = await readUpload(db, accountId, payload.uploadId);
  const targets = await importTargetsOf(db, accountId);
  const columns = activeColumns(payload.settings, targets.fields);
  const file = await readImportFile(upload.bytes, upload.name, maxRows);
  const plan = await planImport(file.rows, await loadCatalogue(db, accountId), { settings: payload.settings, columns });
  return { counts: plan.counts, wrong_rows: plan.wrong.slice(0, DRY_RUN_WRONG_ROWS) };
}

export async function runImport(context: TaskRunContext<ImportPayload>): Promise<TaskOutcome> {
  const { db, accountId, userId, payload, signal } = context;
  let counts: ImportCounts | undefined;
  try {
    const upload = await readUpload(db, accountId, payload.uploadId);
    const targets = await importTargetsOf(db, accountId);
    const columns = activeColumns(payload.settings, targets.fields);
    const file = await readImportFile(upload.bytes, upload.name, context.config.importMaxRows);
    const total = file.rows.length * 2;
    const checkpoint = async (done: number) => {
      if (signal.aborted) throw new Cancelled();
      await context.progress(Math.min(done, total), total);
    };
    await checkpoint(0);
    return await db.transaction(async (tx) => {
      await lockCatalogue(tx, accountId);
      const catalogue = await loadCatalogue(tx, accountId);
      const plan = await planImport(file.rows, catalogue, { settings: payload.settings, columns, onRows: checkpoint });
      counts = plan.counts;
      const report = plan.wrongRows.length ? await wrongRowsReport(file.headers, plan.wrongRows, plan.wrong, upload.name) : undefined;
      if (plan.counts.wrong && !payload.settings.skip_wrong) {
        return { counts: countsOf({ ...plan.counts, added: 0, updated: 0, unchanged: 0 }), error: wrongRowsStop(plan.counts.wrong), file: report };
      }
      await checkpoint(file.rows.length);
      await writePlan(tx, plan, catalogue, { accountId, userId, fileName: upload.name, checkpoint: (done) => checkpoint(file.rows.length + done) });
      await checkpoint(total);
      return { counts: countsOf(plan.counts), ...(report && { file: report }) };
    });
  } catch (error) {
    const nothing = counts && countsOf({ ...counts, added: 0, updated: 0, unchanged: 0 });
    if (error instanceof Cancelled || signal.aborted) return { error: IMPORT_CANCELLED, ...(nothing && { counts: nothing }) };
    if (error instanceof HttpError) return { error: error.message, ...(nothing && { counts: nothing }) };
    throw error;
  }
}

export const importTask = defineTask<ImportPayload>({ type: IMPORT_TASK, run: runImport });
