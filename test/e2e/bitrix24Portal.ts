import type { FakePortal } from '../fakes/bitrix24';
import { staffApi, type TestAccount } from './account';
import { baseUrl } from './browser';

/** The portal installs our application: ONAPPINSTALL posted to the install address, as Bitrix24 posts it (a form). */
export async function installOn(portal: FakePortal): Promise<Response> {
  const grant = portal.install();
  const form = {
    event: 'ONAPPINSTALL',
    'auth[access_token]': grant.access_token,
    'auth[expires_in]': '3600',
    'auth[domain]': portal.domain,
    'auth[member_id]': portal.memberId,
    'auth[refresh_token]': grant.refresh_token,
    'auth[application_token]': grant.application_token,
  };
  return fetch(`${baseUrl}/api/integrations/bitrix24/install`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
}

/** The account connects the portal through the API and the portal installs the application. */
export async function connectedPortal(account: TestAccount, portal: FakePortal): Promise<void> {
  await staffApi(account)('/api/account/integrations/connect', { body: { kind: 'bitrix24', origin: portal.origin, member_id: portal.memberId, client_id: portal.appCode, client_secret: portal.appSecret } });
  const installed = await installOn(portal);
  if (installed.status !== 200) throw new Error(`install answered ${installed.status}: ${await installed.text()}`);
}

/** ONCRMDEALUPDATE of a deal, as the portal posts it to the bound handler. */
export function dealUpdated(portal: FakePortal, dealId: number, ts: string): Promise<Response> {
  const form = { event: 'ONCRMDEALUPDATE', 'data[FIELDS][ID]': String(dealId), ts, 'auth[domain]': portal.domain, 'auth[member_id]': portal.memberId, 'auth[application_token]': portal.applicationToken };
  return fetch(`${baseUrl}/api/integrations/bitrix24/event`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
}
