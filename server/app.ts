import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createMailer, purgeExpiredLocalOutbox, type Mailer } from './auth/mailer';
import { limitHashing } from './auth/secrets';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import { registerAuthHook } from './http/authHook';
import type { RouteAuth } from './http/context';
import { registerDecimalNumbers } from './http/decimalNumbers';
import { registerErrorHandling } from './http/errors';
import { registerJsonBodyParser } from './http/jsonBody';
import { lazySchemaCompilers } from './http/lazySchemas';
import { withLogRedaction } from './http/logRedaction';
import { registerNoStore } from './http/noStore';
import { SessionCache } from './http/sessionCache';
import { inProcessNotifier, type Notifier } from './platform/notify';
import { databaseRateLimitStore } from './platform/rateLimitStore';
import { registerShellPage } from './http/shellPage';
import { registerExpiredLock } from './modules/account/expiredLock';
import { accountRoutes } from './modules/account/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { archiveRoutes } from './modules/archive/routes';
import { businessRoutes } from './modules/business/routes';
import { tariffRoutes } from './modules/tariffs/routes';
import { telegramRoutes } from './modules/telegram/routes';
import { authRoutes } from './modules/auth/routes';
import { categoryRoutes } from './modules/categories/routes';
import { connectionRoutes } from './modules/connections/routes';
import { connectedOrigins, isConnectedOrigin } from './modules/connections/service';
import { customerRoutes } from './modules/customers/routes';
import { dealCatalogueRoutes } from './modules/dealCatalogue/routes';
import { facilityRoutes } from './modules/facilities/routes';
import { demoRoutes } from './modules/demo/routes';
import { documentRoutes } from './modules/documents/routes';
import { fieldRoutes } from './modules/fields/routes';
import { fieldSettingsRoutes } from './modules/fields/settingsRoutes';
import { importRoutes } from './modules/import/routes';
import { integrationRoutes } from './modules/integrations/routes';
import { bitrix24Routes } from './modules/integrations/bitrix24/routes';
import { dealRoutes } from './modules/integrations/deals/routes';
import { amoCrmRoutes } from './modules/integrations/amocrm/routes';
import { onecExchangeRoutes } from './modules/integrations/onec/exchangeRoutes';
import { onecRoutes } from './modules/integrations/onec/routes';
import { orderDocumentRoutes } from './modules/orderDocuments/routes';
import { orderExportRoutes } from './modules/orderExport/routes';
import { orderFieldRoutes } from './modules/orderFields/routes';
import { orderRoutes } from './modules/orders/routes';
import { paymentRoutes } from './modules/payments/routes';
import { productRoutes } from './modules/products/routes';
import { stockListRoutes } from './modules/products/stockRoutes';
import { registerTaskQueue } from './modules/tasks/lifecycle';
import { taskRoutes } from './modules/tasks/routes';
import { pipelineRoutes } from './modules/pipelines/routes';
import { positionListRoutes } from './modules/positions/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { profileRoutes } from './modules/profile/routes';
import { publicOrderRoutes } from './modules/publicOrder/routes';
import { warehouseRoutes } from './modules/warehouses/routes';
import { userRoutes } from './modules/users/routes';
import { registerIntegrationCors } from './modules/widget/cors';
import { widgetRoutes } from './modules/widget/routes';

export interface AppOptions {
  config: ServerConfig;
  db: Db;
  /**
   * HOST_ORIGINS: the operator's deployment-wide CRM origins, allowed besides every account's connected
   * ones (CSP frame-ancestors, the framed shell's trust, CORS on /integration/*). Empty by default.
   */
  hostOrigins?: readonly string[];
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** Reads that tolerate replica lag (Database.readDb); the primary when not given. */
  readDb?: Db;
  /** Count rate-limited requests in the database (several processes on PostgreSQL: npm start sets it there). */
  sharedRateLimits?: boolean;
  /** Cross-process signals (Database.notifier); none when not given (one process alone on its database). */
  notifier?: Notifier;
  /**
   * Run the background task queue while the app runs (default, started when the app is ready); 'afterListen'
   * starts it once the server listens (npm start). Off only where the app is built to list its routes.
   */
  taskQueue?: boolean | 'afterListen';
}

export interface ApiRoute {
  method: string;
  url: string;
  schema: FastifySchema;
  auth: RouteAuth;
  /** Marked read-only: it may answer from cached sessions and must change nothing. */
  reads: boolean;
  /** It ends the caller's session (sign-out) or the caller's other sessions: route walks leave it out. */
  endsSessions: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: readonly ApiRoute[];
  }
}

/** Every API area is one plugin under /api; the app is assembled here and nowhere else. */
const API_AREAS = [authRoutes, sessionRoutes, accountRoutes, connectionRoutes, userRoutes, fieldRoutes, categoryRoutes, warehouseRoutes, productRoutes, stockListRoutes, profileRoutes, customerRoutes, facilityRoutes, pipelineRoutes, orderRoutes, orderFieldRoutes, fieldSettingsRoutes, orderDocumentRoutes, documentRoutes, orderExportRoutes, dealCatalogueRoutes, publicOrderRoutes, archiveRoutes, positionListRoutes, taskRoutes, importRoutes, businessRoutes, tariffRoutes, telegramRoutes, analyticsRoutes, integrationRoutes, bitrix24Routes, dealRoutes, amoCrmRoutes, onecRoutes, paymentRoutes];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // No secret (tokens, codes, passwords) reaches the log through a request's URL or headers.
    logger: withLogRedaction(options.logger, options.config.logLevel),
    bodyLimit: 1024 * 1024,
    // Validation errors become `{ error }` answers; coercion turns query strings into numbers.
    // multipleOfPrecision: 1.001 is a multiple of 0.001 though 1.001 / 0.001 is 1000.9999999999999 in floating point.
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false, multipleOfPrecision: 9 } },
    schemaController: { compilersFactory: lazySchemaCompilers() },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const { config } = options;
  limitHashing({ concurrency: config.hashConcurrency, queue: config.hashQueue });
  app.decorate('ctx', { db: options.db, readDb: options.readDb ?? options.db, config, mailer: options.mailer ?? createMailer(options.db, { smtpUrl: config.smtpUrl, localKeepMinutes: config.codeTtlMinutes }, app.log) });
  if (!options.mailer) purgeLocalOutboxOnSchedule(app, options.db, config.codeTtlMinutes);
  if (options.taskQueue !== false) registerTaskQueue(app, options.taskQueue === 'afterListen' ? 'listen' : 'ready');
  registerNoStore(app);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  registerDecimalNumbers(app);
  // Every API route, as registered: the isolation and bad-input suites walk this list, so a new route is covered without editing them.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    // The integration host's calls (/integration/…, server/modules/widget) are walked like the API's.
    if (!(route.url.startsWith('/api/') || route.url.startsWith('/integration/')) || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({ method, url: route.url, schema: route.schema ?? {}, auth: route.config?.auth ?? 'staff', reads: route.config?.reads === true, endsSessions: route.config?.endsSessions === true });
    }
  });

  await app.register(helmet, {
    // CRMs frame the shell: X-Frame-Options would forbid that, frame-ancestors allows exactly them.
    frameguard: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // Telegram's login widget is a frame of its own origin (src/ui/TelegramLoginButton.tsx).
        frameSrc: ["'self'", 'https://oauth.telegram.org'],
        frameAncestors: ["'self'", ...(options.hostOrigins ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    // Several processes on PostgreSQL count in the database, so that they share each limit; one process counts in memory.
    ...(options.sharedRateLimits && { store: databaseRateLimitStore(options.db) }),
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'Too many attempts',
      message: `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stockroom API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // One cache of checked staff tokens for every plugin that checks them.
  const sessions = new SessionCache(options.config.sessionCacheMs);
  const notifier = options.notifier ?? inProcessNotifier();
  const unfollow = sessions.follow(notifier);
  app.addHook('onClose', async () => unfollow());
  await app.register(
    async (api) => {
      registerAuthHook(api, sessions);
      registerExpiredLock(api);
      for (const area of API_AREAS) await api.register(area);
    },
    { prefix: '/api' },
  );
  // The widget calls /integration/* from the CRM's page: CORS for the connected CRM origins (and HOST_ORIGINS).
  registerIntegrationCors(app, options.hostOrigins ?? [], (origin) => isConnectedOrigin(options.db, origin));
  // The CRM-side widget host: the staff token like the API (its own hook; one token-free route).
  await app.register(
    async (integration) => {
      registerAuthHook(integration, sessions);
      registerExpiredLock(integration);
      await integration.register(widgetRoutes);
    },
    { prefix: '/integration' },
  );

  // 1C's CommerceML exchange: basic auth and its own session cookie, no staff token (server/modules/integrations/onec).
  await app.register(onecExchangeRoutes, { prefix: '/exchange/1c' });

  await app.register(demoRoutes, {
    hostOrigins: options.hostOrigins ?? [],
    placementOrigins: async (accountId) => (accountId === null ? [] : connectedOrigins(options.db, accountId, 'bitrix24')),
  });

  const { shellDir, widgetFile } = options.config;
  if (existsSync(shellDir)) {
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      // The page itself is served with the run-time allow-list in it (registerShellPage).
      index: false,
      globIgnore: ['index.html'],
      wildcard: false,
      // Hashed chunk names change with their content, so they may be cached for good; the page may not.
      setHeaders: (res, path) => void res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    if (existsSync(join(shellDir, 'index.html'))) {
      registerShellPage(app, shellDir, options.hostOrigins ?? [], async (accountId) => (accountId === null ? [] : connectedOrigins(options.db, accountId)));
    }
  }
  if (existsSync(widgetFile)) {
    app.get('/widget.js', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('widget.js', `${options.config.rootDir}/dist`));
  }
  return app;
}

/** The local development outbox is purged on every send; this also purges it at start and while nothing is sent. */
function purgeLocalOutboxOnSchedule(app: FastifyInstance, db: Db, keepMinutes: number): void {
  const purge = () => purgeExpiredLocalOutbox(db, keepMinutes).catch((error: unknown) => app.log.warn({ err: error }, 'outbox purge failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(() => void purge(), Math.max(1, keepMinutes) * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
