import './texts';
import styles from './publicOrder.css?raw';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { PublicProfile } from '../../../src/contract/publicOrder';
import { t } from '../../../src/i18n';
import { navigateTo } from '../../stores/navigation';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { $publicProfile, changePublicPassword, loadPublicProfile, savePublicProfile, type ProfileStep } from './publicProfile';
import { $publicSession, loadPublicSession, publicLogOut } from './publicSession';
import { $publicToken } from '../../../src/stores/session';
import { FormField, FormMessage } from '../../../src/ui/FormField';
import { SIGN_IN_PATH } from './paths';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(styles);

function messageOf(step: ProfileStep): string | null {
  return step.ok ? null : (step.serverText ?? t(step.messageKey));
}

/** /publicOrderProfile: the customer's name and phone, their password, and log out. */
export default function PublicOrderProfileScreen() {
  const token = useStore($publicToken);
  const session = useStore($publicSession);
  const { status, profile } = useStore($publicProfile);
  // An anonymous link's session has no customer, so no profile: asking would only be refused.
  const linkOnly = session.status === 'ready' && session.config?.user === null;

  useEffect(() => {
    if (!token) {
      navigateTo(SIGN_IN_PATH, { replace: true });
      return;
    }
    void loadPublicSession().then((state) => {
      if (state.config?.user !== null) void loadPublicProfile();
    });
  }, [token]);

  function logOut() {
    publicLogOut();
    navigateTo(SIGN_IN_PATH);
  }

  let body: ReactNode;
  if (linkOnly) {
    body = (
      <div className="public-card">
        <p>{t('publicOrder.linkSession')}</p>
        <p className="auth-hint">{t('publicOrder.linkSessionHint')}</p>
        <a className="shell-button shell-button-primary" href={`#${SIGN_IN_PATH}`}>
          {t('publicOrder.signIn')}
        </a>
      </div>
    );
  } else if (profile) {
    body = (
      <>
        <PersonalData profile={profile} />
        {/* A session opened from a link may not set the customer's password: that goes through their e-mail. */}
        {session.config?.session.kind === 'link' ? (
          <p className="public-card auth-hint">{t('publicOrder.passwordByEmailHint')}</p>
        ) : (
          <PasswordForm hasPassword={profile.has_password} />
        )}
      </>
    );
  } else if (status === 'failed' || session.status === 'failed') {
    body = (
      <div className="public-state" role="alert">
        <p>{t('publicOrder.profileLoadFailed')}</p>
        <button type="button" className="shell-button" onClick={() => void loadPublicSession({ force: true }).then(() => loadPublicProfile())}>
          {t('app.retry')}
        </button>
      </div>
    );
  } else {
    body = (
      <div className="shell-center" role="status">
        <span className="shell-spinner" aria-hidden="true" />
        <span>{t('app.loading')}</span>
      </div>
    );
  }

  return (
    <section className="public-page public-profile" aria-labelledby="public-profile-title">
      <div className="public-page-head">
        <h1 id="public-profile-title">{t('publicOrder.profile')}</h1>
        <button type="button" className="shell-button" onClick={logOut} title={t('publicOrder.logoutHint')}>
          {t('publicOrder.logout')}
        </button>
      </div>
      {body}
    </section>
  );
}

function PersonalData({ profile }: { profile: PublicProfile }) {
  const [name, setName] = useState(profile.name);
  const [phone, setPhone] = useState(profile.phone ?? '');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ProfileStep | null>(null);
  const nameError = result && !result.ok && result.field === 'name' ? messageOf(result) : null;
  const phoneError = result && !result.ok && result.field === 'phone' ? messageOf(result) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const step = await savePublicProfile({ name, phone });
    setBusy(false);
    setResult(step);
    if (step.ok) notify({ type: NotificationType.success, header: t('publicOrder.profileSaved') });
  }

  return (
    <form noValidate className="public-card" aria-labelledby="public-personal-title" onSubmit={(event) => void submit(event)}>
      <h2 id="public-personal-title">{t('publicOrder.personalData')}</h2>
      <FormField name="name" label={t('publicOrder.name')} value={name} onChange={setName} autoComplete="name" maxLength={200} error={nameError} />
      <FormField name="email" type="email" label={t('publicOrder.email')} value={profile.email ?? ''} onChange={() => undefined} disabled required={false} hint={t('publicOrder.emailHint')} />
      <FormField name="phone" type="tel" label={t('publicOrder.phone')} value={phone} onChange={setPhone} autoComplete="tel" required={false} maxLength={40} error={phoneError} />
      <FormMessage tone="error" text={result && !result.ok && !result.field ? messageOf(result) : null} />
      <button type="submit" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy}>
        {busy ? t('app.saving') : t('app.save')}
      </button>
    </form>
  );
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ProfileStep | null>(null);
  const errorFor = (field: string) => (result && !result.ok && result.field === field ? messageOf(result) : null);
  const title = hasPassword ? t('publicOrder.changePassword') : t('publicOrder.setPassword');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const step = await changePublicPassword({ current, password, confirm });
    setBusy(false);
    setResult(step);
    if (step.ok) {
      setCurrent('');
      setPassword('');
      setConfirm('');
      notify({ type: NotificationType.success, header: t('publicOrder.passwordChanged') });
    }
  }

  const known = ['current_password', 'password', 'password_confirm'];
  return (
    <form noValidate className="public-card" aria-labelledby="public-password-title" onSubmit={(event) => void submit(event)}>
      <h2 id="public-password-title">{title}</h2>
      {!hasPassword && <p className="auth-hint">{t('publicOrder.setPasswordHint')}</p>}
      {hasPassword && (
        <FormField name="current-password" type="password" label={t('publicOrder.currentPassword')} value={current} onChange={setCurrent} autoComplete="current-password" error={errorFor('current_password')} />
      )}
      <FormField name="new-password" type="password" label={t('publicOrder.newPassword')} value={password} onChange={setPassword} autoComplete="new-password" error={errorFor('password')} />
      <FormField name="confirm-password" type="password" label={t('publicOrder.confirmPassword')} value={confirm} onChange={setConfirm} autoComplete="new-password" error={errorFor('password_confirm')} />
      <FormMessage tone="error" text={result && !result.ok && !known.includes(result.field ?? '') ? messageOf(result) : null} />
      <button type="submit" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy}>
        {busy ? t('app.saving') : title}
      </button>
    </form>
  );
}
