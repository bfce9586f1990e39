import { beforeEach, describe, expect, it } from 'vitest';
import ru from '../../../../locales/ru.json';
import { $users, addPerson, changeMember, linkPerson, loadUsers, memberChanges, removeMember, stepText } from '../../../../shell/features/users/state';
import { addMessages, setActiveLanguage } from '../../../../src/i18n';
import { setNavigator } from '../../../../shell/stores/navigation';
import { $account } from '../../../../src/stores/account';
import { $notifications, clearNotifications } from '../../../../src/stores/notifications';
import { $token, clearSession } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';

const edge = useApiFake();
const admin = { id: 1, name: 'Dana', admin: true, is_owner: true, status: 'enabled' as const };
const member = { id: 2, name: 'Mark', email: 'mark@example.com', status: 'enabled' as const, activity: true, admin: false, editing_remains: true, change_remains: false };
const account = { id: 1, name: 'Demo', expired: false, separate_rights: true };
const LAST_ADMIN = 'The account must keep an administrator: make another user an administrator first';

const headers = () => $notifications.get().map((notification) => notification.header);
const paths = () => edge.calls.map((call) => `${call.method} ${call.path}`);

beforeEach(() => {
  clearSession();
  clearNotifications();
  setNavigator(() => undefined);
  $token.set('staff');
  $account.set({ loaded: true, account, user: admin });
  $users.set({ status: 'idle', list: [] });
  edge.answers['/api/account/users'] = { status: 200, body: [admin, member] };
  edge.answers['/api/account/config'] = { status: 200, body: { account, user: admin } };
});

describe('users screen: adding and inviting', () => {
  it("rule: a new person is added by name and e-mail; '{name} invited to the account' is shown and the list reloads", async () => {
    edge.answers['/api/account/user/add'] = { status: 200, body: { user: { id: 3, name: 'nina@example.com', email: 'nina@example.com', status: 'invited' } } };
    expect(await addPerson(' Nina ', ' nina@example.com ')).toEqual({ ok: true });
    expect(edge.callsTo('/api/account/user/add')[0].body).toEqual({ name: 'Nina', email: 'nina@example.com' });
    expect(paths()).toEqual(['POST /api/account/user/add', 'GET /api/account/users']);
    expect(headers()).toContain('Nina invited to the account');
    expect($users.get().list).toHaveLength(2);
  });

  it("rule: an existing e-mail answers 'Such a user already exists.' with the offer (exists); accepting it links by e-mail, says invited and reloads", async () => {
    edge.answers['/api/account/user/add'] = { status: 409, body: { error: 'Such a user already exists.', user_id: 9 } };
    const step = await addPerson('Olga', 'olga@example.com');
    expect(step).toEqual({ ok: false, exists: true, messageKey: 'errors.userExists' });
    expect(stepText(step)).toBe('Such a user already exists.');
    expect(headers()).not.toContain('Olga was not invited to the account');

    edge.answers['/api/account/user/link'] = { status: 200, body: { user: { id: 9, email: 'olga@example.com', status: 'invited' } } };
    expect(await linkPerson('olga@example.com', 'Olga')).toEqual({ ok: true });
    expect(edge.callsTo('/api/account/user/link')[0].query.get('email')).toBe('olga@example.com');
    expect(headers()).toContain('Olga invited to the account');
    expect(paths().slice(-2)).toEqual(['GET /api/account/user/link', 'GET /api/account/users']);
  });

  it("rule: a refused invitation says '{name} was not invited to the account'", async () => {
    edge.answers['/api/account/user/link'] = { status: 409, body: { error: 'This user is already in the account' } };
    const step = await linkPerson('olga@example.com', 'Olga');
    expect(stepText(step)).toBe('This user is already in the account');
    expect(headers()).toContain('Olga was not invited to the account');
  });

  it('an empty name or a bad e-mail is refused before asking', async () => {
    expect(await addPerson(' ', 'x@example.com')).toMatchObject({ ok: false, messageKey: 'validation.empty' });
    expect(await addPerson('Nina', 'not an address')).toMatchObject({ ok: false, messageKey: 'users.badEmail' });
    expect(edge.calls).toEqual([]);
  });
});

describe('users screen: changes', () => {
  it('rule: a change is sent for that member, the list and the account reload after it', async () => {
    await loadUsers();
    edge.answers['/api/account/user/update'] = { status: 200, body: { user: { ...member, editing_remains: false } } };
    expect(await changeMember(2, { editing_remains: false })).toEqual({ ok: true });
    expect(edge.callsTo('/api/account/user/update')[0].body).toEqual({ id: 2, editing_remains: false });
    expect(paths()).toEqual(['GET /api/account/users', 'POST /api/account/user/update', 'GET /api/account/users', 'GET /api/account/config']);
  });

  it("rule: the server's 'the account must keep an admin' refusal is shown in the user's language and the list shows the server's state again", async () => {
    await loadUsers();
    edge.answers['/api/account/user/update'] = { status: 422, body: { error: LAST_ADMIN } };
    const step = await changeMember(1, { admin: false });
    expect(step).toMatchObject({ ok: false, messageKey: 'users.lastAdmin' });
    expect(stepText(step)).toBe('The account must keep an administrator: make another user an administrator first.');
    expect($users.get().list.find((user) => user.id === 1)?.admin).toBe(true);
  });

  it('removing a member (or withdrawing an invitation) reloads the list', async () => {
    edge.answers['/api/account/user/unlink'] = { status: 200, body: { success: true } };
    expect(await removeMember(2)).toEqual({ ok: true });
    expect(paths()).toEqual(['GET /api/account/user/unlink', 'GET /api/account/users']);
  });
});

describe('users screen: editing a member’s e-mail', () => {
  it('rule: the edit sends the e-mail only when it changed, as the server stores it (trimmed, lower-cased); not an e-mail is refused before any call', () => {
    expect(memberChanges(member, ' Mark ', ' Mark@Example.com ')).toEqual({ ok: true, changes: { name: 'Mark' } });
    expect(memberChanges(member, 'Mark', ' New@Example.COM')).toEqual({ ok: true, changes: { name: 'Mark', email: 'new@example.com' } });
    expect(memberChanges(member, 'Mark', null)).toEqual({ ok: true, changes: { name: 'Mark' } });
    expect(memberChanges(member, 'Mark', 'not-an-email')).toEqual({ ok: false, messageKey: 'users.badEmail' });
    expect(memberChanges(member, ' ', 'new@example.com')).toEqual({ ok: false, messageKey: 'validation.empty' });
  });

  it("rule: a taken e-mail gives 'Such a user already exists.'; a coded refusal is shown in the user's language, not the server's English", async () => {
    $users.set({ status: 'ready', list: [admin, member] });
    edge.answers['/api/account/user/update'] = { status: 409, body: { error: 'Such a user already exists.', code: 'userExists' } };
    const taken = await changeMember(2, { email: 'taken@example.com' });
    expect(taken.ok ? null : taken.messageKey).toBe('errors.userExists');
    edge.answers['/api/account/user/update'] = { status: 422, body: { error: 'This user is also in other accounts: only they can change their e-mail', code: 'emailOtherAccounts' } };
    addMessages('ru', ru);
    setActiveLanguage('ru');
    try {
      expect(stepText(await changeMember(2, { email: 'free@example.com' }))).toBe(ru.serverErrors.emailOtherAccounts);
    } finally {
      setActiveLanguage('en');
    }
  });
});
