import { describe, expect, it } from 'vitest';
import { guardNavigation, type GuardDecision, type GuardState } from '../../../src/domain/navigationGuard';

const signedIn: GuardState = {
  token: true,
  publicToken: false,
  publicExchangePending: false,
  tokenFailed: false,
  devMode: false,
  account: { loaded: true, expired: false },
  landingPath: '/orders',
};
const anonymous: GuardState = { ...signedIn, token: false, account: { loaded: false, expired: false } };
const publicVisitor: GuardState = { ...anonymous, publicToken: true };

const allow: GuardDecision = { action: 'allow' };
const to = (path: string): GuardDecision => ({ action: 'redirect', to: path });

type Row = [rule: string, state: GuardState, from: string | null, target: string, expected: GuardDecision];

const rows: Row[] = [
  ['1. /many-accounts is always allowed (even anonymous)', anonymous, null, '/many-accounts', allow],
  ['1. /many-accounts is always allowed (even expired)', { ...signedIn, account: { loaded: true, expired: true } }, null, '/many-accounts', allow],
  ['2. /publicOrder waits while a link token is being exchanged', { ...anonymous, publicExchangePending: true }, null, '/publicOrder', { action: 'wait', for: 'publicToken' }],
  ['3. /publicOrder without a public token goes to /publicOrderAuth', anonymous, null, '/publicOrder', to('/publicOrderAuth')],
  ['3. /publicOrderAuth without a public token is shown', anonymous, null, '/publicOrderAuth', allow],
  ['3. a staff token does not open /publicOrder', signedIn, '/orders', '/publicOrder', to('/publicOrderAuth')],
  ['4. a staff page without any token goes to /authorization', anonymous, null, '/orders', to('/authorization')],
  ['4. the start page without any token goes to /authorization', anonymous, null, '/', to('/authorization')],
  ['4. other public pages are not sent to /authorization', anonymous, null, '/availablePublicOrderList', { action: 'wait', for: 'account' }],
  ['5. /authorization without a token is shown', anonymous, null, '/authorization', allow],
  ['5. /authorization with a token goes back to the previous path', signedIn, '/clients', '/authorization', to('/clients')],
  ['5. /authorization with a token and no previous path goes to /', signedIn, null, '/authorization', to('/')],
  ['5. /authorization with a failed token is shown', { ...signedIn, tokenFailed: true }, '/orders', '/authorization', allow],
  ['5. /authorization in dev mode is shown', { ...signedIn, devMode: true }, '/orders', '/authorization', allow],
  ['5. /authorization with a public token goes back', publicVisitor, '/publicOrder', '/authorization', to('/publicOrder')],
  ['6. leaving /Error_token_not_valid while the token failed returns there', { ...signedIn, tokenFailed: true }, '/Error_token_not_valid', '/orders', to('/Error_token_not_valid')],
  ['6. leaving /Error_token_not_valid once the token is fine is allowed', signedIn, '/Error_token_not_valid', '/orders', allow],
  ['6. /Error_token_not_valid while the token is fine goes to /', signedIn, '/orders', '/Error_token_not_valid', to('/')],
  ['6. /Error_token_not_valid with a failed token is shown', { ...signedIn, tokenFailed: true }, null, '/Error_token_not_valid', allow],
  ['4+6. in a frame the failed token is cleared, and its page still shows', { ...anonymous, tokenFailed: true }, '/orders', '/Error_token_not_valid', allow],
  ['4. without a token and nothing failed, /Error_token_not_valid goes to sign-in', anonymous, null, '/Error_token_not_valid', to('/authorization')],
  ['7. a public visitor passes on public pages without loading the account', publicVisitor, null, '/publicOrder', allow],
  ['7. a public visitor passes on /availablePublicOrderList', publicVisitor, null, '/availablePublicOrderList', allow],
  ['8. a staff page waits for the account to load', { ...signedIn, account: { loaded: false, expired: false } }, null, '/orders', { action: 'wait', for: 'account' }],
  ['8. /Error_is_expired with an active account goes to /', signedIn, null, '/Error_is_expired', to('/')],
  ['8. an expired account is locked to /Error_is_expired', { ...signedIn, account: { loaded: true, expired: true } }, null, '/orders', to('/Error_is_expired')],
  ['8. an expired account sees /Error_is_expired', { ...signedIn, account: { loaded: true, expired: true } }, null, '/Error_is_expired', allow],
  ['9. / goes to the landing page (/orders)', signedIn, null, '/', to('/orders')],
  ['9. / goes to /documents for the account that lands there', { ...signedIn, landingPath: '/documents' }, null, '/', to('/documents')],
  ['9. any other page is allowed', signedIn, '/orders', '/clients', allow],
];

describe('navigation guard (shell spec §2, rules in order)', () => {
  it.each(rows)('%s', (_rule, state, from, target, expected) => {
    expect(guardNavigation(state, from, target)).toEqual(expected);
  });
});
