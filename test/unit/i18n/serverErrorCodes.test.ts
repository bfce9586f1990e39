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
const REFUSAL = /(HttpError|unprocessable|conflict|badRequest|notFound|noRight|paymentRequired|tooManyRequests)\(/;

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
});
