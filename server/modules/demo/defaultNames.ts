import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pipelines, pipelineStatuses } from '../../db/schema';

/**
 * The names a new account starts with, in the language chosen at sign-up (issue 19 §5): the system pipeline
 * and its stages. The database trigger of migration 0006 makes the system pipeline in English; an account in
 * Russian gets it renamed in the same transaction (localiseSystemPipeline), so no schema or migration changes.
 * The rest of the demo account's words are the seed's data (server/seeds/demoData.*.ts).
 */
export type DemoLang = 'en' | 'ru';

export const SYSTEM_PIPELINE_NAMES = {
  en: {
    systemPipeline: 'Main pipeline',
    // The system stages by position: new, reservation, completed (write-off), cancelled.
    systemStages: ['New', 'Reserved', 'Completed', 'Cancelled'],
  },
  ru: {
    systemPipeline: 'Основная воронка',
    systemStages: ['Новый', 'Резерв', 'Завершён', 'Отменён'],
  },
} as const satisfies Record<DemoLang, unknown>;

export const demoLang = (value: unknown): DemoLang => (value === 'ru' ? 'ru' : 'en');

/** Names the account's system pipeline and its stages in the language; English is what the trigger wrote. */
export async function localiseSystemPipeline(tx: Tx, accountId: number, lang: DemoLang): Promise<void> {
  if (lang === 'en') return;
  const texts = SYSTEM_PIPELINE_NAMES[lang];
  const [system] = await tx
    .update(pipelines)
    .set({ name: texts.systemPipeline })
    .where(and(eq(pipelines.accountId, accountId), eq(pipelines.isSystem, true)))
    .returning({ id: pipelines.id });
  if (!system) return;
  for (const [sort, name] of texts.systemStages.entries()) {
    await tx
      .update(pipelineStatuses)
      .set({ name })
      .where(and(eq(pipelineStatuses.pipelineId, system.id), eq(pipelineStatuses.sort, sort)));
  }
}
