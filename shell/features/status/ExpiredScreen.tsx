import './texts';
import { t } from '../../../src/i18n';
import { StatusScreen } from './StatusScreen';
import { SignInAgainButton } from './wayBack';

/** Expired accounts are locked here (guard rule 8), so the only way on is another account. */
export default function ExpiredScreen() {
  return (
    <StatusScreen id="expired" tone="warning" title={t('warnings.expiredTitle')} text={t('warnings.subscriptionEnded')} todo={[t('errorPages.expiredTodo')]}>
      <SignInAgainButton primary label={t('errorPages.signInOther')} />
    </StatusScreen>
  );
}
