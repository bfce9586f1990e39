import { and, eq } from 'drizzle-orm';
import type { OneCSyncAnswer } from '../../../../src/contract/onec';
import { requireAdmin } from '../../../auth/rights';
import type { Caller } from '../../../auth/sessions';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { onecImports } from '../../../db/schema';
import { unprocessable } from '../../../http/errors';
import { defineTask, startTask, type TaskOutcome, type TaskRunContext, taskTitle } from '../../tasks/api';
import { logIntegration } from '../log';
import { ACCOUNTING_SOURCE } from '../source';
import { existingFile } from './exchangeFiles';
import { importStep } from './importRun';
import { EXCHANGE_OFF } from './exchangeAuth';
import { exchangeRow } from './settings';

/**
 * account/genezis/sync — 'stock sync with the accounting system' from the home menu. 1C is the one that calls us (we
 * cannot call into it), so from our side the sync re-applies the rests 1C sent last (its offers / rests files of the
 * last exchange) as absolute counts: whatever changed here since (sales, write-offs) is brought back to 1C's figures
 * through adjustment documents. 1C's own next exchange brings newer figures.
 */

export const ONEC_SYNC_TASK = 'onec-sync';
export const NOTHING_TO_SYNC = 'No rests have come from 1C yet: run the exchange from 1C first';
const RESTS_FILE = /^(offers|rests|prices)[^/]*\.xml$/i;

async function runSync(context: TaskRunContext<Record<string, never>>): Promise<TaskOutcome> {
  const { db, config, accountId } = context;
  const exchange = await exchangeRow(db, accountId);
  if (!exchange?.enabled) return { error: EXCHANGE_OFF };
  const imported = await db.select().from(onecImports).where(and(eq(onecImports.accountId, accountId), eq(onecImports.finished, true)));
  const files: string[] = [];
  for (const row of imported) if (RESTS_FILE.test(row.filename) && (await existingFile(config, accountId, row.filename))) files.push(row.filename);
  if (!files.length) {
    await logIntegration(db, { accountId, source: ACCOUNTING_SOURCE, level: 'warning', action: '1c-sync', message: NOTHING_TO_SYNC, taskId: context.taskId });
    return { error: NOTHING_TO_SYNC };
  }
  let steps = 0;
  for (const [index, filename] of files.entries()) {
    // Applied again on purpose: a new run of the file, its steps new deliveries.
    const mine = and(eq(onecImports.accountId, accountId), eq(onecImports.filename, filename));
    const [row] = await db.select().from(onecImports).where(mine);
    await db.update(onecImports).set({ done: 0, finished: false, run: (row?.run ?? 0) + 1, counts: {}, checkpoint: null }).where(mine);
    for (;;) {
      if (context.signal.aborted) return { error: 'Cancelled' };
      const answer = await importStep(db, config, exchange, filename);
      steps += 1;
      await context.progress(index, files.length);
      if (answer.outcome === 'failure') {
        await logIntegration(db, { accountId, source: ACCOUNTING_SOURCE, level: 'error', action: '1c-sync', message: answer.text.split('\n')[1] ?? answer.text, taskId: context.taskId, retry: { type: ONEC_SYNC_TASK, ...taskTitle('onecSync'), payload: {} } });
        return { error: answer.text.split('\n')[1] ?? answer.text };
      }
      if (answer.outcome === 'success') break;
    }
  }
  await context.progress(files.length, files.length);
  await logIntegration(db, { accountId, source: ACCOUNTING_SOURCE, level: 'info', action: '1c-sync', message: `Rests from 1C applied again (${files.join(', ')})`, taskId: context.taskId });
  return { counts: { files: files.length, steps } };
}

export const onecSyncTask = defineTask<Record<string, never>>({ type: ONEC_SYNC_TASK, run: runSync });

export async function startAccountingSync(db: Db, config: ServerConfig, caller: Caller): Promise<OneCSyncAnswer> {
  requireAdmin(caller);
  const exchange = await exchangeRow(db, caller.account.id);
  if (!exchange?.enabled) throw unprocessable(EXCHANGE_OFF);
  const task = await startTask(db, config, { accountId: caller.account.id, userId: caller.user.id, type: onecSyncTask.type, ...taskTitle('onecSync'), payload: {} });
  return { task_id: task.id };
}
