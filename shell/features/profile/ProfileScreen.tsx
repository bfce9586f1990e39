import './texts';
import styles from './profile.css?raw';
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { User } from '../../../src/contract/account';
import type { LoginMode } from '../../../src/contract/auth';
import { t } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { changeOwnPassword, currentLogin, saveOwnName, signOutOtherDevices, type ProfileStep } from './state';
import { FormField, FormMessage } from '../../../src/ui/FormField';
import { displayLogin, LoginChangeDialog } from './LoginChangeDialog';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { TelegramCard } from './TelegramCard';

adoptStyles(styles);

const messageOf = (step: ProfileStep | null): string | null => (step && !step.ok ? (step.serverText ?? t(step.messageKey)) : null);

/** /profile: the signed-in user's name, e-mail and phone (changed with codes), and password. */
export default function ProfileScreen() {
  const { user } = useStore($account);
  if (!user) {
    return (
      <p className="profile-page" role="alert">
        {t('profile.noUser')}
      </p>
    );
  }
  return (
    <section className="profile-page" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      <NameForm key={user.id} user={user} />
      <Logins user={user} />
      <PasswordForm />
      <TelegramCard />
      <OtherDevices />
    </section>
  );
}

function NameForm({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ProfileStep | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const step = await saveOwnName(name);
    setBusy(false);
    setResult(step);
    if (step.ok) notify({ type: NotificationType.success, header: t('profile.nameSaved') });
  }

  return (
    <form noValidate className="profile-card" aria-labelledby="profile-personal" onSubmit={(event) => void submit(event)}>
      <h2 id="profile-personal">{t('profile.personalData')}</h2>
      <FormField name="name" label={t('profile.name')} value={name} onChange={setName} autoComplete="name" maxLength={120} error={messageOf(result)} />
      <button type="submit" className="shell-button shell-button-primary" disabled={busy || name === user.name} aria-busy={busy}>
        {busy ? t('app.saving') : t('app.save')}
      </button>
    </form>
  );
}

/** The e-mail and phone the user signs in with; each changes through the code-confirmation modal. */
function Logins({ user }: { user: User }) {
  const [changing, setChanging] = useState<LoginMode | null>(null);
  const rows: { mode: LoginMode; label: string; value: string | null | undefined }[] = [
    { mode: 'email', label: t('profile.email'), value: user.email },
    { mode: 'phone', label: t('profile.phone'), value: user.phone },
  ];
  return (
    <div className="profile-card" role="group" aria-labelledby="profile-logins">
      <h2 id="profile-logins">{t('profile.changeLogin')}</h2>
      <dl className="profile-logins">
        {rows.map((row) => {
          const action = row.value
            ? t(row.mode === 'email' ? 'profile.changeEmail' : 'profile.changePhone')
            : t(row.mode === 'email' ? 'profile.addEmail' : 'profile.addPhone');
          return (
            <div key={row.mode} className="profile-login">
              <dt>{row.label}</dt>
              <dd>
                <span className={row.value ? undefined : 'profile-muted'}>{row.value ? displayLogin(row.mode, row.value) : t('profile.notSet')}</span>
                <button type="button" className="shell-button" onClick={() => setChanging(row.mode)}>
                  {action}
                </button>
              </dd>
            </div>
          );
        })}
      </dl>
      {changing && <LoginChangeDialog mode={changing} current={currentLogin(changing)} onClose={() => setChanging(null)} />}
    </div>
  );
}

/** Ends every other session of the user on the server; this one stays, so the user stays where they are. */
function OtherDevices() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signOutOthers() {
    if (busy) return;
    setBusy(true);
    const result = await signOutOtherDevices();
    setBusy(false);
    setError(result.ok ? null : messageOf(result));
    if (result.ok) {
      notify({ type: NotificationType.success, header: result.revoked > 0 ? t('profile.othersSignedOut', { count: result.revoked }) : t('profile.noOtherSessions') });
    }
  }

  return (
    <div className="profile-card" role="group" aria-labelledby="profile-sessions">
      <h2 id="profile-sessions">{t('profile.sessions')}</h2>
      <p className="profile-muted">{t('profile.sessionsHint')}</p>
      <FormMessage tone="error" text={error} />
      <button type="button" className="shell-button" disabled={busy} aria-busy={busy} onClick={() => void signOutOthers()}>
        {busy ? t('profile.signingOut') : t('profile.signOutOthers')}
      </button>
    </div>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ProfileStep | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const step = await changeOwnPassword(current, password, confirm);
    setBusy(false);
    setResult(step);
    if (step.ok) {
      setCurrent('');
      setPassword('');
      setConfirm('');
      notify({ type: NotificationType.success, header: t('profile.passwordChanged') });
    }
  }

  const error = messageOf(result);
  const refused = result && !result.ok ? result.messageKey : null;
  const onCurrent = refused === 'profile.wrongCurrentPassword';
  const onPassword = refused === 'validation.passwordTooShort' || refused === 'validation.passwordIsLogin';
  const onConfirm = refused === 'profile.passwordsDiffer';
  return (
    <form noValidate className="profile-card" aria-labelledby="profile-password" onSubmit={(event) => void submit(event)}>
      <h2 id="profile-password">{t('profile.changePassword')}</h2>
      <FormField name="current-password" type="password" label={t('profile.currentPassword')} value={current} onChange={setCurrent} autoComplete="current-password" error={onCurrent ? error : null} />
      <FormField name="new-password" type="password" label={t('profile.newPassword')} value={password} onChange={setPassword} autoComplete="new-password" error={onPassword ? error : null} />
      <FormField name="confirm-password" type="password" label={t('profile.confirmPassword')} value={confirm} onChange={setConfirm} autoComplete="new-password" error={onConfirm ? error : null} />
      <FormMessage tone="error" text={onCurrent || onPassword || onConfirm ? null : error} />
      <button type="submit" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy}>
        {busy ? t('app.saving') : t('profile.changePassword')}
      </button>
    </form>
  );
}
