import { t } from '../../../src/i18n';
import { StatusScreen } from './StatusScreen';

export default function ExpiredScreen() {
  return <StatusScreen id="expired" tone="warning" title={t('warnings.expiredTitle')} text={t('warnings.subscriptionEnded')} />;
}
