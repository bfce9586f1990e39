import { t } from '../../../../src/i18n';
import { IntegrationSettingsFrame } from '../IntegrationSettingsFrame';
import { Bitrix24General, Bitrix24Sync } from './Bitrix24Panels';

// Document settings are not built yet (issue 18 §2); the tab says so.
function NotYet() {
  return <p>{t('integrations.notBuilt')}</p>;
}

/** /integrations/bitrix24: the Bitrix24 integration's settings. */
export default function Bitrix24Screen() {
  return <IntegrationSettingsFrame kind="bitrix24" title="integrations.bitrix24Title" panels={{ general: Bitrix24General, sync: Bitrix24Sync, documents: NotYet }} />;
}
