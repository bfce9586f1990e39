import { t } from '../../../src/i18n';
import { StatusScreen } from './StatusScreen';

export default function TokenNotValidScreen() {
  return <StatusScreen id="token-not-valid" tone="error" title={t('warnings.tokenNotValidTitle')} text={t('warnings.tokenNotValid')} />;
}
