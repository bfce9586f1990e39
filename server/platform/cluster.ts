import cluster, { type Worker } from 'node:cluster';

/**
 * WORKERS=N server processes on one port (Node's cluster module: the primary accepts connections and hands
 * them to the workers in turn). The primary serves nothing and holds no database connection: it prepares
 * the database once (so N processes do not race their migrations), forks, replaces a worker that dies, and
 * on SIGTERM/SIGINT asks every worker to finish its requests and waits for them.
 */

/** A worker that dies this soon after starting, this many times in a row, means a broken start: stop replacing. */
const CRASH_LOOP_MS = 5_000;
const CRASH_LOOP_LIMIT = 5;
/** How long a stop waits for workers to close before killing them. */
const STOP_WAIT_MS = 20_000;

export interface PrimaryOptions {
  workers: number;
  log(line: string): void;
  /** Called once, when every first worker listens (its address). */
  onListening?(address: string): void;
}

/** Runs in the primary; resolves when every worker has stopped after a signal. */
export function runPrimary(options: PrimaryOptions): Promise<number> {
  let stopping = false;
  let quickDeaths = 0;
  const started = new Map<Worker, number>();
  let listening = 0;
  let announced = false;

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    worker.on('listening', (address) => {
      listening += 1;
      if (!announced && listening >= options.workers) {
        announced = true;
        options.onListening?.(`http://${address.address ?? '127.0.0.1'}:${address.port}`);
      }
    });
  };

  return new Promise((resolve) => {
    cluster.on('exit', (worker, code, signal) => {
      const lived = Date.now() - (started.get(worker) ?? 0);
      started.delete(worker);
      if (stopping) {
        if (started.size === 0) resolve(0);
        return;
      }
      quickDeaths = lived < CRASH_LOOP_MS ? quickDeaths + 1 : 0;
      options.log(`worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}) after ${lived} ms`);
      if (quickDeaths >= CRASH_LOOP_LIMIT) {
        options.log(`workers keep dying at start (${quickDeaths} in a row): stopping`);
        stop('crash loop', 1);
        return;
      }
      fork();
    });

    let exitCode = 0;
    const stop = (why: string, code = 0) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      options.log(`${why}: stopping ${started.size} workers`);
      if (started.size === 0) resolve(exitCode);
      for (const worker of started.keys()) worker.process.kill('SIGTERM');
      setTimeout(() => {
        for (const worker of started.keys()) worker.process.kill('SIGKILL');
      }, STOP_WAIT_MS).unref();
    };
    cluster.on('exit', () => {
      if (stopping && started.size === 0) resolve(exitCode);
    });
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));

    for (let index = 0; index < options.workers; index += 1) fork();
  });
}

export const isWorker = () => cluster.isWorker;
