import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';

// A refusal the server sends with a `code` is shown by the shell as serverErrors.<code> (src/i18n/serverErrors.ts),
// so a code with no text would fall back to the English error in a Russian screen. This walks the server's
// refusals (a line that throws one with `code: '…'`) and wants each code's text in both languages.
// Tests run from the repository's root (test/vitest.config.ts root).
const server = join(process.cwd(), 'server');
const REFUSAL = /(HttpError|unprocessable|conflict|badRequest|notFound|noRight|paymentRequired|tooManyRequests|refusal|plainRefusal)\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function refusalCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  for (const file of sources(server)) {
    for (const [index, line] of readFileSync(file, 'utf8').split('\n').entries()) {
      if (!REFUSAL.test(line)) continue;
      const after = /code: ([^}]*)/.exec(line)?.[1] ?? '';
      for (const [, code] of after.matchAll(/'([a-z][A-Za-z]+)'/g)) codes.set(code, `${file.slice(server.length + 1)}:${index + 1}`);
      for (const [, code] of line.matchAll(/\b(?:refusal\(\d+, |plainRefusal\(\d+, |noRight\()'([a-z][A-Za-z]+)'/g)) codes.set(code, `${file.slice(server.length + 1)}:${index + 1}`);
    }
  }
  return codes;
}

describe('server refusal codes', () => {
  it('rule: every code a server refusal carries has its text in English and Russian', () => {
    const codes = refusalCodes();
    expect(codes.size).toBeGreaterThan(10);
    const missing = [...codes].filter(([code]) => !Object.hasOwn(en.serverErrors, code) || !Object.hasOwn(ru.serverErrors, code));
    expect(missing).toEqual([]);
  });

  it('rule: the Russian texts keep the English ones’ parameters', () => {
    for (const [code, text] of Object.entries(en.serverErrors)) {
      const params = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
      expect(params((ru.serverErrors as Record<string, string>)[code]), code).toEqual(params(text));
    }
  });

  it('rule: a code in a refusal(status, code) or noRight(code) call counts as a refusal code (the walk reads every form)', () => {
    const codes = refusalCodes();
    expect(codes.get('ordersInPipeline')).toMatch(/^modules\/pipelines\//);
    expect(codes.get('userExists')).toMatch(/^modules\/users\//);
    expect(codes.get('adminOnly')).toMatch(/^auth\/rights\.ts:/);
  });
});

// A refusal reaches the user's screen in their language only when it carries a code. This lists every refusal built
// in server/modules (but the modules listed below, each with why) and in the sign-in and rights files of server/auth
// — a call of a refusal maker, followed over several lines to its closing bracket — and wants each to be
// refusal(status, code, …), plainRefusal, noRight(code) or to carry `code:`. It also counts the coded ones per area,
// so a walk that finds nothing fails.
const modules = join(server, 'modules');
/** Modules whose refusals are not coded yet, each with why; each must still hold an uncoded refusal (coding one shrinks the list). */
const NOT_CODED_YET: Record<string, string> = {
  // Shown to the staff, but each is a stop of its own; a Russian user still reads these in English.
  analytics: 'report filter refusals; the analytics screen checks its filters before asking',
  connections: 'CRM connection set-up texts, given by an administrator from the integrations screen',
  dealCatalogue: 'filter refusals the deal catalogue screen does not provoke (it offers only known fields)',
  payments: 'payment set-up and webhooks: providers and administrators read them, not the order screens',
  // Not staff screens: the CRM widget's client (src/api/widget.ts) shows the server's text in the CRM's own frame.
  widget: 'the CRM widget, not a staff screen',
  integrations: "CRM and 1C exchanges: their refusals go back to the CRM or the 1C client, not to a user's screen",
};
/** Files outside the modules whose refusals the screens show: the rights every module asks for, sign-in codes, a busy password check. */
const AUTH_FILES = ['auth/rights.ts', 'auth/codes.ts', 'auth/secrets.ts'];
const MAKER = /\b(new HttpError|unprocessable|conflict|badRequest|notFound|noRight|paymentRequired|tooManyRequests|forbidden|serverBusy)\(/g;
// Refusals no screen shows as they are, each with why.
const NO_TEXT_SHOWN: Record<string, string> = {
  // The invitation routes answer an unknown or spent invitation token with the app's plain 403, which signs the
  // client out (the same answer as any bad token, so a guessed token learns nothing); there is no text to show.
  'users/routes.ts:forbidden()': 'a bad invitation token is a bad token',
  // A document's line refused: the same refusal again with the line it came from; its code and params travel in extra.
  // A template's own problem (an unknown placeholder, a broken tag), written by the template checker from the
  // template's text; coding the checker's problems is a job of its own.
  'documents/generate.ts:badRequest(`${template.name}: ${error.message}`)': "the template checker's problem, named by the template",
  'documents/templates.ts:badRequest(error.message)': "the template checker's problem",
  'stock/bulkArrival.ts:new HttpError(error.status, error.message, { ...error.extra, line })': 'keeps the code of the refusal it wraps',
  'stock/documents.ts:new HttpError(error.status, error.message, { ...error.extra, line }, error.retryAfter)': 'keeps the code of the refusal it wraps',
};

/** Each refusal maker's call in a file, from its name to its closing bracket, with the line it starts on. */
function refusalCalls(file: string): { call: string; line: number }[] {
  const text = readFileSync(file, 'utf8');
  const calls: { call: string; line: number }[] = [];
  for (const match of text.matchAll(MAKER)) {
    // A definition (`export const notFound = (…`) in server/http is not a call; the modules define none.
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < text.length; end += 1) {
      if (text[end] === '(') depth += 1;
      else if (text[end] === ')' && (depth -= 1) === 0) break;
    }
    calls.push({ call: text.slice(match.index, end + 1), line: text.slice(0, match.index).split('\n').length });
  }
  return calls;
}

describe('server refusals carry codes', () => {
  const walked = readdirSync(modules).filter((name) => !Object.hasOwn(NOT_CODED_YET, name));
  const files = [...walked.flatMap((name) => sources(join(modules, name))), ...AUTH_FILES.map((file) => join(server, file))];
  // Named from server/modules (as 'users/routes.ts'), the auth files from server ('auth/rights.ts').
  const nameOf = (file: string) => (file.startsWith(modules) ? file.slice(modules.length + 1) : file.slice(server.length + 1));
  const calls = files.flatMap((file) => refusalCalls(file).map((found) => ({ ...found, file: nameOf(file) })));
  // noRight's one parameter is a refusal code (typed so), so its calls carry one by construction.
  const coded = (call: string) => /\bcode:/.test(call) || call.startsWith('noRight(');
  const uncodedIn = (list: typeof calls) => list.filter(({ call, file }) => !coded(call) && !Object.hasOwn(NO_TEXT_SHOWN, `${file}:${call}`));

  it('rule: every refusal in server/modules (but the modules listed) and in the sign-in and rights files says its code (or is refusal(status, code) / noRight(code)), but the listed internal ones', () => {
    expect(uncodedIn(calls).map(({ file, line, call }) => `${file}:${line} ${call}`)).toEqual([]);
  });

  it('rule: the walk finds the coded refusals of every area it reads, and every exception it allows still exists', () => {
    expect(walked.length).toBeGreaterThan(20);
    const codedCalls = (file: string) => [...readFileSync(file, 'utf8').matchAll(/\b(?:refusal\(\d+, |plainRefusal\(\d+, |noRight\(')/g)].length;
    const codedIn = (area: string) => files.filter((file) => nameOf(file).startsWith(area)).reduce((sum, file) => sum + codedCalls(file), 0);
    expect(files.reduce((sum, file) => sum + codedCalls(file), 0)).toBeGreaterThan(200);
    // Each area the walk was extended to is really read, with at least this many coded refusals.
    const least: Record<string, number> = { 'publicOrder/': 7, 'customers/': 1, 'auth/rights.ts': 7, 'orders/': 20, 'stock/': 12, 'products/': 25, 'orderDocuments/': 15, 'warehouses/': 2, 'auth/service.ts': 6, 'auth/codes.ts': 2, 'import/': 1, 'documents/': 20, 'facilities/': 5, 'tasks/': 2, 'profile/': 4 };
    for (const [area, count] of Object.entries(least)) expect(codedIn(area), area).toBeGreaterThanOrEqual(count);
    for (const allowed of Object.keys(NO_TEXT_SHOWN)) expect(calls.some(({ call, file }) => `${file}:${call}` === allowed), allowed).toBe(true);
  });

  it('rule: each module left out still has an uncoded refusal, so the list shrinks as modules are coded', () => {
    for (const name of Object.keys(NOT_CODED_YET)) {
      const theirs = sources(join(modules, name)).flatMap((file) => refusalCalls(file).map((found) => ({ ...found, file: nameOf(file) })));
      expect(uncodedIn(theirs).length, name).toBeGreaterThan(0);
    }
  });
});
