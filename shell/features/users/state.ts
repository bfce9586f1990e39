import { atom } from 'nanostores';
import { errorText } from '../../../src/api/transport';
import { updateAccount } from '../../../src/api/account';
import type { User, UserUpdateRequest } from '../../../src/contract/account';
import { parseLogin } from '../../../src/domain/login';
import { t, type MessageKey } from '../../../src/i18n';
import { serverErrorText } from '../../../src/i18n/serverErrors';
import { loadAccount } from '../../../src/stores/account';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { addUser, editInvitation, linkUser, listUsers, unlinkUser, updateMember } from './api';

export interface UsersState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  list: User[];
}

export const $users = atom<UsersState>({ status: 'idle', list: [] });

/** What a step of the users screen answers: done, the e-mail already has a user (offer to add them), or a refusal to show. */
export type UsersStep = { ok: true } | { ok: false; exists?: true; messageKey: MessageKey; serverText?: string };

/** Server refusals the admin can act on, in their language; anything else shows the server's own text. */
const KNOWN_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'Such a user already exists.': 'errors.userExists',
  'The account must keep an administrator: make another user an administrator first': 'users.lastAdmin',
  'This user is already in the account': 'users.alreadyInAccount',
  'Attention! The number of users exceeded.': 'warnings.usersExceeded',
};

function refusal(body: unknown): UsersStep {
  const known = KNOWN_REFUSALS[errorText(body)];
  if (known) return { ok: false, messageKey: known, ...(known === 'errors.userExists' && { exists: true as const }) };
  // A refusal with a code is shown in the user's language (serverErrors), any other in the server's words.
  const text = serverErrorText(body);
  return text ? { ok: false, messageKey: 'errors.somethingWrong', serverText: text } : { ok: false, messageKey: 'errors.somethingWrong' };
}

/** The edit dialog's changes: the name, and the e-mail when editable and changed (compared as the server stores it). */
export function memberChanges(member: User, name: string, email: string | null): { ok: true; changes: { name?: string; email?: string } } | Extract<UsersStep, { ok: false }> {
  if (!name.trim()) return { ok: false, messageKey: 'validation.empty' };
  const changes: { name?: string; email?: string } = { name: name.trim() };
  if (email !== null) {
    const parsed = parseLogin(email);
    if (parsed?.mode !== 'email') return { ok: false, messageKey: 'users.badEmail' };
    if (parsed.value !== member.email) changes.email = parsed.value;
  }
  return { ok: true, changes };
}

let latest = 0;

/** Loads the list; only the newest answer is kept (a reload after each change may overtake an older one). */
export async function loadUsers(): Promise<void> {
  const ticket = ++latest;
  $users.set({ ...$users.get(), status: $users.get().list.length ? 'ready' : 'loading' });
  const result = await listUsers();
  if (ticket !== latest) return;
  $users.set(result.ok ? { status: 'ready', list: result.data } : { ...$users.get(), status: 'failed' });
}

function checkPerson(name: string, email: string): UsersStep | null {
  if (!name.trim() || !email.trim()) return { ok: false, messageKey: 'validation.empty' };
  if (parseLogin(email)?.mode !== 'email') return { ok: false, messageKey: 'users.badEmail' };
  return null;
}

/** Adds a new person by name and e-mail (they get an invitation); an e-mail that has a user answers `exists`. */
export async function addPerson(name: string, email: string): Promise<UsersStep> {
  const invalid = checkPerson(name, email);
  if (invalid) return invalid;
  const result = await addUser({ name: name.trim(), email: email.trim() });
  if (!result.ok) {
    const step = refusal(result.data);
    if (step.ok || !step.exists) notify({ type: NotificationType.error, header: t('settings.notInvited', { name: name.trim() }) });
    return step;
  }
  notify({ type: NotificationType.success, header: t('success.invited', { name: name.trim() }) });
  await loadUsers();
  return { ok: true };
}

/** Invites the existing user of this e-mail (the offer after 'Such a user already exists.'). */
export async function linkPerson(email: string, name = email): Promise<UsersStep> {
  const result = await linkUser(email.trim());
  await loadUsers();
  if (!result.ok) {
    notify({ type: NotificationType.error, header: t('settings.notInvited', { name }) });
    return refusal(result.data);
  }
  notify({ type: NotificationType.success, header: t('success.invited', { name }) });
  return { ok: true };
}

/** One change of a member (rights, status, name); the list reloads whatever the answer, so it shows what the server holds. */
export async function changeMember(id: number, changes: Omit<UserUpdateRequest, 'id'>): Promise<UsersStep> {
  // Shown at once; the reload below puts back what the server holds (a refusal undoes it).
  const state = $users.get();
  $users.set({ ...state, list: state.list.map((member) => (member.id === id ? { ...member, ...changes } : member)) });
  const result = await updateMember({ id, ...changes });
  await loadUsers();
  // The admin's own rights may have changed: every screen reads them from the account.
  await loadAccount({ force: true });
  return result.ok ? { ok: true } : refusal(result.data);
}

/** Corrects a pending invitation (a mistyped e-mail or name); a changed e-mail is invited anew. */
export async function correctInvitation(id: number, changes: { name?: string; email?: string }): Promise<UsersStep> {
  const result = await editInvitation({ id, ...changes });
  await loadUsers();
  if (!result.ok) return refusal(result.data);
  if (changes.email) notify({ type: NotificationType.success, header: t('success.invited', { name: result.data.user.name }) });
  return { ok: true };
}

/** Removes a member from the account, or withdraws an invitation. */
export async function removeMember(id: number): Promise<UsersStep> {
  const result = await unlinkUser(id);
  await loadUsers();
  return result.ok ? { ok: true } : refusal(result.data);
}

/** The account's 'separate rights' option (account/update); the account store is reloaded for every screen. */
export async function setSeparateRights(value: boolean): Promise<UsersStep> {
  const result = await updateAccount({ separate_rights: value });
  await loadAccount({ force: true });
  return result.ok ? { ok: true } : refusal(result.data);
}

export function stepText(step: UsersStep): string | null {
  return step.ok ? null : (step.serverText ?? t(step.messageKey));
}
