import { createHmac } from 'node:crypto';

/**
 * amoCRM's side of the disposable-token flow, from its public contract (developers' "one-time tokens"):
 * `$authorizedAjax` adds X-Auth-Token, a JWT signed HS256 with the integration's secret key.
 */
export interface FakeDisposableClaims {
  iss: string;
  aud?: string;
  jti?: string;
  iat?: number;
  nbf?: number;
  exp: number;
  account_id?: number;
  subdomain?: string;
  client_uuid?: string;
  user_id?: number;
}

export function signDisposableToken(claims: FakeDisposableClaims, secret: string, alg = 'HS256'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ typ: 'JWT', alg })}.${part(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** What amoCRM sends for a user of account `subdomain` right now: valid for 15 minutes, as theirs are. */
export function disposableClaims(subdomain: string, clientId: string, overrides: Partial<FakeDisposableClaims> = {}): FakeDisposableClaims {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://${subdomain}.amocrm.ru`,
    aud: 'https://stockroom.example',
    jti: `jti-${now}-${Math.random()}`,
    iat: now,
    nbf: now,
    exp: now + 15 * 60,
    account_id: 31_000_001,
    subdomain,
    client_uuid: clientId,
    user_id: 501,
    ...overrides,
  };
}
