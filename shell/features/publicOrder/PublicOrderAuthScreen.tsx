import './texts';
import styles from './publicOrder.css?raw';
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { isEmail } from '../../../src/domain/validation';
import { t, type MessageKey } from '../../../src/i18n';
import { navigateTo } from '../../stores/navigation';
import { askPasswordCode, publicSignIn, setPasswordByCode, type SellerChoice } from './publicSession';
import { $publicToken } from '../../../src/stores/session';
import { FormField, FormMessage } from '../../../src/ui/FormField';
import { ORDER_LIST_PATH } from './paths';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(styles);

type Tab = 'signIn' | 'register';

/** /publicOrderAuth (CheckPublicOrderAuth): a customer signs in with e-mail and password, or learns how to get access. */
export default function PublicOrderAuthScreen() {
  const [tab, setTab] = useState<Tab>('signIn');
  return (
    <section className="auth-screen public-auth" aria-labelledby="public-auth-title">
      <h1 id="public-auth-title">{t('publicOrder.areaLabel')}</h1>
      <div role="tablist" aria-label={t('publicOrder.areaLabel')} className="auth-tabs">
        {(['signIn', 'register'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            id={`public-auth-tab-${option}`}
            aria-selected={tab === option}
            aria-controls="public-auth-panel"
            onClick={() => setTab(option)}
          >
            {t(option === 'signIn' ? 'publicOrder.signIn' : 'publicOrder.tabRegister')}
          </button>
        ))}
      </div>
      <div id="public-auth-panel" role="tabpanel" aria-labelledby={`public-auth-tab-${tab}`}>
        {tab === 'signIn' ? <SignInOrReset /> : <RegistrationHelp onSignIn={() => setTab('signIn')} />}
      </div>
    </section>
  );
}

interface FieldErrors {
  login?: MessageKey;
  password?: MessageKey;
}

function validate(login: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!login.trim()) errors.login = 'validation.empty';
  else if (!isEmail(login.trim())) errors.login = 'validation.email';
  if (!password) errors.password = 'validation.empty';
  return errors;
}

/** The sign-in form, or in its place the form that sets or resets the password through the customer's e-mail. */
function SignInOrReset() {
  const [resetting, setResetting] = useState(false);
  if (resetting) return <PasswordByEmailForm onBack={() => setResetting(false)} />;
  return (
    <>
      <PublicSignInForm />
      <button type="button" className="shell-link public-auth__reset" onClick={() => setResetting(true)}>
        {t('publicOrder.resetByEmail')}
      </button>
    </>
  );
}

/**
 * A password comes only through the customer's e-mail (an order link proves nothing about the customer):
 * the e-mail gets a code, the code and a new password set it, and the customer is signed in.
 */
function PasswordByEmailForm({ onBack }: { onBack(): void }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState(false);
  const [emailError, setEmailError] = useState<MessageKey | undefined>();
  const [passwordError, setPasswordError] = useState<MessageKey | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    const error: MessageKey | undefined = !email.trim() ? 'validation.empty' : isEmail(email.trim()) ? undefined : 'validation.email';
    setEmailError(error);
    setMessage(null);
    if (error || busy) return;
    setBusy(true);
    const result = await askPasswordCode(email);
    setBusy(false);
    if (result.ok) setSent(true);
    else setMessage(result.serverText ?? t(result.messageKey));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const error: MessageKey | undefined = password.length < 6 ? 'publicOrder.passwordTooShort' : undefined;
    setPasswordError(error);
    setMessage(null);
    if (error || busy || !code.trim()) return;
    setBusy(true);
    const result = await setPasswordByCode(email, code, password);
    setBusy(false);
    if (result.ok) navigateTo(ORDER_LIST_PATH);
    else if ('sellers' in result) onBack();
    else setMessage(result.serverText ?? t(result.messageKey));
  }

  return (
    <form noValidate aria-label={t('publicOrder.resetByEmail')} onSubmit={(event) => void (sent ? save(event) : send(event))}>
      <h2>{t('publicOrder.resetByEmail')}</h2>
      <p className="auth-hint">{t('publicOrder.resetIntro')}</p>
      <FormField name="email" type="email" label={t('publicOrder.email')} value={email} onChange={setEmail} autoComplete="username" error={emailError && t(emailError)} />
      {sent && (
        <>
          <p className="auth-hint" role="status">
            {t('publicOrder.codeSent')}
          </p>
          <FormField name="code" label={t('publicOrder.code')} value={code} onChange={setCode} autoComplete="one-time-code" />
          <FormField name="new-password" type="password" label={t('publicOrder.newPassword')} value={password} onChange={setPassword} autoComplete="new-password" error={passwordError && t(passwordError)} />
        </>
      )}
      <FormMessage tone="error" text={message} />
      <button type="submit" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy}>
        {busy ? t('app.loading') : t(sent ? 'publicOrder.savePassword' : 'publicOrder.sendCode')}
      </button>
      <button type="button" className="shell-link" onClick={onBack}>
        {t('publicOrder.backToSignIn')}
      </button>
    </form>
  );
}

function PublicSignInForm() {
  const token = useStore($publicToken);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sellers, setSellers] = useState<readonly SellerChoice[]>([]);
  const [seller, setSeller] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validate(login, password);
    setErrors(found);
    setMessage(null);
    if (found.login || found.password) return;
    setBusy(true);
    const result = await publicSignIn(login, password, sellers.length ? (seller ?? undefined) : undefined);
    setBusy(false);
    if (result.ok) {
      navigateTo(ORDER_LIST_PATH);
      return;
    }
    if ('sellers' in result) {
      setSellers(result.sellers);
      setSeller(result.sellers[0]?.id ?? null);
      return;
    }
    setMessage(result.serverText ?? t(result.messageKey));
  }

  const changeLogin = (value: string) => {
    setLogin(value);
    // A choice of sellers belongs to the e-mail it was offered for.
    setSellers([]);
  };

  return (
    <form noValidate aria-label={t('publicOrder.signIn')} onSubmit={(event) => void submit(event)}>
      {token && <p className="auth-hint">{t('publicOrder.signedInHint')}</p>}
      <FormField
        name="login"
        type="email"
        label={t('publicOrder.login')}
        hint={t('publicOrder.loginHint')}
        value={login}
        onChange={changeLogin}
        autoComplete="username"
        error={errors.login && t(errors.login)}
      />
      <FormField
        name="password"
        type="password"
        label={t('publicOrder.password')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        error={errors.password && t(errors.password)}
      />
      {sellers.length > 0 && (
        <fieldset className="public-sellers">
          <legend>{t('publicOrder.chooseSeller')}</legend>
          {sellers.map((option) => (
            <label key={option.id}>
              <input type="radio" name="seller" value={option.id} checked={seller === option.id} onChange={() => setSeller(option.id)} />
              {option.name}
            </label>
          ))}
        </fieldset>
      )}
      <FormMessage tone="error" text={message} />
      <button type="submit" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy}>
        {busy ? t('app.loading') : t('publicOrder.signIn')}
      </button>
    </form>
  );
}

/**
 * The server has no self-registration for customers: a seller opens access by sharing an order with the
 * customer's e-mail. So this tab says how to get in, instead of offering a form that could not work.
 */
function RegistrationHelp({ onSignIn }: { onSignIn(): void }) {
  return (
    <div className="public-register">
      <h2>{t('publicOrder.getStarted')}</h2>
      <p>{t('publicOrder.registerIntro')}</p>
      <ol>
        <li>{t('publicOrder.registerStepAsk')}</li>
        <li>{t('publicOrder.registerStepLink')}</li>
        <li>{t('publicOrder.registerStepPassword')}</li>
      </ol>
      <p className="auth-hint">{t('publicOrder.haveLink')}</p>
      <button type="button" className="shell-button shell-button-primary" onClick={onSignIn}>
        {t('publicOrder.signIn')}
      </button>
    </div>
  );
}
