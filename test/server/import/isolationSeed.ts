import { saveTemplate } from '../../../server/modules/import/templates';
import { storeUpload } from '../../../server/modules/import/uploads';
import type { TestAccount, TestServer } from '../harness';

/**
 * B's import rows for the isolation walk (test/server/isolation.test.ts): an uploaded file waiting for its import and a
 * saved template. The walk's generic seeding cannot make them (the upload is multipart; a template is saved by Start,
 * which also starts a task), so they are made through the import module, marked like every other row of B's.
 */
export async function seedImport(server: TestServer, account: TestAccount, mark: () => string): Promise<void> {
  const { db } = server.database;
  await storeUpload(db, { accountId: account.id, userId: account.ownerId }, { name: `${mark()}.csv`, bytes: Buffer.from(`Name\n${mark()} drill\n`) });
  await saveTemplate(db, account.id, `${mark()} template`, { mapping: [{ column: 0, header: 'Name', field: 'name' }], mode: 'add', compare: 'name' });
}
