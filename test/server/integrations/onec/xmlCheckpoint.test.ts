import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type XmlCheckpoint, type XmlEntry, xmlEntries } from '../../../../server/modules/integrations/onec/xmlItems';
import { offersXml, windows1251 } from '../../../fakes/onec';
import { catalogueOf } from './setup';

/**
 * Issue 18 §3 resume: the reader of CommerceML files hands out, after each item, the checkpoint (byte offset and
 * the elements open there) from which the rest of the file is read — so an import goes on from where it stopped
 * without parsing the file again from its start.
 */

const folder = mkdtempSync(join(tmpdir(), 'onec-checkpoint-'));
const fileOf = (name: string, bytes: Buffer) => {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
};

async function take(path: string, count: number, from?: XmlCheckpoint): Promise<XmlEntry[]> {
  const entries: XmlEntry[] = [];
  for await (const entry of xmlEntries(path, from)) {
    entries.push(entry);
    if (entries.length === count) break;
  }
  return entries;
}

const idsOf = (entries: XmlEntry[]) => entries.filter((entry) => entry.node.name === 'Предложение').map((entry) => entry.node.children.find((child) => child.name === 'Ид')!.text);

describe('CommerceML reader checkpoints', () => {
  for (const [encoding, bytesOf] of [
    ['UTF-8', (text: string) => Buffer.from(text)],
    ['windows-1251', windows1251],
  ] as const) {
    it(`rule: reading on from a checkpoint yields exactly the items after it (${encoding}, across 256 KB chunks)`, async () => {
      const path = fileOf(`offers-${encoding}.xml`, bytesOf(offersXml(catalogueOf(3000), encoding)));
      const whole = idsOf(await take(path, Number.MAX_SAFE_INTEGER));
      expect(whole).toHaveLength(3000);
      let from: XmlCheckpoint | undefined;
      const pieces: string[] = [];
      // Steps of 777 items: each from the checkpoint the last one ended on.
      for (;;) {
        const entries = await take(path, 777, from);
        if (!entries.length) break;
        pieces.push(...idsOf(entries));
        from = entries[entries.length - 1]!.after();
      }
      expect(pieces).toEqual(whole);
      expect(from!.ancestors).toEqual(['КоммерческаяИнформация', 'ПакетПредложений', 'Предложения']);
    });
  }

  it('rule: a resumed read does not parse the bytes before the checkpoint (they may as well be broken)', async () => {
    const bytes = Buffer.from(offersXml(catalogueOf(50)));
    const path = fileOf('offers-resume.xml', bytes);
    // Two price types, two warehouses, then the first 20 offers.
    const first = await take(path, 24);
    expect(idsOf(first)).toHaveLength(20);
    const checkpoint = first[first.length - 1]!.after();
    // The bytes of the items already read, overwritten by something that is not XML at all.
    const broken = Buffer.from(bytes);
    const itemsStart = broken.indexOf('<Предложение>');
    broken.fill('<', itemsStart, checkpoint.offset);
    fileOf('offers-resume.xml', broken);
    const rest = await take(path, Number.MAX_SAFE_INTEGER, checkpoint);
    expect(idsOf(rest)).toEqual(Array.from({ length: 30 }, (_, index) => `p-${index + 20}`));
    await expect(take(path, Number.MAX_SAFE_INTEGER)).rejects.toThrow(/The XML is broken/);
  });

  it('rule: a character split between chunks still decodes; bytes invalid in the declared encoding are refused', async () => {
    // Russian text of more than one chunk, so a two-byte letter lands on a chunk's edge.
    const bytes = Buffer.from(offersXml(catalogueOf(2000, 0)));
    const path = fileOf('offers-split.xml', bytes);
    expect(idsOf(await take(path, Number.MAX_SAFE_INTEGER))).toHaveLength(2000);
    const bad = Buffer.from(bytes);
    bad[bad.length - 200] = 0xff;
    fileOf('offers-bad.xml', bad);
    await expect(take(join(folder, 'offers-bad.xml'), Number.MAX_SAFE_INTEGER)).rejects.toThrow('The file is not valid utf-8 text, though its XML declaration says so');
  });
});
