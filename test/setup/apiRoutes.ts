import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/client';
import { loadConfig } from '../../server/config';

/** One API route as the real server registers it, with the schema of its 200 answer (TypeBox schemas are plain JSON). */
export interface RegisteredRoute {
  method: string;
  url: string;
  response: unknown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Every route of the real app (JSON of RegisteredRoute[]), for the fetch fake to hold its answers to. */
    apiRoutes: string;
  }
}

/**
 * Builds the real app once per run, only to list its routes: registering them touches no database, so no
 * database is opened; the fake in test/support/apiFake.ts then answers only what the server serves.
 */
export default async function provideApiRoutes(project: TestProject): Promise<void> {
  const config = loadConfig({}, { dataDir: 'memory://', logLevel: 'silent' });
  const noDatabase = new Proxy({}, { get: () => { throw new Error('listing routes must not touch the database'); } }) as Db;
  const app = await buildApp({ config, db: noDatabase, logger: false, mailer: { send: async () => undefined } as never, taskQueue: false });
  await app.ready();
  const routes: RegisteredRoute[] = app.apiRoutes.map((route) => ({
    method: route.method,
    url: route.url,
    response: (route.schema.response as Record<string, unknown> | undefined)?.[200] ?? null,
  }));
  await app.close();
  project.provide('apiRoutes', JSON.stringify(routes));
}
