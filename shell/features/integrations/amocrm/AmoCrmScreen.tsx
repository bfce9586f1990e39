import { AmoCrmDocuments } from '../documents/CrmDocumentsPanel';
import { IntegrationSettingsFrame } from '../IntegrationSettingsFrame';
import { AmoGeneralPanel } from './GeneralPanel';
import { AmoSyncPanel } from './SyncPanel';

/** /integrations/amocrm: the AmoCrm integration's settings. */
export default function AmoCrmScreen() {
  return <IntegrationSettingsFrame kind="amocrm" title="integrations.amocrmTitle" panels={{ general: AmoGeneralPanel, sync: AmoSyncPanel, documents: AmoCrmDocuments }} />;
}
