import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { t } from '../../src/i18n';

/** Dismissed for this visit: kept outside the component so navigation does not bring it back. */
const $dismissed = atom(false);

/** The 'login fixed to one user' warning. */
export function LoginFixedBanner() {
  const dismissed = useStore($dismissed);
  if (dismissed) return null;
  return (
    <div className="shell-banner shell-banner-warning" role="alert" data-testid="login-fixed-warning">
      <span>{t('warnings.loginFixed')}</span>
      <button type="button" className="shell-button" onClick={() => $dismissed.set(true)}>
        {t('warnings.dismiss')}
      </button>
    </div>
  );
}
