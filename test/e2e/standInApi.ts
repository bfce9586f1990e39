import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Until the server issue lands there is no API; these few answers stand in for it, shaped
 * exactly like the contract in src/contract/, so the shell's flows can be driven in a browser.
 * The server issue replaces this file with the real server.
 */
export const DEMO_LOGIN = { login: 'demo@example.com', password: 'demo-password', token: 'demo-token' };

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Returns true when it answered. */
export async function standInApi(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const auth = req.headers.authorization;
  if (path === '/api/auth/login' && req.method === 'POST') {
    const { login, password } = await body(req);
    if (login === DEMO_LOGIN.login && password === DEMO_LOGIN.password) json(res, 200, { success: true, access_token: DEMO_LOGIN.token });
    else json(res, 422, { success: false, error: 'Invalid username or password' });
    return true;
  }
  if (path === '/api/account/config') {
    if (auth === `Bearer ${DEMO_LOGIN.token}`) {
      json(res, 200, { account: { id: 2, name: 'Demo', expired: false, login_fixed: false }, user: { id: 1, name: 'Demo admin' } });
    } else if (auth === 'Bearer fixed-login-token') {
      json(res, 200, { account: { id: 4, name: 'Shared', expired: false, login_fixed: true }, user: { id: 3, name: 'Shared login' } });
    } else if (auth === 'Bearer expired-token') {
      json(res, 200, { account: { id: 3, name: 'Old', expired: true }, user: { id: 2, name: 'Old admin' } });
    } else json(res, 403, { error: 'Token not valid' });
    return true;
  }
  return false;
}
