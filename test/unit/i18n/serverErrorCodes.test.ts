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
const REFUSAL = /(HttpError|unprocessable|conflict|badRequest|notFound|noRight|paymentRequired|tooManyRequests|refusal)\(/;

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
      for (const [, code] of line.matchAll(/\b(?:refusal\(\d+, |noRight\()'([a-z][A-Za-z]+)'/g)) codes.set(code, `${file.slice(server.length + 1)}:${index + 1}`);
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

// Issue 17's screens (entity settings, business processes, users and invitations, tariffs and limits, the account,
// public customers and the public order, contacts and companies) and every missing right (server/auth/rights.ts)
// show a refusal in the user's language only when it carries a code. This lists every refusal built in their
// modules — a call of a refusal maker, followed over several lines to its closing bracket — and wants each to be
// refusal(status, code, …), noRight(code) or to carry `code:`. It also counts them, so a walk that finds nothing fails.
const SETTINGS_MODULES = ['fields', 'categories', 'pipelines', 'business', 'tariffs', 'users', 'account', 'publicOrder', 'customers'];
/** Files outside the modules whose refusals the screens show: the rights every module asks for. */
const SETTINGS_FILES = ['auth/rights.ts'];
const MAKER = /\b(new HttpError|unprocessable|conflict|badRequest|notFound|noRight|paymentRequired|tooManyRequests|forbidden|serverBusy)\(/g;
// Refusals no screen shows, each with why.
const NO_TEXT_SHOWN: Record<string, string> = {
  // The invitation routes answer an unknown or spent invitation token with the app's plain 403, which signs the
  // client out (the same answer as any bad token, so a guessed token learns nothing); there is no text to show.
  'users/routes.ts:forbidden()': 'a bad invitation token is a bad token',
};

/** Each refusal maker's call in a file, from its name to its closing bracket, with the line it starts on. */
function refusalCalls(file: string): { call: string; line: number }[] {
  const text = readFileSync(file, 'utf8');
  const calls: { call: string; line: number }[] = [];
  for (const match of text.matchAll(MAKER)) {
    // A definition (`export const notFound = (…`) in server/http is not a call; these modules define none.
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

describe('settings refusals carry codes', () => {
  const files = [...SETTINGS_MODULES.flatMap((name) => sources(join(server, 'modules', name))), ...SETTINGS_FILES.map((file) => join(server, file))];
  // Named from server/modules (as 'users/routes.ts'), the rights file from server ('auth/rights.ts').
  const nameOf = (file: string) => (file.startsWith(join(server, 'modules')) ? file.slice(join(server, 'modules').length + 1) : file.slice(server.length + 1));
  const calls = files.flatMap((file) => refusalCalls(file).map((found) => ({ ...found, file: nameOf(file) })));
  // noRight's one parameter is a refusal code (typed so), so its calls carry one by construction.
  const coded = (call: string) => /\bcode:/.test(call) || call.startsWith('noRight(');

  it('rule: every refusal in the settings modules, the public order, customers and rights.ts says its code (or is refusal(status, code) / noRight(code)), but the listed internal ones', () => {
    const uncoded = calls.filter(({ call, file }) => !coded(call) && !Object.hasOwn(NO_TEXT_SHOWN, `${file}:${call}`));
    expect(uncoded.map(({ file, line, call }) => `${file}:${line} ${call}`)).toEqual([]);
  });

  it('rule: the walk finds the coded refusals too and every exception it allows still exists', () => {
    expect(calls.length).toBeGreaterThan(15);
    const codedCalls = (file: string) => [...readFileSync(file, 'utf8').matchAll(/\b(?:refusal\(\d+, |noRight\(')/g)].length;
    expect(files.reduce((sum, file) => sum + codedCalls(file), 0)).toBeGreaterThan(70);
    // Each area the walk was extended to is really read: the public order's, the customers' and the rights' refusals.
    for (const area of ['publicOrder/', 'customers/', 'auth/rights.ts']) expect(files.filter((file) => nameOf(file).startsWith(area)).reduce((sum, file) => sum + codedCalls(file), 0), area).toBeGreaterThan(area === 'customers/' ? 1 : 7);
    for (const allowed of Object.keys(NO_TEXT_SHOWN)) expect(calls.some(({ call, file }) => `${file}:${call}` === allowed), allowed).toBe(true);
  });
});
