import { AMO_BATCH, createAmoClient, exchangeCode } from '../server/modules/integrations/amocrm/client';
import { startFakeAmo } from '../test/fakes/amocrmServer';

/**
 * Products → amoCRM catalog at the CRM's real limit: N elements through the client's shared 7 rps gate, POSTed 250 at a
 * time, then read back a page of 250 at a time. Measures our side (batching, pacing, retries), not the CRM.
 */
const COUNT = Number(process.env.BENCH_PRODUCTS ?? 10_000);

const amo = await startFakeAmo();
const keys = { origin: amo.origin, clientId: amo.clientId, clientSecret: amo.clientSecret, redirectUri: amo.redirectUri };
const tokens = await exchangeCode(keys, amo.issueCode());
const client = createAmoClient({ ...keys, tokens, onTokens: async () => {}, onRevoked: async () => {} });
const catalogId = amo.catalogs[0]!.id;
amo.calls.length = 0;

const writeStart = performance.now();
for (let start = 0; start < COUNT; start += AMO_BATCH) {
  const batch = Array.from({ length: Math.min(AMO_BATCH, COUNT - start) }, (_, i) => ({ name: `Product ${start + i}`, custom_fields_values: [{ field_id: 8801, values: [{ value: `SKU-${start + i}` }] }] }));
  await client.addElements(catalogId, batch);
}
const writeMs = performance.now() - writeStart;
const writeCalls = amo.calls.length;

const readStart = performance.now();
let read = 0;
for await (const page of client.elementPages(catalogId)) read += page.length;
const readMs = performance.now() - readStart;

const rejected = amo.calls.filter((call) => call.status === 429).length;
let worstWindow = 0;
const times = amo.calls.map((call) => call.at);
for (let i = 0, j = 0; i < times.length; i++) {
  while (times[i]! - times[j]! >= 1000) j++;
  worstWindow = Math.max(worstWindow, i - j + 1);
}
console.log(
  JSON.stringify(
    {
      products: COUNT,
      write: { calls: writeCalls, seconds: +(writeMs / 1000).toFixed(2), products_per_second: Math.round(COUNT / (writeMs / 1000)) },
      read: { elements: read, calls: amo.calls.length - writeCalls, seconds: +(readMs / 1000).toFixed(2) },
      answered_429: rejected,
      most_calls_in_any_second: worstWindow,
      limit_per_second: amo.perSecond,
    },
    null,
    2,
  ),
);
await amo.close();
