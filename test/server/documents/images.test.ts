import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PizZip from 'pizzip';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { knownPlaceholders, fieldCatalogue } from '../../../server/modules/documents/catalogue';
import { DocumentImage } from '../../../server/modules/documents/imageModule';
import { CompiledTemplate, renderDocx } from '../../../server/modules/documents/render';
import { ensureDebianPackage } from '../../support/debianPackage';
import { solidPng } from '../../support/png';
import { useTestServer } from '../harness';
import { documentsSetup, docxText, makeDocx } from './setup';

/**
 * Pictures in templates (issue 15): {%image} in the positions loop shows the product's main image through our own
 * docxtemplater module (a DrawingML picture, its relationship and the media file); a product without one leaves
 * the place empty; a compiled template is reused across documents and follows a replaced file.
 */
const server = useTestServer();
const { account, order, multipart, download } = documentsSetup(server);

beforeAll(() => {
  ensureDebianPackage('/usr/lib/libreoffice/program/libswlo.so', 'libreoffice-writer-nogui', 'LibreOffice Writer');
  // One LibreOffice kept running through its Python bridge, as in production (README, 'Documents as PDF').
  ensureDebianPackage('/usr/lib/python3/dist-packages/uno.py', 'python3-uno', 'the LibreOffice Python bridge');
  // pdfimages and pdftotext read the PDF LibreOffice made.
  ensureDebianPackage('/usr/bin/pdfimages', 'poppler-utils', 'pdfimages');
});

async function uploadImage(token: string, productId: number, field: string, data: Buffer) {
  const boundary = `----img${Date.now()}`;
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="product_id"\r\n\r\n${productId}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="field"\r\n\r\n${field}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
  ];
  const payload = Buffer.concat([Buffer.from(parts.join('')), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const response = await server.app.inject({ method: 'POST', url: '/api/product/image/upload', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  expect(response.statusCode, response.body).toBe(200);
}

/** An account whose drill has a 120 × 80 picture and whose drill bits have none, with a template showing them. */
async function withPictures(lines: string[], downloadType: 'docx' | 'pdf' = 'docx') {
  const ctx = await account();
  await ctx.post('field/add', { name: 'Photos', code: 'photos', type: 15 });
  await uploadImage(ctx.owner.token, ctx.drill.id, 'photos', solidPng(120, 80, [200, 40, 40]));
  const made = await order(ctx);
  const added = await multipart('document/add', ctx.owner.token, { name: 'Pictures', download_type: downloadType }, { name: 'pictures.docx', data: makeDocx(lines) });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const generate = async () => {
    const answer = await ctx.post('orders/doc/generate', { order_id: made.id, template_id: added.body.id });
    const file = await download('orders/doc/download', ctx.owner.token, { id: answer.document.id, order_id: made.id });
    expect(file.status).toBe(200);
    return { answer, bytes: file.bytes as Buffer };
  };
  return { ctx, made, template: added.body, generate };
}

describe('documents: pictures in templates', () => {
  it('rule: {%image 2cm} puts the product picture in the docx (media file, relationship, content type, 2 cm wide); a product without one leaves an empty place', async () => {
    const { generate } = await withPictures(['{#positions}{name}: [{%image 2cm}]{/positions}']);
    const { bytes } = await generate();
    const zip = new PizZip(bytes);
    const media = zip.file(/^word\/media\//);
    expect(media.map((file) => file.name)).toEqual(['word/media/stockroom-image-1.jpeg']);
    // The stored WebP was turned into a JPEG any Word reads, at the picture's own 120 × 80.
    expect(await sharp(Buffer.from(media[0].asUint8Array())).metadata()).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    const rels = zip.file('word/_rels/document.xml.rels')!.asText();
    const [, id] = /<Relationship Id="([^"]+)" Type="http:\/\/schemas\.openxmlformats\.org\/officeDocument\/2006\/relationships\/image" Target="media\/stockroom-image-1\.jpeg"\/>/.exec(rels) ?? [];
    expect(id).toBeTruthy();
    expect(zip.file('[Content_Types].xml')!.asText()).toContain('<Default Extension="jpeg" ContentType="image/jpeg"/>');
    const xml = zip.file('word/document.xml')!.asText();
    expect(xml.match(/<w:drawing>/g)).toHaveLength(1);
    expect(xml).toContain(`r:embed="${id}"`);
    // 2 cm wide (720,000 EMU), 120:80 kept.
    expect(xml).toContain('<wp:extent cx="720000" cy="480000"/>');
    const text = docxText(bytes);
    expect(text).toContain('Hammer drill: []');
    expect(text).toContain('Drill bits: []');
    expect(text).not.toContain('object');
  });

  it('rule: LibreOffice opens the document and its PDF holds the picture (pdfimages), with the text around it', async () => {
    const { generate } = await withPictures(['Pictures of {order.name}', '{#positions}{name} {%image}{/positions}', 'Total {totals.total}'], 'pdf');
    const { answer, bytes } = await generate();
    expect(answer.notice).toBeNull();
    expect(answer.document.format).toBe('pdf');
    const folder = mkdtempSync(join(tmpdir(), 'docs-images-'));
    try {
      writeFileSync(join(folder, 'pictures.pdf'), bytes);
      const list = execFileSync('pdfimages', ['-list', join(folder, 'pictures.pdf')], { encoding: 'utf8' });
      const rows = list.split('\n').slice(2).filter((line) => line.trim());
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatch(/^\s*1\s+0\s+image\s+120\s+80\s/);
      const text = execFileSync('pdftotext', [join(folder, 'pictures.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('Pictures of Order for Acme');
      expect(text).toContain('Drill bits');
      expect(text).toContain('Total 350.00');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('rule: picture tags are checked at upload: {%name} is not a picture, {image} must be {%image}, a size must be a length', async () => {
    const ctx = await account();
    const upload = (line: string) => multipart('document/add', ctx.owner.token, { name: 'Bad' }, { name: 'bad.docx', data: makeDocx([`{#positions}${line}{/positions}`]) });
    const notPicture = await upload('{%name}');
    expect(notPicture.status).toBe(400);
    expect(notPicture.body.error).toContain('{%name}: not a picture');
    const plain = await upload('{image}');
    expect(plain.status).toBe(400);
    expect(plain.body.error).toContain('{image}: a picture; write {%image}');
    const badSize = await upload('{%image 3furlongs}');
    expect(badSize.status).toBe(400);
    expect(badSize.body.error).toContain("'3furlongs' is not a size");
    const unknown = await upload('{%photo}');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('{%photo}: no such placeholder');
  });

  it('rule: a template compiled once fills each order with its own values, and a replaced file is used at once', async () => {
    const { ctx, template, generate } = await withPictures(['Order {order.name}', '{#positions}{name};{/positions}']);
    expect(docxText((await generate()).bytes)).toContain('Order Order for Acme');
    const other = await order(ctx, 'Second order');
    const answer = await ctx.post('orders/doc/generate', { order_id: other.id, template_id: template.id });
    const second = await download('orders/doc/download', ctx.owner.token, { id: answer.document.id, order_id: other.id });
    expect(docxText(second.bytes)).toContain('Order Second order');
    expect(docxText(second.bytes)).not.toContain('Order for Acme');
    const replaced = await multipart('document/update', ctx.owner.token, { id: String(template.id) }, { name: 'new.docx', data: makeDocx(['Replaced {order.name}']) });
    expect(replaced.status).toBe(200);
    expect(docxText((await generate()).bytes)).toContain('Replaced Order for Acme');
  });

  it('rule: a compiled template renders again exactly as a fresh compile would, pictures included, and its picture media do not pile up', () => {
    const known = knownPlaceholders(fieldCatalogue([]));
    const template = makeDocx(['{document.title}', '{#positions}{name} {%image 1cm}{/positions}']);
    const picture = new DocumentImage(solidPng(10, 10), 'png', 10, 10);
    const data = (title: string, pictures: number) => ({ document: { title }, positions: Array.from({ length: 3 }, (_, i) => ({ name: `P${i}`, image: i < pictures ? picture : '' })) });
    const compiled = CompiledTemplate.compile(template, known);
    const body = (bytes: Buffer) => new PizZip(bytes).file('word/document.xml')!.asText();
    const first = compiled.render(data('First', 2), 'portrait');
    const second = compiled.render(data('Second', 0), 'portrait');
    expect(body(first)).toBe(body(renderDocx(template, known, data('First', 2), 'portrait')));
    expect(body(second)).toBe(body(renderDocx(template, known, data('Second', 0), 'portrait')));
    expect(docxText(second)).toContain('Second');
    expect(docxText(second)).not.toContain('First');
    // One media file for a picture shown twice; none left over in the next document.
    expect(new PizZip(first).file(/^word\/media\//)).toHaveLength(1);
    expect(new PizZip(second).file(/^word\/media\//)).toHaveLength(0);
    expect(new PizZip(second).file('word/_rels/document.xml.rels')).toBeNull();
  });
});
