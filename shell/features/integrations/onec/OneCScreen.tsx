import { IntegrationSettingsFrame } from '../IntegrationSettingsFrame';
import { OneCDocuments } from './OneCDocuments';
import { OneCGeneral } from './OneCGeneral';
import { OneCSync } from './OneCSync';

/** /integrations/1c: the 1C (CommerceML) exchange's settings. */
export default function OneCScreen() {
  return <IntegrationSettingsFrame kind="1c" title="integrations.onecTitle" panels={{ general: OneCGeneral, sync: OneCSync, documents: OneCDocuments }} />;
}
