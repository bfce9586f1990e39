#!/usr/bin/env node
// A small static server for the built shell and widget, until the API server (server issue) replaces it.
// Serves dist/shell at /, dist/widget.js at /widget.js; /api/* answers 404 {"error"} like the real server will.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shellDir = join(root, 'dist', 'shell');
const widgetFile = join(root, 'dist', 'widget.js');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

function sendJson(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** The size of a regular file, or null when it is missing or vanishes (a rebuild may be deleting dist/). */
function fileSize(file) {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

function sendFile(res, file, immutable) {
  const size = fileSize(file);
  if (size === null) return sendJson(res, 404, { error: 'Not found' });
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': size,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

export function handle(req, res) {
  let path;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    return sendJson(res, 400, { error: 'Malformed address' });
  }
  if (path.startsWith('/api/')) return sendJson(res, 404, { error: 'Not found' });
  if (path === '/widget.js') return sendFile(res, widgetFile, false);
  const file = normalize(join(shellDir, path === '/' ? 'index.html' : path));
  if (!file.startsWith(shellDir + sep)) return sendJson(res, 404, { error: 'Not found' });
  // Hashed chunk names change with content, so they may be cached for good.
  return sendFile(res, file, path.startsWith('/assets/'));
}

/** Starts the server; port 0 picks a free port. Resolves with the server and its address. */
export function startStaticServer({ port = 8080, host = '127.0.0.1' } = {}) {
  return new Promise((resolve, reject) => {
    const server = createServer(handle);
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({ server, url: `http://${host}:${address.port}` });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { server, url } = await startStaticServer({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? '127.0.0.1' });
  console.log(`Stockroom shell on ${url}/  (widget: ${url}/widget.js)`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
