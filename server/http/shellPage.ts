import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HOST_ORIGINS_META } from '../../src/domain/origins';

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The shell's page with the server's HOST_ORIGINS in a meta tag, so a build serves any deployment. */
export function withHostOrigins(html: string, hostOrigins: readonly string[]): string {
  return html.replace('</head>', `<meta name="${HOST_ORIGINS_META}" content="${attribute(hostOrigins.join(','))}"></head>`);
}

/**
 * Serves the shell's index.html at / and /index.html with the allow-list filled in. The file is read on
 * each request (it is small and never cached by browsers), so a rebuild needs no restart.
 */
export function registerShellPage(app: FastifyInstance, shellDir: string, hostOrigins: readonly string[]): void {
  const send = async (_request: unknown, reply: FastifyReply) => {
    const html = await readFile(join(shellDir, 'index.html'), 'utf8');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withHostOrigins(html, hostOrigins));
  };
  app.get('/', { schema: { hide: true } }, send);
  app.get('/index.html', { schema: { hide: true } }, send);
}
