import './texts';
import { useState, type FormEvent } from 'react';
import { activeLanguage, t } from '../../../src/i18n';
import {
  confirmSignUp,
  finishRestore,
  requestRestoreCode,
  requestSignUpCode,
  signIn,
  type StepResult,
} from '../../stores/auth';
import { serverErrorText } from '../../../src/i18n/serverErrors';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { FormField as Field, FormMessage } from '../../../src/ui/FormField';

function messageOf(result: StepResult): string | null {
  if (result.ok) return null;
  if (result.refusal) return serverErrorText({ ...result.refusal, error: result.serverText });
  return result.serverText ?? t(result.messageKey);
}

/** Runs one async step of a form, tracking busy state and the error line. */
function useStep() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(event: FormEvent, step: () => Promise<StepResult>, onDone: () => void) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await step();
    setBusy(false);
    if (result.ok) onDone();
    else setError(messageOf(result));
  }
  return { busy, error, run };
}

function Submit({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy}>
      {busy ? t('auth.working') : label}
    </button>
  );
}

export function SignInForm({ initialLogin, onSignedIn, onForgot }: { initialLogin: string; onSignedIn(): void; onForgot(login: string): void }) {
  const [login, setLogin] = useState(initialLogin);
  const [password, setPassword] = useState('');
  const step = useStep();
  return (
    <form aria-label={t('auth.ownPassword')} onSubmit={(event) => step.run(event, () => signIn(login, password), onSignedIn)}>
      <Field name="login" label={t('auth.login')} value={login} onChange={setLogin} autoComplete="username" />
      <Field name="password" type="password" label={t('auth.password')} value={password} onChange={setPassword} autoComplete="current-password" />
      <FormMessage tone="error" text={step.error} />
      <Submit busy={step.busy} label={t('auth.signIn')} />
      <button type="button" className="shell-link" onClick={() => onForgot(login)}>
        {t('auth.forgotPassword')}
      </button>
    </form>
  );
}

export function RegistrationForm({ onRegistered }: { onRegistered(login: string): void }) {
  const [name, setName] = useState('');
  const [login, setLogin] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const step = useStep();
  if (!codeSent) {
    return (
      <form aria-label={t('auth.tabRegister')} onSubmit={(event) => step.run(event, () => requestSignUpCode(name, login, activeLanguage()), () => {
        setCodeSent(true);
        notify({ type: NotificationType.info, header: t('success.codeSent') });
      })}>
        <Field name="name" label={t('auth.name')} value={name} onChange={setName} autoComplete="name" />
        <Field name="login" label={t('auth.login')} value={login} onChange={setLogin} autoComplete="username" />
        <FormMessage tone="error" text={step.error} />
        <Submit busy={step.busy} label={t('auth.sendCode')} />
      </form>
    );
  }
  return (
    <form aria-label={t('auth.confirmRegistration')} onSubmit={(event) => step.run(event, () => confirmSignUp(login, code), () => {
      notify({ type: NotificationType.success, header: t('success.registered'), text: t('success.registeredHint', { login }) });
      onRegistered(login);
    })}>
      <p className="auth-hint">{t('profile.codeSentTo', { login })}</p>
      <Field name="code" label={t('auth.code')} value={code} onChange={setCode} autoComplete="one-time-code" />
      <FormMessage tone="error" text={step.error} />
      <Submit busy={step.busy} label={t('auth.confirmRegistration')} />
    </form>
  );
}

export function RecoveryForm({ initialLogin, onDone }: { initialLogin: string; onDone(login: string): void }) {
  const [login, setLogin] = useState(initialLogin);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const step = useStep();
  if (!codeSent) {
    return (
      <form aria-label={t('auth.tabRecovery')} onSubmit={(event) => step.run(event, () => requestRestoreCode(login), () => {
        setCodeSent(true);
        notify({ type: NotificationType.info, header: t('success.codeSent') });
      })}>
        <p className="auth-hint">{t('auth.recoveryHint')}</p>
        <Field name="login" label={t('auth.login')} value={login} onChange={setLogin} autoComplete="username" />
        <FormMessage tone="error" text={step.error} />
        <Submit busy={step.busy} label={t('auth.sendCode')} />
      </form>
    );
  }
  return (
    <form aria-label={t('auth.resetPassword')} onSubmit={(event) => step.run(event, () => finishRestore(login, code, password), () => {
      notify({ type: NotificationType.success, header: t('success.done') });
      onDone(login);
    })}>
      <p className="auth-hint">{t('profile.codeSentTo', { login })}</p>
      <Field name="code" label={t('auth.code')} value={code} onChange={setCode} autoComplete="one-time-code" />
      <Field name="new-password" type="password" label={t('auth.newPassword')} value={password} onChange={setPassword} autoComplete="new-password" />
      <FormMessage tone="error" text={step.error} />
      <Submit busy={step.busy} label={t('auth.resetPassword')} />
    </form>
  );
}
