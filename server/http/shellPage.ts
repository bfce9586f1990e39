import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOST_ORIGINS_META } from '../../src/domain/origins';

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The shell's page with the origins allowed to frame it in a meta tag: the framed shell takes context and token only from them. */
export function withHostOrigins(html: string, hostOrigins: readonly string[]): string {
  return html.replace('</head>', `<meta name="${HOST_ORIGINS_META}" content="${attribute(hostOrigins.join(','))}"></head>`);
}

/** The page's CSP with frame-ancestors set to 'self' and the given origins (every other directive as the app's policy has it). */
export function withFrameAncestors(policy: string, origins: readonly string[]): string {
  const ancestors = ["frame-ancestors 'self'", ...origins].join(' ');
  const directives = policy.split(';').map((directive) => directive.trim()).filter((directive) => directive && !directive.startsWith('frame-ancestors'));
  return [...directives, ancestors].join(';');
}

/** The account a framed URL names (`/?account=<id>`), or null: the CRM frames the app with it so its connected origins apply. */
export function framedAccount(request: FastifyRequest): number | null {
  const value = (request.query as { account?: unknown } | undefined)?.account;
  return typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/** The origins that may frame the page of an account: its connected CRMs (none without an account). */
export type FrameOrigins = (accountId: number | null) => Promise<readonly string[]>;

/**
 * Serves the shell's index.html at / and /index.html. Who may frame it (CSP frame-ancestors) and
 * whom the framed shell trusts with its token (the meta tag) are the CRM origins connected by the
 * account the URL names (`?account=<id>`), plus HOST_ORIGINS (the operator's deployment-wide list);
 * without an account, only HOST_ORIGINS. The file is read on each request (it is small and never
 * cached by browsers), so a rebuild needs no restart.
 */
export function registerShellPage(app: FastifyInstance, shellDir: string, hostOrigins: readonly string[], frameOrigins: FrameOrigins): void {
  const send = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = await readFile(join(shellDir, 'index.html'), 'utf8');
    const origins = [...new Set([...(await frameOrigins(framedAccount(request))), ...hostOrigins])];
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', withFrameAncestors(policy, origins));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withHostOrigins(html, origins));
  };
  app.get('/', { schema: { hide: true } }, send);
  app.get('/index.html', { schema: { hide: true } }, send);
}
