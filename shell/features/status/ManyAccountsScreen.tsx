import { t } from '../../../src/i18n';
import { StatusScreen } from './StatusScreen';

export default function ManyAccountsScreen() {
  return <StatusScreen id="many-accounts" tone="warning" title={t('warnings.manyAccountsTitle')} text={t('warnings.usersExceeded')} />;
}
