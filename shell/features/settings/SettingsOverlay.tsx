import './texts';
import styles from './settings.css?raw';
import { useStore } from '@nanostores/react';
import { Suspense, useEffect } from 'react';
import { memberHasRight } from '../../../src/domain/rights';
import { t } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { Dialog } from '../../../src/ui/Dialog';
import { closeOverlay } from '../../stores/overlays';
import { SETTINGS_SECTIONS, type SettingsSection } from './sections';
import { useSettingsAddress } from './useSettingsAddress';

adoptStyles(styles);

/** The sections this member may open: admin-only ones are not even listed for others (the server refuses them anyway). */
export function visibleSections(isAdmin: boolean, sections: readonly SettingsSection[] = SETTINGS_SECTIONS): SettingsSection[] {
  return sections.filter((section) => isAdmin || !section.adminOnly);
}

/**
 * The settings overlay (spec §2 'Settings sections'): the list of sections at the side (a select on a phone) and the
 * open section's panel. The address names the section, so the overlay opens from a link, and Back retraces sections.
 */
export default function SettingsOverlay() {
  const { account, user } = useStore($account);
  const { sectionId, show, leave } = useSettingsAddress();
  const sections = visibleSections(memberHasRight(user, account, 'admin'));
  const open = sections.find((section) => section.id === sectionId) ?? sections[0];

  // Opened without a section (the home menu), or at one this member may not see: name the one shown instead.
  useEffect(() => {
    if (open && open.id !== sectionId) show(open.id, { replace: sectionId !== null });
  }, [open?.id, sectionId]);

  function close() {
    leave();
    closeOverlay('settings');
  }

  const Panel = open?.panel;
  return (
    <Dialog title={t('settings.title')} onClose={close} className="settings-frame" initialFocus={(dialog) => dialog.querySelector<HTMLElement>('[aria-current="page"], select')}>
      <div className="settings-frame__body">
        <nav className="settings-frame__nav" aria-label={t('settings.sections')}>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <button type="button" className="settings-frame__section" aria-current={section === open ? 'page' : undefined} onClick={() => show(section.id)}>
                  {t(section.label)}
                </button>
              </li>
            ))}
          </ul>
          <label className="settings-frame__select">
            <span>{t('settings.sections')}</span>
            <select value={open?.id ?? ''} onChange={(event) => show(event.currentTarget.value)}>
              {sections.map((section) => (
                <option key={section.id} value={section.id}>
                  {t(section.label)}
                </option>
              ))}
            </select>
          </label>
        </nav>
        <section className="settings-frame__panel" aria-label={open ? t(open.label) : undefined} data-section={open?.id}>
          {Panel ? (
            <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
              <Panel key={open.id} />
            </Suspense>
          ) : (
            <p>{t('settings.noSections')}</p>
          )}
        </section>
      </div>
    </Dialog>
  );
}
