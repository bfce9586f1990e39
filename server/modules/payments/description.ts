import { payments as en } from '../../../locales/en.json';
import { payments as ru } from '../../../locales/ru.json';
import type { Db } from '../../db/client';
import { fillText } from '../../http/refusal';
import { documentLanguageOf } from '../documents/templates';

/**
 * What the paying customer reads on the provider's page ("Order N"): in the account's document language, the one its
 * customers get their invoices in, since the customer has no language of ours (locales → payments.description).
 */
export async function paymentDescription(db: Db, accountId: number, orderId: number): Promise<string> {
  const lang = await documentLanguageOf(db, accountId);
  return fillText((lang === 'ru' ? ru : en).description, { id: String(orderId) }, lang);
}
