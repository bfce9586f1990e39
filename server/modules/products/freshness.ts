import { refusal } from '../../http/refusal';

type Stamped = { updatedAt: Date };

/**
 * A product's updated_at is its version: a save that names the one it loaded is refused (409, nothing
 * written) when the stored one differs, so a second editor cannot silently overwrite the first. Compared
 * as the API shows it (ISO, milliseconds), which is what the client read.
 */
export function requireUnchangedSince(current: Stamped, loaded: string | undefined): void {
  if (loaded === undefined) return;
  const stored = current.updatedAt.toISOString();
  if (stored !== loaded) throw refusal(409, 'staleProduct', undefined, { updated_at: stored });
}

/** A new stamp that differs from the stored one even within its millisecond, so every save makes the old version stale. */
export const nextStamp = (current: Stamped): Date => new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
