import { useStore } from '@nanostores/react';
import type { LastChange } from '../../../src/contract/orders';
import { formatDate, formatDateLocale } from '../../../src/domain/format';
import { t } from '../../../src/i18n';
import { $language } from '../../../src/stores/language';

/** The change's time as the spec writes dates: dd.mm.yyyy hh:mm in Russian, the locale's own format otherwise. */
function changedAt(at: string, language: string): string {
  return language === 'ru' ? formatDate(at, { withTime: true }) : formatDateLocale(at, language, { withTime: true });
}

/** The text of a last change: a staff member by name, the customer (by name when signed in), or only the time. */
export function lastChangeText(change: NonNullable<LastChange>, language: string): string {
  const date = changedAt(change.at, language);
  if (change.by === 'customer') return change.name ? t('order.lastChange.customerNamed', { name: change.name, date }) : t('order.lastChange.customer', { date });
  return change.name ? t('order.lastChange.staff', { name: change.name, date }) : t('order.lastChange.unknown', { date });
}

/** Staff see who changed the order last, a colleague or the customer of a public link, and when. */
export function LastChangeNote({ change }: { change: LastChange | undefined }) {
  const language = useStore($language);
  if (!change) return null;
  return (
    <p className="deal-last-change" data-by={change.by}>
      {lastChangeText(change, language)}
    </p>
  );
}
