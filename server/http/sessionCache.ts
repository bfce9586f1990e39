import type { Caller } from '../auth/sessions';
import type { Notifier } from '../platform/notify';

/**
 * Resolved callers, kept for a few seconds so that a burst of reads (autocomplete on every
 * keystroke, the table's pages) does not pay a database round trip each for the same token.
 *
 * Correctness rule: a cached caller is never used after any request that may change accounts,
 * users, memberships or tokens has been answered in this process. Every route not marked
 * `reads: true` bumps the epoch before its answer leaves, and an entry is only good for the epoch
 * in which its lookup *started*, so a lookup racing a write is not kept. Changes made elsewhere (another
 * server process, manual SQL) reach it as a 'sessions' signal that the database's triggers send at the
 * commit of any change of those tables (server/platform/notify.ts), which invalidates the same way; while
 * those signals may be missed (`follow` with a notifier that is not live) nothing is cached at all. The
 * short lifetime bounds what remains: a token expiring, a signal still on its way.
 */
export class SessionCache {
  private readonly entries = new Map<string, { caller: Caller; epoch: number; until: number; expiresAt: number }>();
  private epoch = 0;
  private live: () => boolean = () => true;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The epoch to pass to `set` for a lookup starting now. */
  begin(): number {
    return this.epoch;
  }

  /** Invalidates on every signal of the other processes' writes, and caches only while those signals arrive. */
  follow(notifier: Pick<Notifier, 'live' | 'subscribe'>): () => void {
    this.live = () => notifier.live;
    return notifier.subscribe('sessions', () => this.invalidate());
  }

  get(tokenHash: string, now = Date.now()): Caller | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.epoch !== this.epoch || now >= entry.until || now >= entry.expiresAt) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.caller;
  }

  set(tokenHash: string, caller: Caller, expiresAt: Date, epoch: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || epoch !== this.epoch || !this.live()) return;
    // Map keeps insertion order: dropping the oldest keeps memory bounded under many tokens.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { caller, epoch, until: now + this.ttlMs, expiresAt: expiresAt.getTime() });
  }

  /** Something may have changed: every cached caller must be looked up again. */
  invalidate(): void {
    this.epoch += 1;
    this.entries.clear();
  }
}
