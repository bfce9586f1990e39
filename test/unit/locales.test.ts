import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';

const root = join(__dirname, '..', '..');

function keys(table: unknown, prefix = ''): string[] {
  return Object.entries(table as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Literal keys handed to t(), plus key-typed string literals such as { label: 'nav.orders' }. */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const known = new Set(keys(en).map((key) => key.split('.')[0]));
  for (const file of ['src', 'shell', 'widget'].flatMap((dir) => sourceFiles(join(root, dir)))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*['"`]([\w.]+)['"`]/g)) used.set(match[1], file);
    for (const match of text.matchAll(/['"]((\w+)\.\w+(?:\.\w+)*)['"]/g)) {
      if (known.has(match[2]) && !match[1].includes('/') && /^[a-z]\w*\.[a-zA-Z]\w*$/.test(match[1])) used.set(match[1], file);
    }
  }
  return used;
}

describe('locales', () => {
  it('en and ru have exactly the same keys', () => {
    const enKeys = keys(en).sort();
    const ruKeys = keys(ru).sort();
    expect(enKeys.filter((key) => !ruKeys.includes(key))).toEqual([]);
    expect(ruKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
  });

  it('no text is empty in either language', () => {
    for (const table of [en, ru]) {
      const empty = keys(table).filter((key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], table) === '');
      expect(empty).toEqual([]);
    }
  });

  it('every key the code uses exists', () => {
    const available = new Set(keys(en));
    const missing = [...usedKeys()].filter(([key]) => !available.has(key)).map(([key, file]) => `${key} (${file.replace(root, '')})`);
    expect(missing).toEqual([]);
  });

  it('the checker sees keys used in the code (it can fail)', () => {
    const used = usedKeys();
    expect(used.has('auth.signIn')).toBe(true);
    expect(used.has('nav.orders')).toBe(true);
    expect(used.size).toBeGreaterThan(50);
  });

  it('interpolation placeholders match between languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const read = (table: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], table) as string;
    for (const key of keys(en)) expect([key, placeholders(read(ru, key))]).toEqual([key, placeholders(read(en, key))]);
  });

  it('currency label: dollar in English, rouble in Russian', () => {
    expect(en.currency.label).toBe('dollar');
    expect(ru.currency.label).toBe('рубль');
  });

  it('carries the interface messages of spec 2 §8', () => {
    const texts = new Set(keys(en).map((key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string));
    for (const message of [
      'Something went wrong...',
      'Invalid username or password',
      'You have used too many code entry attempts',
      'Such a user already exists.',
      '{{name}} was not invited to the account',
      'Nothing found',
      'There are orders in this pipeline.',
      'No tasks in progress',
      'The same stage is selected for different operations within one pipeline. Please choose different stages.',
      'Attention! The login to the product from this account is fixed. Make sure that only one user uses this account.',
      'Attention! The number of users exceeded.',
      'Attention! The subscription period of the service has come to an end. For an extension, contact the sales department',
      "You haven't selected a country",
      'To install, you must be a user of the CRM platform',
      'Attention! Account data is being downloaded. This may take a few minutes',
      'Text not copied automatically. Try manually',
      'Successfully',
      '{{name}} invited to the account',
      'You are registered',
      'Order has been successfully archived',
      'Empty field',
      'Email invalid',
      'Minimum of 3 characters',
    ]) {
      expect(texts.has(message), message).toBe(true);
    }
  });
});
