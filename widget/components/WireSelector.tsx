/** @jsxImportSource preact */
import { t } from '../../src/i18n';
import { placeOf, type WidgetStore } from '../state/widgetStore';
import { useAtom } from '../useAtom';

const PLACE_TEXT = { rightColumn: 'widget.placeRightColumn', cardTab: 'widget.placeCardTab' } as const;

/** Who holds the wire, in words: 'the right column', 'the card tab', or 'another window'. */
export function placesText(sources: readonly string[]): string {
  return [...new Set(sources.map((source) => t(PLACE_TEXT[placeOf(source) as keyof typeof PLACE_TEXT] ?? 'widget.placeOther')))].join(', ');
}

/** The lead's wire: the warehouse this deal takes goods from, shared by every widget showing the lead. */
export function WireSelector({ store, id }: { store: WidgetStore; id: string }) {
  const wire = useAtom(store.$wire);
  const notice = useAtom(store.$wireNotice);
  const warehouses = useAtom(store.$config)?.warehouses ?? [];
  const leadId = useAtom(store.$leadId);
  return (
    <div>
      <label for={`${id}-w`}>{t('widget.wireLabel')}</label>
      <select id={`${id}-w`} value={wire.value ?? ''} disabled={leadId === null || !warehouses.length} data-testid="wire-select" onChange={(event) => store.chooseWire((event.currentTarget as HTMLSelectElement).value || null)}>
        <option value="">{t('widget.wireAny')}</option>
        {warehouses.map((warehouse) => (
          <option key={warehouse.code} value={warehouse.code}>
            {warehouse.name}
          </option>
        ))}
      </select>
      {notice && (
        <p class="sr-warn" role="alert" data-testid="wire-refused">
          {t('widget.wireHeld', { places: placesText(notice.heldBy) })}
        </p>
      )}
    </div>
  );
}
