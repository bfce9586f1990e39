import { describe, expect, inject, it } from 'vitest';
import { useTestServer } from '../harness';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('on PostgreSQL every server test file has a database of its own', () => {
  const server = useTestServer();

  it("the file's app and DATABASE_URL name the file's own database, a clone of the run's template, not the server's shared one", async () => {
    const { rows } = (await server.database.db.execute('select current_database() as name')) as unknown as { rows: { name: string }[] };
    const own = rows[0].name;
    expect(own.startsWith(`${inject('testDatabaseTemplate')}_file_`)).toBe(true);
    expect(new URL(process.env.DATABASE_URL ?? '').pathname).toBe(`/${own}`);
    expect(new URL(process.env.TEST_DATABASE_SERVER ?? '').pathname).not.toBe(`/${own}`);
  });
});
