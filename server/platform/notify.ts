import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Cross-process "something changed" signals for the few per-process caches (the session cache).
 *
 * On PostgreSQL every process holds ONE dedicated connection that LISTENs (LISTEN_DATABASE_URL, else
 * DATABASE_URL): LISTEN is session state, so this connection must go straight to PostgreSQL, never through
 * PgBouncer in transaction mode; publishing is a plain `select pg_notify(...)` on the ordinary pool, which
 * PgBouncer passes. On PGlite only one process can open the database, so an in-process bus does the same job.
 *
 * A subscriber is called on every signal of its channel from any process (its own included) and also when
 * the listening connection is lost or comes back, since signals may have been missed in between: a cache
 * that subscribes only has to drop everything when called, and to stay off while `live` is false.
 */
export interface Notifier {
  /** Fire and forget; a failure is logged by the caller's `onError`, and listeners drop their caches on the loss anyway. */
  publish(channel: Channel): void;
  subscribe(channel: Channel, listener: () => void): () => void;
  /** False while signals from other processes may be missed (the listening connection is down). */
  readonly live: boolean;
  close(): Promise<void>;
}

/** Every channel, one name each: a typo would be a signal nobody hears. */
export type Channel = 'sessions';
const CHANNELS: readonly Channel[] = ['sessions'];
/** PostgreSQL's channel names are global to the database: prefixed so another app on it cannot collide. */
const pgChannel = (channel: Channel) => `stockroom_${channel}`;

/** One bus per process: apps built side by side in one process (tests) hear each other, as processes on PostgreSQL do. */
const localBus = new EventEmitter().setMaxListeners(0);

export function inProcessNotifier(): Notifier {
  const own = new Set<[Channel, () => void]>();
  return {
    live: true,
    publish: (channel) => void localBus.emit(channel),
    subscribe(channel, listener) {
      const entry: [Channel, () => void] = [channel, listener];
      own.add(entry);
      localBus.on(channel, listener);
      return () => {
        own.delete(entry);
        localBus.off(channel, listener);
      };
    },
    async close() {
      for (const [channel, listener] of own) localBus.off(channel, listener);
      own.clear();
    },
  };
}

export interface PgNotifierOptions {
  /** The direct connection for LISTEN (not through PgBouncer). */
  listenUrl: string;
  /** Runs one statement on the ordinary pool. */
  query(text: string, values: unknown[]): Promise<unknown>;
  onError?(error: unknown, what: string): void;
  /** Waits between reconnect attempts (ms). */
  retryMs?: number;
}

/** The PostgreSQL notifier; resolves once listening, so the first request of a process already hears every signal. */
export async function pgNotifier(options: PgNotifierOptions): Promise<Notifier> {
  const events = new EventEmitter().setMaxListeners(0);
  const sender = randomUUID();
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
      if (channel) events.emit(channel, message.payload !== sender);
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
    publish(channel) {
      options.query('select pg_notify($1, $2)', [pgChannel(channel), sender]).catch((error: unknown) => options.onError?.(error, 'notify publish'));
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
