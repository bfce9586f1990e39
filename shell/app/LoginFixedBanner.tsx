import { useState } from 'react';
import { t } from '../../src/i18n';

/** The 'login fixed to one user' warning; it can be dismissed for this visit. */
export function LoginFixedBanner() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className="shell-banner shell-banner-warning" role="alert" data-testid="login-fixed-warning">
      <span>{t('warnings.loginFixed')}</span>
      <button type="button" className="shell-button" onClick={() => setOpen(false)}>
        {t('warnings.dismiss')}
      </button>
    </div>
  );
}
