import { Bitrix24Documents } from '../documents/CrmDocumentsPanel';
import { IntegrationSettingsFrame } from '../IntegrationSettingsFrame';
import { Bitrix24General, Bitrix24Sync } from './Bitrix24Panels';

/** /integrations/bitrix24: the Bitrix24 integration's settings. */
export default function Bitrix24Screen() {
  return <IntegrationSettingsFrame kind="bitrix24" title="integrations.bitrix24Title" panels={{ general: Bitrix24General, sync: Bitrix24Sync, documents: Bitrix24Documents }} />;
}
