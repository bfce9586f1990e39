import { t } from '../../../src/i18n';
import { closeOverlay } from '../../stores/overlays';
import TemplatesPanel from './TemplatesPanel';

/** The 'document settings' overlay (shell-and-screens): the documents settings in a dialog over the current screen. */
export default function DocumentSettingsOverlay() {
  return (
    <div role="dialog" aria-modal="true" aria-label={t('documents.settingsTitle')} className="documents-overlay">
      <button type="button" className="shell-button" onClick={() => closeOverlay('documentSettings')}>
        {t('app.close')}
      </button>
      <TemplatesPanel />
    </div>
  );
}
