import './texts';
import { t } from '../../../src/i18n';
import { StatusScreen } from './StatusScreen';
import { SignInAgainButton, StartPageLink } from './wayBack';

export default function ManyAccountsScreen() {
  return (
    <StatusScreen id="many-accounts" tone="warning" title={t('warnings.manyAccountsTitle')} text={t('warnings.usersExceeded')} todo={[t('errorPages.manyUsersTodo')]}>
      <StartPageLink />
      <SignInAgainButton label={t('errorPages.signInOther')} />
    </StatusScreen>
  );
}
