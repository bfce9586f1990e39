import pg from 'pg';

/**
 * Two writers of kept totals in different writer slots (pg_backend_pid() % 8, as stock_totals, order_counts and the
 * analytics rollups key their rows), side by side on DATABASE_URL: `first` writes in a transaction left open while
 * `second` writes and commits under a 2 s lock timeout, so the second throws if it waits for the first's row locks.
 * Connections are opened until two fall in different slots, and all of them are closed after.
 */
export async function writeSideBySide(first: (client: pg.Client) => Promise<unknown>, second: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const clients: pg.Client[] = [];
  try {
    const slots = new Map<number, pg.Client>();
    while (slots.size < 2 && clients.length < 16) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      clients.push(client);
      const { rows } = await client.query('select pg_backend_pid() % 8 as slot');
      slots.set(rows[0].slot, client);
    }
    const [one, two] = [...slots.values()];
    if (!two) throw new Error('16 connections, all in one slot');
    await one.query('begin');
    await first(one);
    await two.query("begin; set local lock_timeout = '2s'");
    await second(two);
    await two.query('commit');
    await one.query('commit');
  } finally {
    for (const client of clients) await client.end();
  }
}
