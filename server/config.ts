import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: the nearest folder above this file holding package.json (source or bundle). */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server');
    dir = parent;
  }
  return dir;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** A PostgreSQL server (pg); without it the embedded PGlite in dataDir is used. */
  databaseUrl: string | null;
  /** A streaming replica for reads that tolerate lag (READ_DATABASE_URL): analytics and lists; writes and stock never. */
  readDatabaseUrl: string | null;
  /** The direct connection that LISTENs for cross-process signals (LISTEN_DATABASE_URL): must bypass PgBouncer. */
  listenDatabaseUrl: string | null;
  /** Connections per process to the primary (DB_POOL_MAX) and to the replica (READ_DB_POOL_MAX). */
  dbPoolMax: number;
  readPoolMax: number;
  /** Server processes on one port with DATABASE_URL (WORKERS; default the number of cores); always 1 on PGlite. */
  workers: number;
  /** Embedded database and uploads; 'memory://' keeps PGlite in memory (tests). */
  dataDir: string;
  smtpUrl: string | null;
  tokenTtlDays: number;
  /** Lifetime of the staff token the amoCRM widget gets for a disposable token (integration/amocrm/token). */
  amoTokenTtlMinutes: number;
  /** How long integration/bitrix/token waits for the Bitrix24 portal to confirm a placement's auth (BITRIX_CHECK_TIMEOUT_MS). */
  bitrixCheckTimeoutMs: number;
  trialDays: number;
  /** Confirmation codes: lifetime and how many wrong entries are allowed. */
  codeTtlMinutes: number;
  codeAttempts: number;
  /** Codes one address may be sent per hour (CODES_PER_HOUR): no mail bombing. */
  codesPerHour: number;
  /** Wrong code entries per login per hour across all its codes (CODE_GUESSES_PER_HOUR), then a cool-down. */
  codeGuessesPerHour: number;
  /** Requests per minute per client address on every route that sends or takes a code (CODE_RATE_LIMIT). */
  codeRateLimit: number;
  /** Password hashes running at once (HASH_CONCURRENCY) and waiting (HASH_QUEUE); past that 503 at once. */
  hashConcurrency: number;
  hashQueue: number;
  /** Sign-in attempts per minute per address and login. */
  loginRateLimit: number;
  /** How long a resolved token is reused without a database lookup (0 turns the cache off). */
  sessionCacheMs: number;
  /** Public customers' password codes: mails per e-mail per hour, and requests per address per hour. */
  publicPasswordMailsPerHour: number;
  publicPasswordRequestsPerIp: number;
  /** Live sessions one public link may have; opening one more ends the oldest. */
  publicLinkSessions: number;
  /** Files public callers upload: bytes in all per account, and files per hour per customer (or per anonymous link). */
  publicUploadQuotaBytes: number;
  publicUploadsPerHour: number;
  /** Background tasks one process runs at once (TASK_WORKERS). */
  taskWorkers: number;
  /** A running task whose process has not beaten for this long is taken as dead and run again (TASK_STALE_SECONDS). */
  taskStaleSeconds: number;
  /** Data rows one import file may hold (IMPORT_MAX_ROWS); the refusal names the number. */
  importMaxRows: number;
  /** Products an export answers at once (EXPORT_DIRECT_ROWS); a bigger export runs as a task, downloaded from the task center. */
  exportDirectRows: number;
  rootDir: string;
  migrationsDir: string;
  /** The migrated empty PGlite folder the build makes (server/db/baseDataDir.ts); a fresh data folder starts as its copy. */
  baseDataDir: string;
  shellDir: string;
  widgetFile: string;
  logLevel: string;
  /** Telegram sign-in (TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_NAME): without both the option is hidden and refused. */
  telegramBotToken: string | null;
  telegramBotName: string | null;
  /**
   * Issue 18: the key that seals CRM tokens at rest (INTEGRATION_KEY, 32 bytes as base64 or hex). Without it a key file
   * in dataDir is made once (in memory for memory:// data); several processes or hosts must share INTEGRATION_KEY.
   */
  integrationKey: string | null;
  /** Our own address as CRMs and 1C reach it (PUBLIC_URL), for OAuth redirect and webhook addresses; default http://host:port. */
  publicUrl: string | null;
  /** Issue 18 §4: the payment providers' API hosts (YOOKASSA_API_URL, STRIPE_API_URL); tests point them at local fakes. */
  yookassaApiUrl: string;
  stripeApiUrl: string;
}

function number(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
}

/**
 * Connections per process when DB_POOL_MAX / READ_DB_POOL_MAX are not set: about two busy connections per core over
 * all the processes, at least 4 a process (a request may run two statements side by side, a background task holds one
 * for its chunk), at most 10. More than the cores can run only makes PostgreSQL's backends share them: each statement
 * then takes as long as the slowest running beside it, where a statement queued in the pool waits its turn and runs at
 * full speed. bench:stock on 2 cores, one process, 16 connections, pool 10 → 4: about the same requests a second, p95
 * of the search page 91–105 → 74–80 ms, of the category page 67–92 → 49–56 ms (bench/results/stock-list-2026-11-27.md).
 */
export function defaultPoolMax(cores: number, workers: number): number {
  return Math.min(10, Math.max(4, Math.ceil((2 * cores) / workers)));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const rootDir = findRoot();
  const workers = env.DATABASE_URL ? Math.max(1, Math.floor(number(env.WORKERS, availableParallelism()))) : 1;
  const poolMax = defaultPoolMax(availableParallelism(), workers);
  return {
    port: number(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    readDatabaseUrl: env.READ_DATABASE_URL || null,
    listenDatabaseUrl: env.LISTEN_DATABASE_URL || null,
    dbPoolMax: number(env.DB_POOL_MAX, poolMax),
    readPoolMax: number(env.READ_DB_POOL_MAX, poolMax),
    workers,
    dataDir: env.DATA_DIR ? resolve(env.DATA_DIR) : join(rootDir, 'data'),
    smtpUrl: env.SMTP_URL || null,
    tokenTtlDays: number(env.TOKEN_TTL_DAYS, 30),
    amoTokenTtlMinutes: number(env.AMO_TOKEN_TTL_MINUTES, 10),
    bitrixCheckTimeoutMs: number(env.BITRIX_CHECK_TIMEOUT_MS, 4000),
    trialDays: number(env.TRIAL_DAYS, 14),
    codeTtlMinutes: number(env.CODE_TTL_MINUTES, 15),
    codeAttempts: number(env.CODE_ATTEMPTS, 5),
    codesPerHour: number(env.CODES_PER_HOUR, 5),
    codeGuessesPerHour: number(env.CODE_GUESSES_PER_HOUR, 10),
    codeRateLimit: number(env.CODE_RATE_LIMIT, 20),
    hashConcurrency: number(env.HASH_CONCURRENCY, 2),
    hashQueue: number(env.HASH_QUEUE, 32),
    loginRateLimit: number(env.LOGIN_RATE_LIMIT, 10),
    sessionCacheMs: number(env.SESSION_CACHE_MS, 5000),
    publicPasswordMailsPerHour: number(env.PUBLIC_PASSWORD_MAILS_PER_HOUR, 3),
    publicPasswordRequestsPerIp: number(env.PUBLIC_PASSWORD_REQUESTS_PER_IP, 20),
    publicLinkSessions: number(env.PUBLIC_LINK_SESSIONS, 5),
    publicUploadQuotaBytes: number(env.PUBLIC_UPLOAD_QUOTA_BYTES, 200 * 1024 * 1024),
    publicUploadsPerHour: number(env.PUBLIC_UPLOADS_PER_HOUR, 20),
    taskWorkers: number(env.TASK_WORKERS, 2),
    taskStaleSeconds: number(env.TASK_STALE_SECONDS, 30),
    importMaxRows: number(env.IMPORT_MAX_ROWS, 100_000),
    exportDirectRows: number(env.EXPORT_DIRECT_ROWS, 5000),
    rootDir,
    migrationsDir: join(rootDir, 'server', 'db', 'migrations'),
    baseDataDir: join(rootDir, 'dist', 'pglite-base'),
    shellDir: join(rootDir, 'dist', 'shell'),
    widgetFile: join(rootDir, 'dist', 'widget.js'),
    logLevel: env.LOG_LEVEL || 'info',
    telegramBotToken: env.TELEGRAM_BOT_TOKEN || null,
    telegramBotName: env.TELEGRAM_BOT_NAME || null,
    integrationKey: env.INTEGRATION_KEY || null,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    yookassaApiUrl: env.YOOKASSA_API_URL || 'https://api.yookassa.ru',
    stripeApiUrl: env.STRIPE_API_URL || 'https://api.stripe.com',
    ...overrides,
  };
}
