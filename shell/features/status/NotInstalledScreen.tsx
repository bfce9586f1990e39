import './texts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { t } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { navigateTo } from '../../stores/navigation';
import { notInstalledRedirect } from './notInstalledCheck';
import { StatusScreen } from './StatusScreen';
import { SignInAgainButton } from './wayBack';

export default function NotInstalledScreen() {
  const { account } = useStore($account);
  const target = notInstalledRedirect(account);
  useEffect(() => {
    if (target) navigateTo(target, { replace: true });
  }, [target]);
  return (
    <StatusScreen id="not-installed" tone="warning" title={t('warnings.notInstalledTitle')} text={t('warnings.notInstalled')} todo={[t('errors.mustBeCrmUser'), t('errorPages.notInstalledTodo')]}>
      <SignInAgainButton primary label={t('errorPages.toSignIn')} />
    </StatusScreen>
  );
}
