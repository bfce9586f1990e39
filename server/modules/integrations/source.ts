/**
 * The name one integration goes by in the integration tables (log, events, deals, catalogue links): a CRM connection
 * is 'amocrm:<connection id>' (also for Kommo) or 'bitrix24:<connection id>'; the accounting exchange is '1c'.
 */
export type IntegrationSource = `amocrm:${number}` | `bitrix24:${number}` | '1c' | PaymentSource;

/** Issue 18 §4: a payment provider's webhooks and calls (server/modules/payments). */
export type PaymentSource = 'yookassa' | 'stripe';

export function crmSource(kind: 'amocrm' | 'kommo' | 'bitrix24', connectionId: number): IntegrationSource {
  return kind === 'bitrix24' ? `bitrix24:${connectionId}` : `amocrm:${connectionId}`;
}

export const ACCOUNTING_SOURCE: IntegrationSource = '1c';

/** The screen an entry belongs to: /integrations/amocrm, /integrations/bitrix24 or /integrations/1c. */
export function screenOf(source: string): 'amocrm' | 'bitrix24' | '1c' | null {
  if (source === '1c') return '1c';
  const kind = source.split(':')[0];
  return kind === 'amocrm' || kind === 'bitrix24' ? kind : null;
}
