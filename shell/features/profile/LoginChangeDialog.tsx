import './texts';
import { useState, type FormEvent } from 'react';
import type { LoginMode } from '../../../src/contract/auth';
import { t } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { confirmLoginCode, requestLoginCode, type ProfileStep } from './state';
import { FormField, FormMessage } from '../../../src/ui/FormField';
import { Dialog } from '../../../src/ui/Dialog';

/**
 * Where the change stands: confirming the current login (send a code, enter it), then the new one
 * (enter it and send a code, enter the code). With no current login of this kind the first part is skipped.
 */
type Stage = 'oldSend' | 'oldCode' | 'newLogin' | 'newCode';

/** Focus goes to the first field when the step has one, else to the first control. */
const firstField = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('input:not([disabled])');

export function displayLogin(mode: LoginMode, value: string): string {
  return mode === 'phone' ? `+${value}` : value;
}

/** The code-confirmation modal that changes (or adds) the user's e-mail or phone through profile/check-*. */
export function LoginChangeDialog({ mode, current, onClose }: { mode: LoginMode; current: string | null; onClose(): void }) {
  const [stage, setStage] = useState<Stage>(current ? 'oldSend' : 'newLogin');
  const [code, setCode] = useState('');
  const [login, setLogin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const email = mode === 'email';
  const title = current ? t(email ? 'profile.changeEmail' : 'profile.changePhone') : t(email ? 'profile.addEmail' : 'profile.addPhone');
  const oldPart = stage === 'oldSend' || stage === 'oldCode';

  async function run(step: () => Promise<ProfileStep>, next: () => void) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await step();
    setBusy(false);
    if (result.ok) next();
    else setError(result.serverText ?? t(result.messageKey));
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stage === 'oldSend' && current) void run(() => requestLoginCode('old', mode, current), () => setStage('oldCode'));
    if (stage === 'oldCode' && current)
      void run(() => confirmLoginCode('old', mode, current, code), () => {
        setCode('');
        setStage('newLogin');
      });
    if (stage === 'newLogin') void run(() => requestLoginCode('new', mode, login), () => setStage('newCode'));
    if (stage === 'newCode')
      void run(() => confirmLoginCode('new', mode, login, code), () => {
        notify({ type: NotificationType.success, header: t(email ? 'profile.emailChanged' : 'profile.phoneChanged', { login: login.trim() }) });
        onClose();
      });
  };

  const resend = () => {
    setCode('');
    if (oldPart && current) void run(() => requestLoginCode('old', mode, current), () => notify({ type: NotificationType.info, header: t('success.codeSent') }));
    else void run(() => requestLoginCode('new', mode, login), () => notify({ type: NotificationType.info, header: t('success.codeSent') }));
  };

  const sentTo = oldPart ? (current ? displayLogin(mode, current) : '') : login.trim();
  let submitLabel = t('profile.sendCode');
  if (stage === 'oldCode' || stage === 'newCode') submitLabel = t('profile.confirm');

  return (
    <Dialog title={title} onClose={onClose} className="profile-modal" initialFocus={firstField}>
      <form noValidate className="profile-modal-form" onSubmit={submit} aria-describedby={current ? 'profile-modal-step' : undefined}>
        {current && (
          <p id="profile-modal-step" className="profile-step">
            {t('profile.stepOf', { step: oldPart ? 1 : 2, total: 2 })}
          </p>
        )}
        {stage === 'oldSend' && current && (
          <p>{t(email ? 'profile.oldEmailIntro' : 'profile.oldPhoneIntro', { login: displayLogin(mode, current) })}</p>
        )}
        {stage === 'newLogin' && (
          <>
            <p>{t(email ? 'profile.newEmailIntro' : 'profile.newPhoneIntro')}</p>
            <FormField
              name={mode}
              type={email ? 'email' : 'tel'}
              label={t(email ? 'profile.newEmail' : 'profile.newPhone')}
              value={login}
              onChange={setLogin}
              autoComplete={email ? 'email' : 'tel'}
            />
          </>
        )}
        {(stage === 'oldCode' || stage === 'newCode') && (
          <>
            <p>{t('profile.codeSentTo', { login: sentTo })}</p>
            <FormField name="code" label={t('profile.code')} value={code} onChange={setCode} autoComplete="one-time-code" maxLength={12} />
          </>
        )}
        <FormMessage tone="error" text={error} />
        <div className="profile-modal-actions">
          <button type="submit" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy}>
            {busy ? t('app.loading') : submitLabel}
          </button>
          {(stage === 'oldCode' || stage === 'newCode') && (
            <button type="button" className="shell-link" disabled={busy} onClick={resend}>
              {t('profile.resendCode')}
            </button>
          )}
          {stage === 'newCode' && (
            <button type="button" className="shell-link" disabled={busy} onClick={() => { setCode(''); setError(null); setStage('newLogin'); }}>
              {t('profile.otherLogin')}
            </button>
          )}
          <button type="button" className="shell-button" onClick={onClose}>
            {t('app.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
