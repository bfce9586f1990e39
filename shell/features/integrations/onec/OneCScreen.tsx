import { t } from '../../../../src/i18n';
import { IntegrationSettingsFrame } from '../IntegrationSettingsFrame';

// Each tab's panel is built by this integration's own work (issue 18); until then it says so.
function NotYet() {
  return <p>{t('integrations.notBuilt')}</p>;
}

/** /integrations/1c: the OneC integration's settings. */
export default function OneCScreen() {
  return <IntegrationSettingsFrame kind="1c" title="integrations.onecTitle" panels={{ general: NotYet, sync: NotYet, documents: NotYet }} />;
}
