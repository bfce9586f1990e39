import { listAmoCatalogs, listAmoConnections, startAmoSync } from '../../../../src/api/amocrm';
import { getBitrix24Settings, startBitrix24Sync } from '../../../../src/api/bitrix24';
import { listTasks } from '../../../../src/api/tasks';
import { TASK_STATUS } from '../../../../src/domain/taskStatus';
import { t, type MessageKey } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { navigateTo } from '../../../stores/navigation';
import { openOverlay } from '../../../stores/overlays';
import { taskStarted } from '../../../stores/tasks';
import { getOneCSettings, startOneCSync } from '../onec/api';
import '../texts';

/**
 * The home menu's sync entries (spec §2 'Home menu'): each starts the sync of the integration this account has
 * connected — amoCRM/Kommo or Bitrix24 for the CRM directions, 1C for accounting — as a task the task center shows.
 * Nothing connected is explained, with the way to the settings that connect it.
 */
/** The home menu's entries (shell/app/syncRegistry.ts SYNC_ENTRIES), named here so the feature needs nothing of the app frame. */
export type HomeSyncKind = 'crmToWarehouse' | 'warehouseToCrm' | 'accounting';

interface Started {
  taskId: number;
  /** Task types whose earlier finished run means this one is not the account's first download. */
  types: readonly string[];
}

/** Spec §2 'Product synchronization settings' defaults, as the amoCRM screen offers them first. */
const AMO_DEFAULT_MODE = 'name';

type Outcome = Started | { missing: MessageKey; settings: string } | null;

async function startCrm(direction: 'in' | 'out'): Promise<Outcome> {
  const amo = await listAmoConnections();
  const connection = amo.ok ? amo.data.find((each) => each.status === 'connected') : undefined;
  if (connection) {
    const catalogs = await listAmoCatalogs(connection.id);
    const catalog = catalogs.ok ? catalogs.data[0] : undefined;
    if (!catalog) return { missing: 'integrations.homeSync.noCatalog', settings: '/integrations/amocrm?tab=sync' };
    const answer = await startAmoSync(direction, { connection_id: connection.id, catalog_id: Number(catalog.id), mode: AMO_DEFAULT_MODE });
    return answer.ok ? { taskId: answer.data.task_id, types: [direction === 'in' ? 'amocrm-sync-in' : 'amocrm-sync-out'] } : null;
  }
  const bitrix = await getBitrix24Settings();
  if (bitrix.ok && bitrix.data.connection?.status === 'connected' && bitrix.data.connection.installed) {
    const answer = await startBitrix24Sync({ direction });
    return answer.ok ? { taskId: answer.data.task_id, types: [direction === 'in' ? 'bitrix24-sync-in' : 'bitrix24-sync-out'] } : null;
  }
  return { missing: 'integrations.homeSync.noCrm', settings: '/integrations/amocrm' };
}

async function startAccounting(): Promise<Outcome> {
  const settings = await getOneCSettings();
  if (!settings.ok) return null;
  if (!settings.data.enabled) return { missing: 'integrations.homeSync.noAccounting', settings: '/integrations/1c' };
  const answer = await startOneCSync();
  return answer.ok ? { taskId: answer.data.task_id, types: ['onec-sync'] } : null;
}

/** No finished run of these types before: the account's data is downloaded for the first time. */
async function isFirst(types: readonly string[], taskId: number): Promise<boolean> {
  const answer = await listTasks();
  if (!answer.ok) return false;
  return !answer.data.some((task) => task.id !== taskId && types.includes(task.type) && task.status === TASK_STATUS.finished && !task.error);
}

export async function startHomeSync(kind: HomeSyncKind): Promise<void> {
  const outcome = kind === 'accounting' ? await startAccounting() : await startCrm(kind === 'crmToWarehouse' ? 'in' : 'out');
  // A refusal (no right, the CRM not answering) was already shown by the API layer.
  if (!outcome) return;
  if ('missing' in outcome) {
    const settings = outcome.settings;
    notify({ type: NotificationType.warning, header: t(outcome.missing), text: t(`${outcome.missing}Text` as MessageKey), action: { label: t('integrations.homeSync.openSettings'), run: () => navigateTo(settings) } });
    return;
  }
  const first = await isFirst(outcome.types, outcome.taskId);
  // The first download's warning stays up while it runs (spec §2: 'Attention! Account data is being downloaded').
  await taskStarted(outcome.taskId, { header: t('integrations.homeSync.started'), text: t(first ? 'integrations.homeSync.firstSync' : 'integrations.homeSync.startedText'), whileRunning: first });
  openOverlay('taskCenter');
}
