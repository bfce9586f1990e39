import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';

/**
 * English texts are registered per bundle (src/i18n/coreTexts.ts for the shell frame, a texts.ts per screen
 * feature and for the widget), so a module that shows a namespace its bundle never registered would show raw
 * keys in the browser while every component test (which registers all of en.json) passes. This follows the
 * static imports from each entry the way esbuild does and checks that every namespace a module names is
 * registered in that bundle.
 */
const root = resolve(__dirname, '../..');
const NAMESPACES = Object.keys(en);
const KEY_LITERAL = new RegExp(`['"\`](${NAMESPACES.join('|')})\\.[\\w$]`, 'g');
// `import type` / `export type` are erased by esbuild: they bring no module (and no texts) into a bundle.
const STATIC_IMPORT = /(?:import|export)\s+(?!type\s)(?:[^'"`;]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const REGISTERED = /import\s*\{([^}]+)\}\s*from\s*['"][./]+locales\/en\.json['"]/g;

function resolveModule(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\?raw$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

interface Bundle {
  files: Set<string>;
  lazy: Set<string>;
}

function staticClosure(entry: string): Bundle {
  const files = new Set<string>();
  const lazy = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file) || !/\.tsx?$/.test(file)) continue;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(STATIC_IMPORT)) {
      const target = resolveModule(file, spec);
      if (target) pending.push(target);
    }
    for (const [, spec] of source.matchAll(DYNAMIC_IMPORT)) {
      const target = resolveModule(file, spec);
      if (target) lazy.add(target);
    }
  }
  return { files, lazy };
}

function namespacesUsed(files: Iterable<string>): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of files) {
    if (file.endsWith('texts.ts') || file.endsWith('coreTexts.ts')) continue;
    for (const [, namespace] of readFileSync(file, 'utf8').matchAll(KEY_LITERAL)) {
      used.set(namespace, [...(used.get(namespace) ?? []), relative(root, file)]);
    }
  }
  return used;
}

function namespacesRegistered(files: Iterable<string>): Set<string> {
  const registered = new Set<string>();
  for (const file of files) {
    for (const [, names] of readFileSync(file, 'utf8').matchAll(REGISTERED)) {
      // `import as importTexts`: a namespace that is a reserved word is imported under another name.
      for (const name of names.split(',')) if (name.trim()) registered.add(name.trim().split(/\s+as\s+/)[0]);
    }
  }
  return registered;
}

function missing(used: Map<string, string[]>, registered: Set<string>): Record<string, string[]> {
  return Object.fromEntries([...used].filter(([namespace]) => !registered.has(namespace)).map(([namespace, where]) => [namespace, [...new Set(where)]]));
}

describe('every bundle registers the text namespaces it shows', () => {
  const shell = staticClosure(join(root, 'shell/main.tsx'));
  const shellRegistered = namespacesRegistered(shell.files);

  it('the shell frame and the shared core register their namespaces in src/i18n/coreTexts.ts', () => {
    expect(shellRegistered.size).toBeGreaterThan(0);
    expect(missing(namespacesUsed(shell.files), shellRegistered)).toEqual({});
  });

  it('each lazy screen registers its own namespaces (the frame is loaded before it)', () => {
    const screens = [...shell.lazy].filter((file) => !file.endsWith('.json'));
    expect(screens.length).toBeGreaterThan(3);
    for (const screen of screens) {
      const bundle = staticClosure(screen);
      const registered = new Set([...shellRegistered, ...namespacesRegistered(bundle.files)]);
      expect({ screen: relative(root, screen), missing: missing(namespacesUsed(bundle.files), registered) }).toEqual({ screen: relative(root, screen), missing: {} });
    }
  });

  it('the widget registers everything it shows itself (it never loads the shell)', () => {
    const widget = staticClosure(join(root, 'widget/main.tsx'));
    expect(missing(namespacesUsed(widget.files), namespacesRegistered(widget.files))).toEqual({});
  });

  it('the check notices an unregistered namespace', () => {
    const used = new Map([['orders', ['shell/features/orders/OrdersScreen.tsx']]]);
    expect(missing(used, new Set(['app']))).toEqual({ orders: ['shell/features/orders/OrdersScreen.tsx'] });
  });
});
