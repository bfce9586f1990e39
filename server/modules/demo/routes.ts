import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { framedAccount, withFrameAncestors, type FrameOrigins } from '../../http/shellPage';

const PALETTE = ['#2f6fed', '#d64545', '#2e9d5b', '#e6a700', '#7b4fd6', '#0f8a9d'];

/** A product picture for the demo catalogue, drawn on request so no binary files live in the repository. */
export function demoImage(index: number): string {
  const color = PALETTE[index % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240"><rect width="320" height="240" fill="${color}"/><circle cx="160" cy="110" r="58" fill="#fff" fill-opacity=".25"/><text x="160" y="128" font-family="sans-serif" font-size="56" text-anchor="middle" fill="#fff">${index + 1}</text></svg>`;
}

export interface DemoRoutesOptions {
  /** CRM origins allowed to frame our pages everywhere (the operator's HOST_ORIGINS). */
  hostOrigins?: readonly string[];
  /** The Bitrix24 portals an account connected: they frame its placement page (`?account=<id>`). */
  placementOrigins?: FrameOrigins;
}

/** The host adapters' files, served as they are from widget/host/ (the demo page loads script.js the way amoCRM would). */
const HOST_FILES: Readonly<Record<string, { file: string; type: string }>> = {
  '/demo/host.html': { file: 'demo/host.html', type: 'text/html; charset=utf-8' },
  '/demo/host.js': { file: 'demo/host.js', type: 'text/javascript; charset=utf-8' },
  '/demo/host.css': { file: 'demo/host.css', type: 'text/css; charset=utf-8' },
  '/demo/amocrm/script.js': { file: 'amocrm/script.js', type: 'text/javascript; charset=utf-8' },
  '/demo/amocrm/manifest.json': { file: 'amocrm/manifest.json', type: 'application/json; charset=utf-8' },
  '/demo/amocrm/i18n/en.json': { file: 'amocrm/i18n/en.json', type: 'application/json; charset=utf-8' },
  '/demo/amocrm/i18n/ru.json': { file: 'amocrm/i18n/ru.json', type: 'application/json; charset=utf-8' },
  '/bitrix24/placement.html': { file: 'bitrix24/placement.html', type: 'text/html; charset=utf-8' },
  '/bitrix24/placement.js': { file: 'bitrix24/placement.js', type: 'text/javascript; charset=utf-8' },
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Where the demo CRM page takes Stockroom from (its `app` query): this server under the address the page
 * was opened at, or under another loopback name on the same port (so a page at http://localhost:8080
 * can play a CRM of another origin against http://127.0.0.1:8080). Nothing else: the page would run
 * any script named there with our origin's rights.
 */
export function demoAppOrigin(request: FastifyRequest, port: number): string {
  const own = `${request.protocol}://${request.headers.host ?? ''}`;
  const asked = (request.query as { app?: unknown } | undefined)?.app;
  if (typeof asked !== 'string' || asked === '') return own;
  try {
    const url = new URL(asked);
    if (url.origin === own) return own;
    if ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname) && Number(url.port || 80) === port) return url.origin;
  } catch {
    // Not a URL: the page's own origin.
  }
  return own;
}

/** The demo page's policy: our scripts only (from this origin and the chosen app origin), no inline script. */
function demoPagePolicy(app: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${app}`,
    `connect-src 'self' ${app}`,
    `frame-src 'self' ${app}`,
    `img-src 'self' data: ${app}`,
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The Bitrix24 placement page runs in the portal's frame and loads the BX24 JS library. Who may frame
 * it: the bitrix24 portals connected by the account the handler URL names (`?account=<id>`, bound at
 * install) plus HOST_ORIGINS — the shell page's rule (shellPage.ts), with its helpers.
 */
function placementPolicy(origins: readonly string[]): string {
  const policy = [
    "default-src 'self'",
    "script-src 'self' https://api.bitrix24.com",
    "connect-src 'self'",
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
  return withFrameAncestors(policy, origins);
}

/**
 * /demo/images/{n}.svg: the images of the seeded demo products. /demo/host.html: a page imitating a CRM
 * deal card that loads the amoCRM adapter (widget/host/amocrm/script.js) through an AMD loader, mounts
 * the widget and frames the full shell. /bitrix24/placement.html: the Bitrix24 deal-tab placement (the
 * portal opens it with a POST).
 */
export const demoRoutes: FastifyPluginAsync<DemoRoutesOptions> = async (app, options) => {
  const hostDir = join(app.ctx.config.rootDir, 'widget', 'host');
  const port = app.ctx.config.port;

  app.get(
    '/demo/images/:name',
    { schema: { hide: true, params: Type.Object({ name: Type.String({ pattern: '^([0-9]|1[0-9]|2[0-3])\\.svg$' }) }) } },
    async (request, reply) => reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(demoImage(Number.parseInt((request.params as { name: string }).name, 10))),
  );

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.routeOptions.url ?? '';
    const { file, type } = HOST_FILES[path];
    reply.type(type).header('cache-control', 'no-cache');
    if (path === '/demo/host.html') reply.header('content-security-policy', demoPagePolicy(demoAppOrigin(request, port)));
    if (path.startsWith('/bitrix24/')) {
      const connected = options.placementOrigins ? await options.placementOrigins(framedAccount(request)) : [];
      reply.header('content-security-policy', placementPolicy([...new Set([...connected, ...(options.hostOrigins ?? [])])]));
    }
    return reply.send(await readFile(join(hostDir, file)));
  };
  for (const path of Object.keys(HOST_FILES)) {
    app.get(path, { schema: { hide: true } }, serve);
  }
  // Bitrix24 opens a placement with a POST of its auth and placement fields (form-encoded): answer the page.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
  app.post('/bitrix24/placement.html', { schema: { hide: true } }, serve);
};
