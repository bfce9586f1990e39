import { t } from '../../../../src/i18n';
import { IntegrationSettingsFrame } from '../IntegrationSettingsFrame';

// Each tab's panel is built by this integration's own work (issue 18); until then it says so.
function NotYet() {
  return <p>{t('integrations.notBuilt')}</p>;
}

/** /integrations/bitrix24: the Bitrix24 integration's settings. */
export default function Bitrix24Screen() {
  return <IntegrationSettingsFrame kind="bitrix24" title="integrations.bitrix24Title" panels={{ general: NotYet, sync: NotYet, documents: NotYet }} />;
}
