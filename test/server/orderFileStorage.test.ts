import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { storeStream, UnreadablePart } from '../../server/modules/orderDocuments/storage';
import { holdOpens, releaseOpens } from './support/heldOpens';

// Each file's open is held until the storage removes it (or gives up waiting): the race below happens every run.
vi.mock('node:fs', async (original) => (await import('./support/heldOpens')).heldFs(await original()));
vi.mock('node:fs/promises', async (original) => (await import('./support/heldOpens')).heldFsPromises(await original()));

const dataDir = mkdtempSync(join(tmpdir(), 'stockroom-storage-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const filesOf = (accountId: number) => readdirSync(join(dataDir, 'files', String(accountId)));

/** A part that breaks before its first byte, as a cut-off multipart body does. */
const failingAtOnce = () =>
  new Readable({
    read() {
      this.destroy(new Error('Unexpected end of form'));
    },
  });

describe('order file storage on disk', () => {
  it('rule: a part that breaks is the client\'s fault (UnreadablePart, a 400 upstream), never the server\'s, and leaves no file behind', async () => {
    // The removal races its own file's asynchronous open (see the cut-off upload rule in orderDocuments.test.ts);
    // with the open held until the removal, a removal that does not wait for the open leaves the file every time.
    holdOpens();
    try {
      const attempts = Array.from({ length: 4 }, () => storeStream({ dataDir }, 7, failingAtOnce()).then(
        () => 'stored',
        (error: unknown) => (error instanceof UnreadablePart ? 'refused' : String(error)),
      ));
      expect(new Set(await Promise.all(attempts))).toEqual(new Set(['refused']));
    } finally {
      releaseOpens();
    }
    expect(filesOf(7)).toEqual([]);
  });

  it('a whole part is stored under files/<account>/ with its size', async () => {
    const { stored, truncated } = await storeStream({ dataDir }, 8, Readable.from([Buffer.from('abc'), Buffer.from('de')]));
    expect([truncated, stored?.size, stored?.path?.startsWith('8/')]).toEqual([false, 5, true]);
    expect(filesOf(8)).toHaveLength(1);
  });
});
