import { eq } from 'drizzle-orm';
import { integrationConnections } from '../../../../server/db/schema';
import type { ConnectionRow } from '../../../../server/modules/connections/service';
import { storeCredentials } from '../../../../server/modules/integrations/bitrix24/credentials';
import type { FakePortal } from '../../../fakes/bitrix24';
import type { TestAccount, TestServer } from '../../harness';

/** A Bitrix24 connection of `account` to the fake portal, with the app installed (tokens sealed) unless `installed` is false. */
export async function connectPortal(server: TestServer, account: TestAccount, portal: FakePortal, options: { installed?: boolean; seconds?: number } = {}): Promise<ConnectionRow> {
  const { db } = server.database;
  const [row] = await db
    .insert(integrationConnections)
    .values({ accountId: account.id, kind: 'bitrix24', origin: portal.origin, clientId: portal.appCode, clientSecret: portal.appSecret, memberId: portal.memberId, widgetKey: `key-${portal.memberId}`, userId: account.ownerId })
    .returning();
  if (options.installed !== false) {
    const grant = portal.install({ seconds: options.seconds });
    await storeCredentials(db, server.app.ctx.config, row!.id, { accessToken: grant.access_token, refreshToken: grant.refresh_token, applicationToken: grant.application_token }, grant.expires_in);
  }
  return connectionRow(server, row!.id);
}

export async function connectionRow(server: TestServer, id: number): Promise<ConnectionRow> {
  const [row] = await server.database.db.select().from(integrationConnections).where(eq(integrationConnections.id, id));
  return row!;
}
