import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Real server processes (server/main.ts through tsx) on the PostgreSQL of DATABASE_URL: what production runs, not an in-process app. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** The pids of its cluster workers (none when WORKERS=1). */
  workers(): number[];
  call(method: 'GET' | 'POST', path: string, options?: { token?: string; body?: unknown; query?: Record<string, string | number> }): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(env: Record<string, string> = {}, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk) => (printed += chunk));
  child.stderr?.on('data', (chunk) => (printed += chunk));
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server after ${timeoutMs} ms:\n${printed}`)), timeoutMs);
    const check = setInterval(() => {
      if (printed.includes('Stockroom is running at')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before serving:\n${printed}`));
    });
  });
  const call: ServerProcess['call'] = async (method, path, options = {}) => {
    const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([key, value]) => [key, String(value)]))}` : '';
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}/api/${path}${query}`, { method, headers, signal: AbortSignal.timeout(30_000), body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Non-JSON answers stay text.
    }
    return { status: response.status, body };
  };
  return {
    url,
    child,
    output: () => printed,
    workers: () => {
      try {
        return execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
      } catch {
        return [];
      }
    },
    call,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
