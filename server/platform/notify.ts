import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Cross-process "something changed" signals for the few per-process caches (the session cache).
 *
 * The database sends them itself: triggers on the tables a cached value is made of call pg_notify at commit
 * (migration sessions_signal), so a change from any process, a migration or manual SQL is heard, and writes of
 * anything else send nothing. On PostgreSQL every process holds ONE dedicated connection that LISTENs
 * (LISTEN_DATABASE_URL, else DATABASE_URL): LISTEN is session state, so this connection must go straight to
 * PostgreSQL, never through PgBouncer in transaction mode. On PGlite only this process can open the database,
 * and its own writes drop its caches where they are made (server/http/authHook.ts), so nothing is heard.
 *
 * A subscriber is called on every signal of its channel and also when the listening connection is lost or
 * comes back, since signals may have been missed in between: a cache that subscribes only has to drop
 * everything when called, and to stay off while `live` is false.
 */
export interface Notifier {
  subscribe(channel: Channel, listener: () => void): () => void;
  /** False while signals from other processes may be missed (the listening connection is down). */
  readonly live: boolean;
  close(): Promise<void>;
}

/** Every channel, one name each: a typo would be a signal nobody hears. */
export type Channel = 'sessions';
const CHANNELS: readonly Channel[] = ['sessions'];
/** PostgreSQL's channel names are global to the database: prefixed so another app on it cannot collide (the triggers use these names). */
export const pgChannel = (channel: Channel) => `stockroom_${channel}`;

/** One process alone on its database (PGlite): no other process can change what it caches. */
export function inProcessNotifier(): Notifier {
  return {
    live: true,
    subscribe: () => () => undefined,
    async close() {},
  };
}

export interface PgNotifierOptions {
  /** The direct connection for LISTEN (not through PgBouncer). */
  listenUrl: string;
  onError?(error: unknown, what: string): void;
  /** Waits between reconnect attempts (ms). */
  retryMs?: number;
}

/** The PostgreSQL notifier; resolves once listening, so the first request of a process already hears every signal. */
export async function pgNotifier(options: PgNotifierOptions): Promise<Notifier> {
  const events = new EventEmitter().setMaxListeners(0);
  const retryMs = options.retryMs ?? 500;
  let client: pg.Client | null = null;
  let closed = false;
  let live = false;
  const everyone = () => {
    for (const channel of CHANNELS) events.emit(channel);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.listenUrl, application_name: 'stockroom-listen' });
    next.on('notification', (message) => {
      const channel = CHANNELS.find((name) => pgChannel(name) === message.channel);
      if (channel) events.emit(channel);
    });
    next.on('error', (error) => options.onError?.(error, 'notify listener'));
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      live = false;
      // Signals sent while nobody listened are lost: caches are dropped and stay off until listening again.
      everyone();
      if (!closed) setTimeout(reconnect, retryMs).unref();
    });
    await next.connect();
    for (const channel of CHANNELS) await next.query(`LISTEN ${pgChannel(channel)}`);
    client = next;
    live = true;
    everyone();
  };
  const reconnect = () => {
    if (closed || client) return;
    connect().catch((error: unknown) => {
      options.onError?.(error, 'notify listener reconnect');
      setTimeout(reconnect, retryMs).unref();
    });
  };
  await connect();

  return {
    get live() {
      return live;
    },
    subscribe(channel, listener) {
      events.on(channel, listener);
      return () => void events.off(channel, listener);
    },
    async close() {
      closed = true;
      live = false;
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
      events.removeAllListeners();
    },
  };
}
