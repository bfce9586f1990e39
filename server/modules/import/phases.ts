/**
 * Where an import's time goes, for the benchmark (bench/import.server.ts): the run and the writer mark their phases
 * here; with no clock set (the server) each mark is one null check.
 */

export type ImportPhase = 'check' | 'catalogue' | 'read' | 'plan' | 'recall' | 'categories' | 'limits' | 'insert' | 'update' | 'arrivals' | 'statistics' | 'report';

export interface PhaseClock {
  /** Called when a phase starts; the answer is called when it ends. */
  start(phase: ImportPhase): () => void;
}

let clock: PhaseClock | null = null;

export function setImportClock(next: PhaseClock | null): void {
  clock = next;
}

export async function timed<T>(phase: ImportPhase, work: () => Promise<T>): Promise<T> {
  if (!clock) return work();
  const end = clock.start(phase);
  try {
    return await work();
  } finally {
    end();
  }
}

export function timedSync<T>(phase: ImportPhase, work: () => T): T {
  if (!clock) return work();
  const end = clock.start(phase);
  try {
    return work();
  } finally {
    end();
  }
}

/** The rows of a file, the time spent reading each counted as 'read'. */
export async function* timedRows<T>(rows: AsyncGenerator<T>): AsyncGenerator<T> {
  if (!clock) return yield* rows;
  for (;;) {
    const end = clock.start('read');
    const next = await rows.next();
    end();
    if (next.done) return;
    yield next.value;
  }
}
