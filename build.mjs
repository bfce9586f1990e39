#!/usr/bin/env node
// Builds the shell (dist/shell/: index.html, hashed ESM chunks, CSS), the widget (dist/widget.js)
// and the server (dist/server/main.mjs).
//   node build.mjs             build once
//   node build.mjs --watch     rebuild on change (npm run dev)
//   node build.mjs --if-needed build only when a source is newer than dist/
//   node build.mjs --report    print raw and gzip sizes per output
//   node build.mjs --budget    fail when the widget or the shell's first load is over budget
//   node build.mjs --pack-amocrm  write the amoCRM/Kommo widget archive dist/amocrm-widget.zip (no build)
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { packAmocrm } from './widget/host/pack.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const shellOut = join(dist, 'shell');
const widgetOut = join(dist, 'widget.js');
/** Russian for the widget, loaded on demand next to widget.js (served from the shell's static root). */
const widgetRuOut = join(shellOut, 'widget-ru.js');
export const AMOCRM_ARCHIVE = join(dist, 'amocrm-widget.zip');
const SOURCE_DIRS = ['src', 'shell', 'widget', 'locales', 'server'];
const serverOut = join(dist, 'server', 'main.mjs');
/** The migrated empty PGlite folder a fresh data folder starts from (server/db/baseDataDir.ts); kept across builds. */
const BASE_DATA_DIR = 'pglite-base';
const baseMakerOut = join(dist, 'server', 'make-base-data-dir.mjs');

export const BUDGET = {
  /** dist/widget.js with its CSS and English texts, gzip. */
  widgetGzip: 16 * 1024,
  /** HTML + entry JS (with its static imports) + CSS of the shell, gzip. */
  shellFirstLoadGzip: 95 * 1024,
  /** What opening /analytics fetches beyond the first load (the screen, its charts, their static imports), gzip. */
  analyticsScreenGzip: 60 * 1024,
};

const args = new Set(process.argv.slice(2));

/** Build-time configuration (src/config.ts reads these). */
const define = {
  'process.env.NODE_ENV': '"production"',
  'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL ?? ''),
  'process.env.INTEGRATION_BASE_URL': JSON.stringify(process.env.INTEGRATION_BASE_URL ?? ''),
  'process.env.HOST_ORIGINS': JSON.stringify(process.env.HOST_ORIGINS ?? ''),
};

const common = {
  bundle: true,
  minify: true,
  sourcemap: false,
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  jsx: 'automatic',
  define,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  metafile: true,
};

/** `import text from './file?raw'` gives the file's text, as Vite (and so vitest) does natively. */
const rawTextImports = {
  name: 'raw-text-imports',
  setup(build) {
    build.onResolve({ filter: /\?raw$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\?raw$/, '')), namespace: 'raw-text' }));
    // CSS text (the widget's shadow root, a screen's adopted stylesheet) is minified here, as esbuild would a stylesheet.
    build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => {
      const text = readFileSync(args.path, 'utf8');
      const contents = args.path.endsWith('.css') ? (await esbuild.transform(text, { loader: 'css', minify: true, target: common.target })).code : text;
      return { contents, loader: 'text', watchFiles: [args.path] };
    });
  },
};

/**
 * `import { orders } from '…/locales/en.json'` in a screen's texts.ts should put the orders texts into that
 * screen's chunk. esbuild loads a module once, so every chunk's named imports would meet in one shared chunk of
 * the first load; giving each importer its own copy of the file lets tree shaking keep, per chunk, only the
 * namespaces that chunk imports (a namespace two screens share is carried by both).
 */
const englishTextsPerImporter = {
  name: 'english-texts-per-importer',
  setup(build) {
    build.onResolve({ filter: /locales\/en\.json$/ }, (args) => ({
      path: `${resolve(args.resolveDir, args.path)}?from=${relative(root, args.importer)}`,
      namespace: 'english-texts',
    }));
    build.onLoad({ filter: /.*/, namespace: 'english-texts' }, (args) => {
      const file = args.path.replace(/\?from=.*$/, '');
      return { contents: readFileSync(file, 'utf8'), loader: 'json', watchFiles: [file] };
    });
  },
};

const shellOptions = {
  ...common,
  // As the widget's: rosetta's dlv as an ES module, not its UMD browser build.
  mainFields: ['module', 'browser', 'main'],
  plugins: [rawTextImports, englishTextsPerImporter],
  entryPoints: { app: join(root, 'shell/main.tsx') },
  outdir: join(shellOut, 'assets'),
  format: 'esm',
  splitting: true,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
};

/** The server: one ESM file for Node; packages stay in node_modules (PGlite needs its own files). */
const serverOptions = {
  entryPoints: [join(root, 'server/main.ts')],
  outfile: serverOut,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
};

const widgetOptions = {
  ...common,
  entryPoints: [join(root, 'widget/main.tsx')],
  outfile: widgetOut,
  format: 'iife',
  // The widget ships Preact behind the React API: same components, a fraction of the bytes.
  alias: { react: '@preact/compat', 'react-dom': '@preact/compat' },
  // ES modules before a package's "browser" build: rosetta's dlv ships its browser build as UMD, whose
  // CommonJS wrapper alone cost the widget about 0.2 KB gzip.
  mainFields: ['module', 'browser', 'main'],
  plugins: [rawTextImports, englishTextsPerImporter],
};

/** Only the widget's namespace of ru.json: the widget never shows another (test/unit/textRegistration.test.ts). */
function writeWidgetTexts() {
  const ru = JSON.parse(readFileSync(join(root, 'locales/ru.json'), 'utf8'));
  writeFileSync(widgetRuOut, `(self.StockroomWidgetTexts=self.StockroomWidgetTexts||{}).ru=${JSON.stringify({ widget: ru.widget })};\n`);
}

function indexHtml(entry, css) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stockroom</title>
<link rel="icon" href="data:,">
${css ? `<link rel="stylesheet" href="./assets/${css}">\n` : ''}<script type="module" src="./assets/${entry}"></script>
</head>
<body>
<div id="app"></div>
<noscript>This application needs JavaScript.</noscript>
</body>
</html>
`;
}

/** The entry's JS and CSS files, from esbuild's metafile. */
function shellEntry(metafile) {
  // Lazy chunks (screens, ru.json) are entry points in the metafile too, in an order that moves with the
  // module graph: take the output of shell/main.tsx itself (entryPoint is relative to the working directory).
  const [outFile, output] = Object.entries(metafile.outputs).find(([, out]) => out.entryPoint && resolve(out.entryPoint) === shellOptions.entryPoints.app);
  return { js: outFile, css: output.cssBundle ?? null };
}

function writeShellHtml(metafile) {
  const { js, css } = shellEntry(metafile);
  writeFileSync(join(shellOut, 'index.html'), indexHtml(relative(join(shellOut, 'assets'), js), css && relative(join(shellOut, 'assets'), css)));
  writeFileSync(join(dist, 'shell-meta.json'), JSON.stringify(metafile));
}

/** What a build depends on besides the sources: its settings and the pinned dependencies. */
function buildInputs() {
  return JSON.stringify({ define, lock: createHash('sha256').update(readFileSync(join(root, 'package-lock.json'))).digest('hex') });
}
const buildInputsFile = join(dist, 'build-inputs.json');

/**
 * Makes dist/pglite-base in a child process, beside the bundling (esbuild works in its own process): initdb and
 * the migrations at build time instead of on the user's first start. The child keeps a base that is current.
 */
async function makeBaseDataDir() {
  await esbuild.build({ ...serverOptions, entryPoints: [join(root, 'server/db/makeBaseDataDir.main.ts')], outfile: baseMakerOut, sourcemap: false });
  await new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [baseMakerOut], { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`making dist/${BASE_DATA_DIR} failed (${code})`))));
  });
}

export async function build() {
  for (const entry of existsSync(dist) ? readdirSync(dist) : []) {
    if (entry !== BASE_DATA_DIR) rmSync(join(dist, entry), { recursive: true, force: true });
  }
  mkdirSync(shellOut, { recursive: true });
  const [shell, widget] = await Promise.all([esbuild.build(shellOptions), esbuild.build(widgetOptions), esbuild.build(serverOptions), makeBaseDataDir()]);
  writeShellHtml(shell.metafile);
  writeWidgetTexts();
  writeFileSync(join(dist, 'widget-meta.json'), JSON.stringify(widget.metafile));
  writeFileSync(buildInputsFile, buildInputs());
  return { shell: shell.metafile, widget: widget.metafile };
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isBuildFresh() {
  const marker = join(shellOut, 'index.html');
  if (![marker, widgetOut, serverOut, buildInputsFile, join(dist, BASE_DATA_DIR, 'stockroom-base.json')].every((file) => existsSync(file))) return false;
  // Settings are baked into the bundles: a build made with other ones (the test suite's) is not reused.
  if (readFileSync(buildInputsFile, 'utf8') !== buildInputs()) return false;
  const built = Math.min(...[marker, widgetOut, serverOut].map((file) => statSync(file).mtimeMs));
  const sources = Math.max(...SOURCE_DIRS.map((dir) => newestMtime(join(root, dir))), statSync(join(root, 'build.mjs')).mtimeMs);
  return sources < built;
}

const gzip = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Files fetched before the shell can render: the HTML, the entry, its static imports, its CSS. */
function firstLoadFiles(metafile) {
  const { js, css } = shellEntry(metafile);
  const files = staticImports(metafile, js, new Set([join(shellOut, 'index.html')]));
  if (css) files.add(join(root, css));
  return [...files];
}

/** The files a lazy screen fetches when opened: its chunk and their static imports, less what the first load has. */
function screenFiles(metafile, source, firstLoad) {
  const [chunk] = Object.entries(metafile.outputs).find(([, out]) => out.entryPoint === source) ?? [];
  if (!chunk) throw new Error(`no lazy chunk for ${source}: is it still loaded with import()?`);
  const loaded = new Set(firstLoad);
  return [...staticImports(metafile, chunk, new Set(), loaded)];
}

/** `start` and every output it imports statically (fetched with it), as absolute paths added to `files`; `skip`'s are left out. */
function staticImports(metafile, start, files, skip = new Set()) {
  const visit = (file) => {
    const abs = join(root, file);
    if (files.has(abs) || skip.has(abs)) return;
    files.add(abs);
    for (const imported of metafile.outputs[file].imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(start);
  return files;
}

export function sizeReport() {
  const metafile = JSON.parse(readFileSync(join(dist, 'shell-meta.json'), 'utf8'));
  const rows = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) { if (entry.name !== 'server') walk(path); }
      else if (!entry.name.endsWith('.json')) rows.push({ file: relative(root, path), raw: statSync(path).size, gzip: gzip(path) });
    }
  };
  walk(dist);
  const firstLoad = firstLoadFiles(metafile);
  const shellFirstLoadGzip = firstLoad.reduce((sum, file) => sum + gzip(file), 0);
  const analyticsScreen = screenFiles(metafile, 'shell/features/analytics/AnalyticsScreen.tsx', firstLoad);
  const analyticsScreenGzip = analyticsScreen.reduce((sum, file) => sum + gzip(file), 0);
  const firstLoadInputs = firstLoad.flatMap((file) => Object.keys(metafile.outputs[relative(root, file)]?.inputs ?? {}));
  const widgetGzip = gzip(widgetOut);
  const widgetMeta = JSON.parse(readFileSync(join(dist, 'widget-meta.json'), 'utf8'));
  // The widget must ship Preact: any React module in it means the alias broke.
  const widgetReactInputs = Object.keys(widgetMeta.inputs).filter((input) => /node_modules\/(react|react-dom|scheduler)\//.test(input));
  return { rows, firstLoad: firstLoad.map((file) => relative(root, file)), shellFirstLoadGzip, analyticsScreen: analyticsScreen.map((file) => relative(root, file)), analyticsScreenGzip, firstLoadInputs, widgetGzip, widgetReactInputs };
}

function printReport(report) {
  const width = Math.max(...report.rows.map((row) => row.file.length));
  console.log(`${'output'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
  for (const row of report.rows.sort((a, b) => a.file.localeCompare(b.file))) {
    console.log(`${row.file.padEnd(width)}  ${kb(row.raw).padStart(10)}  ${kb(row.gzip).padStart(10)}`);
  }
  console.log(`\nshell first load (${report.firstLoad.length} files): ${kb(report.shellFirstLoadGzip)} gzip (budget ${kb(BUDGET.shellFirstLoadGzip)})`);
  console.log(`analytics screen (${report.analyticsScreen.length} files beyond the first load): ${kb(report.analyticsScreenGzip)} gzip (budget ${kb(BUDGET.analyticsScreenGzip)})`);
  console.log(`widget script: ${kb(report.widgetGzip)} gzip (budget ${kb(BUDGET.widgetGzip)})`);
}

export function budgetFailures(report) {
  const failures = [];
  if (report.widgetGzip > BUDGET.widgetGzip) failures.push(`dist/widget.js is ${kb(report.widgetGzip)} gzip, over the ${kb(BUDGET.widgetGzip)} budget`);
  if (report.widgetReactInputs.length) failures.push(`dist/widget.js bundles React (${report.widgetReactInputs.join(', ')}) instead of @preact/compat`);
  if (report.shellFirstLoadGzip > BUDGET.shellFirstLoadGzip) failures.push(`the shell's first load is ${kb(report.shellFirstLoadGzip)} gzip, over the ${kb(BUDGET.shellFirstLoadGzip)} budget`);
  if (report.analyticsScreenGzip > BUDGET.analyticsScreenGzip) failures.push(`the analytics screen's own script is ${kb(report.analyticsScreenGzip)} gzip, over the ${kb(BUDGET.analyticsScreenGzip)} budget`);
  // uPlot is for /analytics only: in the first load it would cost every other screen.
  const chartsInFirstLoad = report.firstLoadInputs.filter((input) => input.includes('node_modules/uplot/'));
  if (chartsInFirstLoad.length) failures.push(`the shell's first load bundles the chart library (${chartsInFirstLoad.join(', ')})`);
  return failures;
}

async function watch() {
  mkdirSync(shellOut, { recursive: true });
  const rebuildHtml = {
    name: 'index-html',
    setup(build) {
      build.onEnd((result) => {
        if (result.metafile) writeShellHtml(result.metafile);
        writeWidgetTexts();
        console.log(`[${new Date().toLocaleTimeString()}] shell rebuilt${result.errors.length ? ' with errors' : ''}`);
      });
    },
  };
  const shell = await esbuild.context({ ...shellOptions, plugins: [...shellOptions.plugins, rebuildHtml] });
  const widget = await esbuild.context(widgetOptions);
  const server = await esbuild.context(serverOptions);
  await Promise.all([shell.watch(), widget.watch(), server.watch()]);
  console.log('watching src/, shell/, widget/, locales/ …');
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  if (args.has('--pack-amocrm')) {
    const names = packAmocrm(join(root, 'widget/host/amocrm'), AMOCRM_ARCHIVE);
    console.log(`${relative(root, AMOCRM_ARCHIVE)}: ${names.join(', ')}`);
  } else if (args.has('--watch')) {
    await watch();
  } else {
    if (!(args.has('--if-needed') && isBuildFresh())) await build();
    if (args.has('--report') || args.has('--budget')) {
      const report = sizeReport();
      printReport(report);
      if (args.has('--budget')) {
        const failures = budgetFailures(report);
        for (const failure of failures) console.error(`BUDGET: ${failure}`);
        if (failures.length) process.exit(1);
      }
    }
  }
}
