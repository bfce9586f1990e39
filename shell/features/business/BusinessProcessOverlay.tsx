import './texts';
import { t } from '../../../src/i18n';
import { Dialog } from '../../../src/ui/Dialog';
import { closeOverlay } from '../../stores/overlays';
import BusinessProcessesPanel from './BusinessProcessesPanel';

/** The 'business-process settings' overlay (shell §2): the same panel as the settings section, on its own. */
export default function BusinessProcessOverlay() {
  return (
    <Dialog title={t('business.sectionTitle')} onClose={() => closeOverlay('businessProcessSettings')} className="business-overlay">
      <BusinessProcessesPanel />
    </Dialog>
  );
}
