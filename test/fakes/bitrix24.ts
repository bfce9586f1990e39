import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/**
 * A Bitrix24 portal's REST side, from Bitrix24's public REST contract (apidocs.bitrix24.com: app.info,
 * user.current, "system errors"), on 127.0.0.1:
 *
 *   POST|GET /rest/app.info      auth (query, form or JSON body) → 200 { result: { ID, CODE, VERSION, STATUS, INSTALLED, … }, time }
 *   POST|GET /rest/user.current  auth → 200 { result: { ID, NAME, LAST_NAME, EMAIL, ADMIN, … }, time }
 *
 * An auth id the portal issued and that has not expired is answered; an expired one gets 401
 * { error: 'expired_token', error_description: 'The access token provided has expired.' }, an unknown
 * one 401 { error: 'invalid_token', … }, a call without one 401 { error: 'NO_AUTH_FOUND', … }.
 * Every call is recorded, so a test can tell the portal was not called at all.
 */
export interface FakePortal {
  /** http://127.0.0.1:<port>: the origin an account connects. */
  origin: string;
  /** 127.0.0.1:<port>: what Bitrix24 sends as DOMAIN / BX24.getAuth().domain. */
  domain: string;
  memberId: string;
  /** The application's code (app.info CODE; a local app's client_id). */
  appCode: string;
  /** An auth id (AUTH_ID / access_token) for a portal user, valid for `seconds` (negative: already expired). */
  issue(options?: { seconds?: number; userId?: number }): string;
  /** Every REST call received: method and the auth it carried. */
  calls: { method: string; auth: string | null }[];
  /** While set, calls are held without an answer (a portal that does not respond). */
  hang: boolean;
  close(): Promise<void>;
}

interface Issued {
  expiresAt: number;
  userId: number;
}

const now = () => Date.now();

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function timing() {
  const start = now() / 1000;
  return { start, finish: start + 0.01, duration: 0.01, processing: 0.005, date_start: new Date().toISOString(), date_finish: new Date().toISOString() };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The auth of a REST call: `auth` in the query, a form body or a JSON body, as Bitrix24 takes it. */
async function authOf(req: IncomingMessage, url: URL): Promise<string | null> {
  const fromQuery = url.searchParams.get('auth');
  if (fromQuery) return fromQuery;
  const text = await readBody(req);
  if (!text) return null;
  if (String(req.headers['content-type']).includes('json')) {
    try {
      const body = JSON.parse(text) as { auth?: unknown };
      return typeof body.auth === 'string' ? body.auth : null;
    } catch {
      return null;
    }
  }
  return new URLSearchParams(text).get('auth');
}

export async function startFakePortal(options: { appCode?: string; memberId?: string } = {}): Promise<FakePortal> {
  const issued = new Map<string, Issued>();
  const held: ServerResponse[] = [];
  const portal = {
    appCode: options.appCode ?? `local.${randomUUID().replace(/-/g, '').slice(0, 14)}.${Math.floor(Math.random() * 1e8)}`,
    memberId: options.memberId ?? randomUUID().replace(/-/g, ''),
    calls: [] as FakePortal['calls'],
    hang: false,
  } as FakePortal;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://portal.invalid');
    const method = /^\/rest\/([a-z.]+?)(\.json)?$/.exec(url.pathname)?.[1];
    if (!method) return send(res, 404, { error: 'ERROR_METHOD_NOT_FOUND', error_description: 'Method not found!' });
    const auth = await authOf(req, url);
    portal.calls.push({ method, auth });
    if (portal.hang) {
      held.push(res);
      return;
    }
    if (!auth) return send(res, 401, { error: 'NO_AUTH_FOUND', error_description: 'Wrong authorization data' });
    const grant = issued.get(auth);
    if (!grant) return send(res, 401, { error: 'invalid_token', error_description: 'The access token provided is invalid.' });
    if (grant.expiresAt <= now()) return send(res, 401, { error: 'expired_token', error_description: 'The access token provided has expired.' });
    if (method === 'app.info') {
      return send(res, 200, {
        result: { ID: 7, CODE: portal.appCode, VERSION: 1, STATUS: 'L', INSTALLED: true, PAYMENT_EXPIRED: 'N', DAYS: null, LANGUAGE_ID: 'ru', LICENSE: 'ru_project', LICENSE_TYPE: 'project', LICENSE_FAMILY: 'project' },
        time: timing(),
      });
    }
    if (method === 'user.current') {
      return send(res, 200, { result: { ID: String(grant.userId), ACTIVE: true, NAME: 'Portal', LAST_NAME: 'User', EMAIL: `user${grant.userId}@portal.example`, ADMIN: false }, time: timing() });
    }
    return send(res, 404, { error: 'ERROR_METHOD_NOT_FOUND', error_description: 'Method not found!' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  portal.domain = `127.0.0.1:${port}`;
  portal.origin = `http://${portal.domain}`;
  portal.issue = ({ seconds = 3600, userId = 1 } = {}) => {
    const auth = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');
    issued.set(auth, { expiresAt: now() + seconds * 1000, userId });
    return auth;
  };
  portal.close = async () => {
    for (const res of held.splice(0)) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return portal;
}
