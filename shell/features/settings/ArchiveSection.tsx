import './texts';
import { t, type MessageKey } from '../../../src/i18n';
import { navigateTo } from '../../stores/navigation';

/** The archive's tabs, in the /archive screen's order; the screen opens the one its address names (?tab=). */
const ARCHIVE_TABS: readonly { tab: string; label: MessageKey }[] = [
  { tab: 'products', label: 'archive.tabProducts' },
  { tab: 'companies', label: 'archive.tabCompanies' },
  { tab: 'contacts', label: 'archive.tabContacts' },
  { tab: 'orders', label: 'archive.tabOrders' },
];

/** Settings → archive: where archived things are, one link per tab of the /archive screen (leaving the overlay). */
export default function ArchiveSection() {
  return (
    <div className="settings-archive">
      <h2>{t('settings.archive')}</h2>
      <p>{t('settings.archiveIntro')}</p>
      <ul className="settings-archive-links">
        {ARCHIVE_TABS.map((entry) => (
          <li key={entry.tab}>
            <a
              href={`#/archive?tab=${entry.tab}`}
              onClick={(event) => {
                event.preventDefault();
                navigateTo(`/archive?tab=${entry.tab}`);
              }}
            >
              {t(entry.label)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
