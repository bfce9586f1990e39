/**
 * The documents benchmark's worker: an in-memory database, an account whose order has 200 positions (VAT 20 % and
 * 10 %), then the built-in invoice generated as docx and as PDF through the generation service, timed. The docx is
 * made both ways in one run, turn about so both see the same load: 'old' compiles the template for every document
 * and zips with PizZip (as before templateCache.ts and zipWriter.ts), 'new' reuses the compiled template and zips
 * with Node's zlib. CPU is this process's user + system time per
 * docx (the database is PGlite in the same process, so its share is in both); the machine's load average is
 * printed with it. Prints one JSON line of figures.
 */
import { sql } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { accounts, documentTemplates, orderPositions, orders, products } from '../server/db/schema';
import { generateDocument } from '../server/modules/documents/generate';
import { addAccountDocuments } from '../server/modules/accountDefaults/documents';
import { holdOffice } from '../server/modules/documents/pdf';
import { setZipWriter } from '../server/modules/documents/render';
import { setTemplateCache } from '../server/modules/documents/templateCache';
import { listTemplates } from '../server/modules/documents/templates';
import { ensureTariffs } from '../server/seeds/seed';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent' });
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  const { db } = database;
  const [account] = await db.insert(accounts).values({ name: 'Bench documents', trialEndsAt: new Date(Date.now() + 86_400_000) }).returning();
  const made = await db
    .insert(products)
    .values(Array.from({ length: POSITIONS }, (_, i) => ({ accountId: account.id, name: `Product ${i + 1} with a fairly long descriptive name`, article: `ART-${i + 1}` })))
    .returning({ id: products.id });
  const [order] = await db.insert(orders).values({ accountId: account.id, name: 'Bench order' }).returning();
  await db.insert(orderPositions).values(made.map((product, i) => ({ accountId: account.id, orderId: order.id, productId: product.id, price: (10 + (i % 90) + 0.5).toFixed(2), quantity: String(1 + (i % 7)), nds: i % 3 ? '20' : '10', sort: i })));
  await db.execute(sql`update orders set sum = (select sum(round(price * quantity, 2)) from order_positions where order_id = ${order.id}) where id = ${order.id}`);
  await addAccountDocuments(db, account.id, 'en');
  // The LibreOffice kept running for PDFs (its first PDF starts it: pdfFirstMs) stops at the end, as with the server.
  const releaseOffice = holdOffice();
  const invoice = (await listTemplates(db, account.id)).find((template) => template.type === 'invoice')!;
  const generate = () => generateDocument(db, config, { accountId: account.id, userId: null, origin: 'formed', orderId: order.id, templateId: invoice.id });

  await db.update(documentTemplates).set({ downloadType: 'docx' }).where(sql`id = ${invoice.id}`);
  await generate(); // warm-up: module loading and the template cache
  const loadBefore = loadavg()[0];
  const ways = { old: { wall: [] as number[], cpu: 0 }, new: { wall: [] as number[], cpu: 0 } };
  for (let run = 0; run < RUNS; run++) {
    for (const way of ['old', 'new'] as const) {
      setTemplateCache(way === 'new');
      setZipWriter(way === 'new' ? 'zlib' : 'pizzip');
      const cpu = process.cpuUsage();
      const start = performance.now();
      await generate();
      ways[way].wall.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      ways[way].cpu += (used.user + used.system) / 1000;
    }
  }
  setTemplateCache(true);
  setZipWriter('zlib');
  const loadAfter = loadavg()[0];
  const docx = ways.new.wall;
  await db.update(documentTemplates).set({ downloadType: 'pdf' }).where(sql`id = ${invoice.id}`);
  const pdf: number[] = [];
  let first = 0;
  for (let run = 0; run < Math.max(3, Math.ceil(RUNS / 3)); run++) {
    const start = performance.now();
    const answer = await generate();
    if (answer.document.format !== 'pdf') throw new Error(`no PDF: ${answer.notice}`);
    const ms = performance.now() - start;
    if (run === 0) first = ms;
    else pdf.push(ms);
  }
  const load = [loadBefore, loadAfter].map((value) => Math.round(value * 10) / 10);
  const figures = (way: keyof typeof ways) => ({ cpuMs: Math.round(ways[way].cpu / RUNS), medianMs: Math.round(median(ways[way].wall)) });
  console.log(JSON.stringify({ positions: POSITIONS, load, old: figures('old'), new: figures('new'), docxMedianMs: Math.round(median(docx)), docxMaxMs: Math.round(Math.max(...docx)), pdfFirstMs: Math.round(first), pdfMedianMs: Math.round(median(pdf)), pdfMaxMs: Math.round(Math.max(...pdf)) }));
  await releaseOffice();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
