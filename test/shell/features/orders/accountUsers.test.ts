import { beforeEach, describe, expect, it } from 'vitest';
import { $accountUsers, $accountUsersLoaded, loadAccountUsers, resetAccountUsers } from '../../../../shell/features/orders/accountUsers';
import { logOut } from '../../../../shell/stores/auth';
import { setNavigator } from '../../../../shell/stores/navigation';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';

const edge = useApiFake();
const USERS = '/api/account/users';
const usersCalls = () => edge.calls.filter((call) => call.path === USERS);

beforeEach(() => {
  setNavigator(() => undefined);
  $token.set('staff-token');
  resetAccountUsers();
  edge.calls.length = 0;
  edge.answers[USERS] = {
    status: 200,
    body: [
      { id: 1, name: 'Demo', status: 'enabled' },
      { id: 2, name: 'Olga', status: 'disabled' },
      { id: 3, name: 'new@example.com', status: 'invited' },
    ],
  };
});

describe('the account members for choosing a responsible employee', () => {
  it('rule: members who only hold an invitation are not offered (they are responsible for nothing yet)', async () => {
    await loadAccountUsers();
    expect($accountUsers.get().map((user) => user.name)).toEqual(['Demo', 'Olga']);
    expect(usersCalls()).toMatchObject([{ method: 'GET', authorization: 'Bearer staff-token' }]);
  });

  it('rule: loaded once per account — a second ask, or two at once, makes one call', async () => {
    await Promise.all([loadAccountUsers(), loadAccountUsers()]);
    await loadAccountUsers();
    expect(usersCalls()).toHaveLength(1);
  });

  it('rule: a failed load keeps nothing and the next ask tries again', async () => {
    edge.answers[USERS] = { status: 500, body: { message: 'down' } };
    await loadAccountUsers();
    expect([$accountUsers.get(), $accountUsersLoaded.get()]).toEqual([[], false]);
    edge.answers[USERS] = { status: 200, body: [{ id: 1, name: 'Demo', status: 'enabled' }] };
    await loadAccountUsers();
    expect($accountUsers.get().map((user) => user.id)).toEqual([1]);
  });

  it('rule: log out forgets the members, so the next account loads its own', async () => {
    await loadAccountUsers();
    logOut();
    expect([$accountUsers.get(), $accountUsersLoaded.get()]).toEqual([[], false]);
  });
});
