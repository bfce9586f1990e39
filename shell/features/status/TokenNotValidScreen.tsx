import './texts';
import { t } from '../../../src/i18n';
import { StatusScreen } from './StatusScreen';
import { SignInAgainButton } from './wayBack';

export default function TokenNotValidScreen() {
  return (
    <StatusScreen id="token-not-valid" tone="error" title={t('warnings.tokenNotValidTitle')} text={t('warnings.tokenNotValid')} todo={[t('errorPages.tokenTodo')]}>
      <SignInAgainButton primary label={t('errorPages.toSignIn')} />
    </StatusScreen>
  );
}
