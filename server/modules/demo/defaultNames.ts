import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pipelines, pipelineStatuses } from '../../db/schema';

/**
 * The names of what a new or demo account starts with, in the language chosen at sign-up (issue 19 §5):
 * the system pipeline and its stages, the demo warehouses, price types, units and second pipeline.
 * The database trigger of migration 0006 makes the system pipeline in English; an account in Russian gets
 * it renamed in the same transaction (localiseSystemPipeline), so no schema or migration changes.
 */
export type DemoLang = 'en' | 'ru';

export const DEMO_TEXTS = {
  en: {
    systemPipeline: 'Main pipeline',
    // The system stages by position: new, reservation, completed (write-off), cancelled.
    systemStages: ['New', 'Reserved', 'Completed', 'Cancelled'],
    warehouses: { main: 'Main warehouse', second: 'Second warehouse' },
    priceTypes: { retail: 'Retail price', wholesale: 'Wholesale price' },
    units: { pcs: 'pcs', set: 'set', pack: 'pack', hour: 'hour' },
    wholesalePipeline: 'Wholesale',
    wholesaleStages: ['Request', 'Invoice issued', 'Paid', 'Shipped', 'Lost'],
  },
  ru: {
    systemPipeline: 'Основная воронка',
    systemStages: ['Новый', 'Резерв', 'Завершён', 'Отменён'],
    warehouses: { main: 'Основной склад', second: 'Второй склад' },
    priceTypes: { retail: 'Розничная цена', wholesale: 'Оптовая цена' },
    units: { pcs: 'шт', set: 'компл', pack: 'уп', hour: 'ч' },
    wholesalePipeline: 'Опт',
    wholesaleStages: ['Заявка', 'Счёт выставлен', 'Оплачен', 'Отгружен', 'Потерян'],
  },
} as const satisfies Record<DemoLang, unknown>;

export const demoLang = (value: unknown): DemoLang => (value === 'ru' ? 'ru' : 'en');

/** Names the account's system pipeline and its stages in the language; English is what the trigger wrote. */
export async function localiseSystemPipeline(tx: Tx, accountId: number, lang: DemoLang): Promise<void> {
  if (lang === 'en') return;
  const texts = DEMO_TEXTS[lang];
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
