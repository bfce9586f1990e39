import { t } from '../../../../src/i18n';
import { IntegrationSettingsFrame } from '../IntegrationSettingsFrame';
import { AmoGeneralPanel } from './GeneralPanel';
import { AmoSyncPanel } from './SyncPanel';

// Each tab's panel is built by this integration's own work (issue 18); until then it says so.
function NotYet() {
  return <p>{t('integrations.notBuilt')}</p>;
}

/** /integrations/amocrm: the AmoCrm integration's settings. */
export default function AmoCrmScreen() {
  return <IntegrationSettingsFrame kind="amocrm" title="integrations.amocrmTitle" panels={{ general: AmoGeneralPanel, sync: AmoSyncPanel, documents: NotYet }} />;
}
