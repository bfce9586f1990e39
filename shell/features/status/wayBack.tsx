import { t } from '../../../src/i18n';
import { SIGN_IN_PATH } from '../../../src/domain/publicMode';
import { logOut } from '../../stores/auth';
import { navigateTo } from '../../stores/navigation';

/** Back to the start page ('/' redirects to the user's landing screen). */
export function StartPageLink() {
  return (
    <a className="shell-button shell-button-primary" href="#/">
      {t('errors.pages.toStart')}
    </a>
  );
}

/**
 * Sign-in afresh: the session is ended first, or the guard would send a signed-in user (or one whose token
 * failed, from the token page) straight back here.
 */
export function SignInAgainButton({ label, primary = false }: { label: string; primary?: boolean }) {
  return (
    <button
      type="button"
      className={primary ? 'shell-button shell-button-primary' : 'shell-button'}
      onClick={() => {
        void logOut();
        navigateTo(SIGN_IN_PATH);
      }}
    >
      {label}
    </button>
  );
}
