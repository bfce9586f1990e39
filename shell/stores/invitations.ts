import { atom, computed } from 'nanostores';
import { listInvitations } from '../../src/api/account';
import type { UserInvitation } from '../../src/contract/account';
import { $token } from '../../src/stores/session';
import { persistentAtom } from '../../src/stores/storage';

/**
 * The token auth/login gave with scope 'invitations' (it opens only the invitation calls). Kept as the token
 * itself, so the mark survives a reload yet never applies to any other token: a new sign-in, a ?token=… link or
 * a host's token is an ordinary session without anyone having to clear the mark first.
 */
export const INVITATIONS_ONLY_KEY = 'TOKEN_INVITATIONS_ONLY';
const $invitationsOnlyToken = persistentAtom(INVITATIONS_ONLY_KEY);

/** The saved token opens only the user's invitations: the shell shows /invitations instead of the app. */
export const $invitationsOnly = computed([$token, $invitationsOnlyToken], (token, scoped) => token !== null && token === scoped);

/** Marks a token as invitations-only (before it is saved, so it is never taken for an ordinary session); null clears the mark. */
export function markInvitationsOnly(token: string | null): void {
  $invitationsOnlyToken.set(token);
}

export interface InvitationsState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  list: readonly UserInvitation[];
}

const EMPTY: InvitationsState = { status: 'idle', list: [] };
export const $invitations = atom<InvitationsState>(EMPTY);

let loading: Promise<InvitationsState> | null = null;

/** Loads the user's pending invitations; the list shown so far stays until the answer comes. */
export function loadInvitations(): Promise<InvitationsState> {
  $invitations.set({ ...$invitations.get(), status: 'loading' });
  const request: Promise<InvitationsState> = listInvitations().then((result) => {
    // Only the newest request may write (see loadAccount): a reset or a later load drops this answer.
    if (loading !== request) return $invitations.get();
    loading = null;
    $invitations.set(result.ok ? { status: 'ready', list: result.data } : { ...$invitations.get(), status: 'failed' });
    return $invitations.get();
  });
  loading = request;
  return request;
}

/** Forgets the list (sign-in, log out); an answer still on its way is ignored. */
export function resetInvitations(): void {
  loading = null;
  $invitations.set(EMPTY);
}
