import { useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '../../src/i18n';
import { loadAccount } from '../../src/stores/account';
import { guardShellNavigation, useGuardState } from './guardState';
import { navigate, useAppLocation } from './hashLocation';
import { canonicalPath } from './routes';
import { existingStartPage } from './startPage';

/**
 * Applies the navigation guard (with the shell's invitation rules) to every location change: redirects replace
 * the entry, waits show a loading state (and start the load they wait for), allowed routes render.
 * (The order state is reset on the location change itself, in locationSync.ts.)
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const [address] = useAppLocation();
  const path = canonicalPath(address);
  const guardState = useGuardState();
  const state = { ...guardState, landingPath: existingStartPage(guardState.landingPath) };
  const from = useRef<string | null>(null);
  const [accountFailed, setAccountFailed] = useState(false);
  const decision = guardShellNavigation(state, from.current, path);
  const waitingForAccount = decision.action === 'wait' && decision.for === 'account';
  const redirectTo = decision.action === 'redirect' ? decision.to : null;

  useEffect(() => {
    if (redirectTo) navigate(redirectTo, { replace: true });
  }, [redirectTo]);

  // A failed account load is retried after a new sign-in or on another page, not only by the button.
  useEffect(() => setAccountFailed(false), [state.token, path]);

  useEffect(() => {
    if (!waitingForAccount || accountFailed) return;
    let live = true;
    void loadAccount().then((result) => {
      if (live && !result.loaded) setAccountFailed(true);
    });
    return () => {
      live = false;
    };
  }, [waitingForAccount, accountFailed]);

  const allowed = decision.action === 'allow';
  useEffect(() => {
    if (allowed) from.current = path;
  }, [allowed, path]);

  if (allowed) return <>{children}</>;
  if (waitingForAccount && accountFailed) {
    return (
      <div className="shell-center" role="alert">
        <p>{t('errors.somethingWrong')}</p>
        <button type="button" className="shell-button" onClick={() => setAccountFailed(false)}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  return <ShellLoading />;
}

export function ShellLoading() {
  return (
    <div className="shell-center" role="status" aria-live="polite">
      <span className="shell-spinner" aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}
