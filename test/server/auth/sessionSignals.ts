import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../../server/db/client';
import { pgChannel } from '../../../server/platform/notify';

const CHANNEL = pgChannel('sessions');

/** What a test hears on the session channel, as a server process's listener would. */
export interface SessionSignals {
  /**
   * How many signals arrived since the last call, counted once every change committed before this call has been
   * heard: a marker is sent on the channel and awaited, and PostgreSQL delivers notifications in commit order.
   */
  since(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Listens on the session channel of the database `db` is on: its own connection on PostgreSQL (DATABASE_URL), the
 * one connection of the in-memory PGlite otherwise, which hears the notifications of its own commits.
 */
export async function listenToSessionSignals(db: Db, kind: 'pg' | 'pglite', databaseUrl = process.env.DATABASE_URL): Promise<SessionSignals> {
  const heard: string[] = [];
  const awaited = new Map<string, () => void>();
  const hear = (payload: string) => {
    const marker = awaited.get(payload);
    if (marker) {
      awaited.delete(payload);
      marker();
    } else heard.push(payload);
  };
  let stop: () => Promise<void>;
  if (kind === 'pg') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    client.on('notification', (message) => hear(message.payload ?? ''));
    await client.query(`LISTEN ${CHANNEL}`);
    stop = () => client.end();
  } else {
    // drizzle's PGlite database keeps the client it was made with.
    const unlisten = await (db as unknown as { $client: PGlite }).$client.listen(CHANNEL, hear);
    stop = () => unlisten();
  }
  let markers = 0;
  return {
    async since() {
      markers += 1;
      const marker = `test-marker-${markers}`;
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the marker ${marker} was not heard within 5 s`)), 5000);
        awaited.set(marker, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await db.execute(sql`select pg_notify(${CHANNEL}, ${marker})`);
      await arrived;
      return heard.splice(0).length;
    },
    close: () => stop(),
  };
}
