import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { lowerCased } from '../../../server/db/lowerCase';
import { onServer } from '../setup/databases';
import { useTestServer } from '../harness';

/**
 * A LIKE pattern lower-cased in JavaScript instead of by lower() in the statement (server/db/lowerCase.ts), only when
 * that is exactly what the database's lower() gives: the text's letters are probed ones (Latin, Cyrillic) and the
 * database lowers them as JavaScript does; anything else keeps lower() in the statement.
 */
const server = useTestServer();
const onPostgres = Boolean(process.env.DATABASE_URL);
const dialect = new PgDialect();
const statementOf = (fragment: SQL) => dialect.sqlToQuery(sql`select ${fragment}`);

const PROBED_TEXTS = ['%Дрель УДАРНАЯ%', 'Ёлка ёЖ', 'ABC xyz 123', '%\\_50% off, №5 — «Шуруп»', '   ', ''];
const OTHER_TEXTS = ['İstanbul', 'STRAẞE', 'ÄÖÜ', 'ǅ', 'ΣΊΣΥΦΟΣ', 'Дрель 🛠 Ä'];

/** What the database answers for the fragment and for lower() of the text, in one statement. */
async function both(db: Parameters<typeof lowerCased>[0], text: string): Promise<{ fragment: string; lowered: string }> {
  const result = (await db.execute(sql`select ${await lowerCased(db, text)} as fragment, lower(${text}) as lowered`)) as unknown as { rows: { fragment: string; lowered: string }[] };
  return result.rows[0];
}

describe('lower-casing a pattern before the statement', () => {
  it('rule: on a database that lowers Latin and Cyrillic as JavaScript does, such a text comes lower-cased as a parameter (no lower() to run per row), and it is what lower() gives', async () => {
    const { db } = server.database;
    for (const text of PROBED_TEXTS) {
      const fragment = await lowerCased(db, text);
      expect(statementOf(fragment), text).toMatchObject({ sql: 'select $1', params: [text.toLowerCase()] });
      const answer = await both(db, text);
      expect(answer.fragment, text).toBe(answer.lowered);
    }
  });

  it('rule: a letter the probe did not ask about (Turkish İ, capital ẞ, Ä, Greek, a titlecase digraph) keeps lower() in the statement, and the answer is still what lower() gives', async () => {
    const { db } = server.database;
    for (const text of OTHER_TEXTS) {
      expect(statementOf(await lowerCased(db, text)), text).toMatchObject({ sql: 'select lower($1)', params: [text] });
      const answer = await both(db, text);
      expect(answer.fragment, text).toBe(answer.lowered);
    }
  });

  it('rule: on a database whose lower() leaves Cyrillic as it is (ctype C), every text keeps lower() in the statement', async (context) => {
    if (!onPostgres) context.skip();
    const serverUrl = process.env.DATABASE_URL as string;
    const name = `lower_c_${process.pid}_${Date.now()}`;
    await onServer(serverUrl, (client) => client.query(`create database "${name}" template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', migrationsDir: '' }, { notifier: false });
    try {
      for (const text of [...PROBED_TEXTS.slice(0, 3), 'plain ascii']) {
        expect(statementOf(await lowerCased(database.db, text)), text).toMatchObject({ sql: 'select lower($1)', params: [text] });
        const answer = await both(database.db, text);
        expect(answer.fragment, text).toBe(answer.lowered);
      }
      expect((await both(database.db, 'ДРЕЛЬ')).lowered).toBe('ДРЕЛЬ');
    } finally {
      await database.close();
      await onServer(serverUrl, (client) => client.query(`drop database if exists "${name}"`));
    }
  });
});
