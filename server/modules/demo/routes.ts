import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';

const PALETTE = ['#2f6fed', '#d64545', '#2e9d5b', '#e6a700', '#7b4fd6', '#0f8a9d'];

/** A product picture for the demo catalogue, drawn on request so no binary files live in the repository. */
export function demoImage(index: number): string {
  const color = PALETTE[index % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240"><rect width="320" height="240" fill="${color}"/><circle cx="160" cy="110" r="58" fill="#fff" fill-opacity=".25"/><text x="160" y="128" font-family="sans-serif" font-size="56" text-anchor="middle" fill="#fff">${index + 1}</text></svg>`;
}

/** /demo/images/{n}.svg: the images of the seeded demo products (served by our own server). */
export const demoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/demo/images/:name',
    { schema: { hide: true, params: Type.Object({ name: Type.String({ pattern: '^([0-9]|1[0-9]|2[0-3])\\.svg$' }) }) } },
    async (request, reply) => reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(demoImage(Number.parseInt(request.params.name, 10))),
  );
};
