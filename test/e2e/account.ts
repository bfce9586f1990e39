import { baseUrl } from './browser';
import type { TestAccount } from './fixtures';

export type { TestAccount };

/**
 * A fresh account for one test file (its admin, a session, and with `demo` the demo catalogue and 30 orders),
 * made by the test server (globalSetup's /e2e/account): expectations then hold whichever files ran before.
 */
export async function testAccount(label: string, { demo = false } = {}): Promise<TestAccount> {
  const response = await fetch(`${baseUrl}/e2e/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label, demo }) });
  if (response.status !== 200) throw new Error(`no test account: ${response.status} ${await response.text()}`);
  return (await response.json()) as TestAccount;
}

/** A session of its own for the account's admin (POST auth/login): a test that signs out ends this one, not the file's. */
export async function newSession(account: Pick<TestAccount, 'email' | 'password'>): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: account.email, password: account.password }),
  });
  const answer = (await response.json()) as { access_token?: string };
  if (response.status !== 200 || !answer.access_token) throw new Error(`no session: ${response.status} ${JSON.stringify(answer)}`);
  return answer.access_token;
}

/** The staff API as that account's admin; a status other than 200 fails the test with the server's answer. */
export function staffApi(account: Pick<TestAccount, 'token'>) {
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { authorization: `Bearer ${account.token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** The account's admin connects a CRM page's origin (account/integrations/connect), as they would connect their amoCRM: it may then frame /?account=<id>. */
export async function connectCrm(account: Pick<TestAccount, 'token'>, origin: string): Promise<void> {
  await staffApi(account)('/api/account/integrations/connect', { body: { kind: 'amocrm', origin, client_id: 'e2e', client_secret: `e2e-secret-${origin}` } });
}
