import { useStore } from '@nanostores/react';
import type { LastChange } from '../../../src/contract/orders';
import { t } from '../../../src/i18n';
import { formatDateTimeText } from '../../../src/i18n/dates';
import { $language } from '../../../src/stores/language';

/** The text of a last change: a staff member by name, the customer (by name when signed in), or only the time. */
export function lastChangeText(change: NonNullable<LastChange>): string {
  const date = formatDateTimeText(change.at);
  if (change.by === 'customer') return change.name ? t('order.lastChange.customerNamed', { name: change.name, date }) : t('order.lastChange.customer', { date });
  return change.name ? t('order.lastChange.staff', { name: change.name, date }) : t('order.lastChange.unknown', { date });
}

/** Staff see who changed the order last, a colleague or the customer of a public link, and when. */
export function LastChangeNote({ change }: { change: LastChange | undefined }) {
  // Re-render when the language changes: the text is translated and the date written as that language does.
  useStore($language);
  if (!change) return null;
  return (
    <p className="deal-last-change" data-by={change.by}>
      {lastChangeText(change)}
    </p>
  );
}
