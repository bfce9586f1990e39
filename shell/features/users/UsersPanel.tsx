import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { User } from '../../../src/contract/account';
import { memberHasRight } from '../../../src/domain/rights';
import { t, type MessageKey } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { Dialog } from '../../../src/ui/Dialog';
import { FormField, FormMessage } from '../../../src/ui/FormField';
import { $users, addPerson, changeMember, correctInvitation, linkPerson, loadUsers, memberChanges, removeMember, setSeparateRights, stepText, type UsersStep } from './state';

type RightFlag = 'activity' | 'admin' | 'editing_remains' | 'change_remains';
const RIGHT_COLUMNS: readonly { flag: RightFlag; label: MessageKey }[] = [
  { flag: 'activity', label: 'rights.activity' },
  { flag: 'admin', label: 'rights.admin' },
  { flag: 'editing_remains', label: 'rights.editingRemains' },
  { flag: 'change_remains', label: 'rights.changeRemains' },
];

/**
 * The account's users (spec §2 'Users'; /usersConfiguration and settings → users): status, activity, admin and the
 * two stock rights, the 'separate rights' option, adding, inviting, editing and removing. Admins change them; the
 * list reloads after every change, so it shows what the server holds.
 */
export function UsersPanel() {
  const { list, status } = useStore($users);
  const { account, user: me } = useStore($account);
  const isAdmin = memberHasRight(me, account, 'admin');
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<User | null>(null);

  useEffect(() => {
    void loadUsers();
  }, []);

  const show = (step: UsersStep) => setProblem(stepText(step));

  return (
    <div className="users-panel">
      {!isAdmin && <p className="auth-hint">{t('settings.adminOnly')}</p>}
      {account && (
        <label className="users-option">
          <input
            type="checkbox"
            name="separate-rights"
            checked={Boolean(account.separate_rights)}
            disabled={!isAdmin}
            onChange={(event) => void setSeparateRights(event.currentTarget.checked).then(show)}
          />
          <span>
            {t('settings.separateRights')}
            <small className="auth-hint">{t('settings.separateRightsHint')}</small>
          </span>
        </label>
      )}
      <FormMessage tone="error" text={problem} />
      {status === 'loading' && <p role="status">{t('app.loading')}</p>}
      {status === 'failed' && (
        <p role="alert">
          {t('errors.somethingWrong')}{' '}
          <button type="button" className="shell-button" onClick={() => void loadUsers()}>
            {t('app.retry')}
          </button>
        </p>
      )}
      <div className="users-table-wrap">
        <table className="users-table">
          <caption>{t('settings.users')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('users.name')}</th>
              <th scope="col">{t('users.status')}</th>
              {RIGHT_COLUMNS.map((column) => (
                <th scope="col" key={column.flag}>
                  {t(column.label)}
                </th>
              ))}
              {isAdmin && <th scope="col">{t('users.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {list.map((member) => (
              <MemberRow key={member.id} member={member} isAdmin={isAdmin} onStep={show} onEdit={() => setEditing(member)} />
            ))}
          </tbody>
        </table>
      </div>
      {isAdmin && <AddUserForm />}
      {editing && <EditUserDialog member={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function MemberRow({ member, isAdmin, onStep, onEdit }: { member: User; isAdmin: boolean; onStep(step: UsersStep): void; onEdit(): void }) {
  const [busy, setBusy] = useState(false);
  const invited = member.status === 'invited';
  const enabled = member.status !== 'disabled';
  async function run(step: Promise<UsersStep>) {
    setBusy(true);
    onStep(await step);
    setBusy(false);
  }
  const statusText = t(invited ? 'rights.invited' : enabled ? 'rights.enabled' : 'rights.disabled');
  return (
    <tr data-user-id={member.id} data-status={member.status}>
      <th scope="row">
        <span className="users-name">{member.name}</span>
        {member.email && member.email !== member.name && <small className="users-email">{member.email}</small>}
        {member.is_owner && <small className="users-owner">{t('users.owner')}</small>}
      </th>
      <td>
        {invited || !isAdmin || member.is_owner ? (
          statusText
        ) : (
          <label className="users-flag">
            <input
              type="checkbox"
              checked={enabled}
              disabled={busy}
              aria-label={t('users.enabledFor', { name: member.name })}
              onChange={(event) => void run(changeMember(member.id, { status: event.currentTarget.checked ? 'enabled' : 'disabled' }))}
            />
            <span>{statusText}</span>
          </label>
        )}
      </td>
      {RIGHT_COLUMNS.map((column) => (
        <td key={column.flag}>
          {invited ? null : (
            <input
              type="checkbox"
              checked={Boolean(member[column.flag])}
              disabled={!isAdmin || busy || (member.is_owner && column.flag === 'admin')}
              aria-label={t('users.rightFor', { right: t(column.label), name: member.name })}
              onChange={(event) => void run(changeMember(member.id, { [column.flag]: event.currentTarget.checked }))}
            />
          )}
        </td>
      ))}
      {isAdmin && (
        <td className="users-actions">
          <button type="button" className="shell-button" disabled={busy} aria-label={t('users.editFor', { name: member.name })} onClick={onEdit}>
            {t('app.edit')}
          </button>
          {!member.is_owner && (
            <button type="button" className="shell-button" disabled={busy} aria-label={t(invited ? 'users.withdrawFor' : 'users.removeFor', { name: member.name })} onClick={() => void run(removeMember(member.id))}>
              {t(invited ? 'users.withdraw' : 'users.remove')}
            </button>
          )}
        </td>
      )}
    </tr>
  );
}

/** Add user by name and e-mail; an e-mail that has a user gives 'Such a user already exists.' and offers to invite them. */
function AddUserForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<UsersStep | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const answer = await addPerson(name, email);
    setBusy(false);
    setStep(answer);
    if (answer.ok) {
      setName('');
      setEmail('');
    }
  }

  async function invite() {
    setBusy(true);
    const answer = await linkPerson(email, name.trim() || email.trim());
    setBusy(false);
    setStep(answer);
    if (answer.ok) {
      setName('');
      setEmail('');
    }
  }

  const exists = step && !step.ok && step.exists;
  return (
    <form noValidate className="users-add" aria-labelledby="users-add-title" onSubmit={(event) => void submit(event)}>
      <h3 id="users-add-title">{t('settings.addUser')}</h3>
      <FormField name="user-name" label={t('users.name')} value={name} onChange={setName} maxLength={120} />
      <FormField name="user-email" type="email" label={t('users.email')} value={email} onChange={setEmail} maxLength={254} autoComplete="off" />
      <FormMessage tone="error" text={step ? stepText(step) : null} />
      {exists ? (
        <div className="users-exists">
          <p>{t('users.offerLink')}</p>
          <button type="button" className="shell-button shell-button-primary" disabled={busy} onClick={() => void invite()}>
            {t('users.link')}
          </button>
        </div>
      ) : null}
      <button type="submit" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy}>
        {t('settings.addUser')}
      </button>
    </form>
  );
}

/**
 * Edit a member's name and sign-in e-mail. One's own e-mail and the owner's are changed in the profile, where the
 * new address is proved with a code, so they are shown, not edited; the server refuses them anyway.
 */
function EditUserDialog({ member, onClose }: { member: User; onClose(): void }) {
  const { user: me } = useStore($account);
  const emailEditable = !member.is_owner && member.id !== me?.id;
  const invited = member.status === 'invited';
  const [name, setName] = useState(member.name);
  const [email, setEmail] = useState(member.email ?? '');
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<UsersStep | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const changes = memberChanges(member, name, emailEditable ? email : null);
    if (!changes.ok) return setStep(changes);
    setBusy(true);
    // A pending invitation shows only its address (the invitee's name is theirs until they accept), so only the
    // address is corrected, and the new one invited anew; a member is edited.
    const answer = invited ? await correctInvitation(member.id, { email: changes.changes.email }) : await changeMember(member.id, changes.changes);
    setBusy(false);
    if (answer.ok) onClose();
    else setStep(answer);
  }
  const error = step ? stepText(step) : null;
  const onEmail = step && !step.ok && (step.messageKey === 'users.badEmail' || step.messageKey === 'errors.userExists');
  return (
    <Dialog title={t('settings.editUser')} onClose={onClose}>
      <form noValidate className="users-edit" onSubmit={(event) => void submit(event)}>
        {!invited && <FormField name="edit-user-name" label={t('users.name')} value={name} onChange={setName} maxLength={120} />}
        {emailEditable ? (
          <FormField name="edit-user-email" type="email" label={t('users.email')} value={email} onChange={setEmail} maxLength={254} autoComplete="off" error={onEmail ? error : null} />
        ) : (
          <p>
            {t('users.email')}: {member.email ?? '—'}
          </p>
        )}
        <FormMessage tone="error" text={onEmail ? null : error} />
        <div className="users-edit__buttons">
          <button type="button" className="shell-button" onClick={onClose}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy}>
            {t('app.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
