import { atom } from 'nanostores';
import { getPublicProfile, updatePublicProfile } from '../../../src/api/publicOrder';
import type { PublicProfile } from '../../../src/contract/publicOrder';
import { errorText } from '../../../src/api/transport';
import type { MessageKey } from '../../../src/i18n';
import { setSessionCustomer } from './publicSession';
import { $publicToken } from '../../../src/stores/session';

/** The public customer's own profile (public-order/profile): name and phone, and their password. */

export const MIN_PASSWORD_LENGTH = 6;

export type ProfileStep = { ok: true } | { ok: false; messageKey: MessageKey; serverText?: string; field?: string };

export interface PublicProfileState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  profile: PublicProfile | null;
}

const EMPTY: PublicProfileState = { status: 'idle', profile: null };
export const $publicProfile = atom<PublicProfileState>(EMPTY);

let loading: Promise<PublicProfileState> | null = null;

export function loadPublicProfile(): Promise<PublicProfileState> {
  $publicProfile.set({ ...$publicProfile.get(), status: 'loading' });
  const request: Promise<PublicProfileState> = getPublicProfile().then((result) => {
    if (loading !== request) return $publicProfile.get();
    loading = null;
    $publicProfile.set(result.ok ? { status: 'ready', profile: result.data } : { ...$publicProfile.get(), status: 'failed' });
    return $publicProfile.get();
  });
  loading = request;
  return request;
}

function stored(profile: PublicProfile): void {
  $publicProfile.set({ status: 'ready', profile });
  setSessionCustomer(profile);
}

/** The server's field message, when it names one of ours. */
function fieldOf(body: unknown): string | undefined {
  const fields = (body as { fields?: Record<string, unknown> } | undefined)?.fields;
  return fields ? Object.keys(fields)[0] : undefined;
}

/** Saves name and phone; an empty name is refused before asking the server. */
export async function savePublicProfile(changes: { name: string; phone: string }): Promise<ProfileStep> {
  const name = changes.name.trim();
  if (!name) return { ok: false, messageKey: 'validation.empty', field: 'name' };
  const result = await updatePublicProfile({ name, phone: changes.phone.trim() || null });
  if (!result.ok) return { ok: false, messageKey: 'errors.somethingWrong', serverText: errorText(result.data) || undefined, field: fieldOf(result.data) };
  stored(result.data);
  return { ok: true };
}

/**
 * Sets a new password, with its confirmation and (when one is set already) the current password. The server
 * also checks both; asking first spares a round trip and says which field is wrong in the user's language.
 */
export async function changePublicPassword(input: { current: string; password: string; confirm: string }): Promise<ProfileStep> {
  const hasPassword = $publicProfile.get().profile?.has_password ?? true;
  if (hasPassword && !input.current) return { ok: false, messageKey: 'validation.empty', field: 'current_password' };
  if (input.password.length < MIN_PASSWORD_LENGTH) return { ok: false, messageKey: 'publicOrder.passwordTooShort', field: 'password' };
  if (input.password !== input.confirm) return { ok: false, messageKey: 'publicOrder.passwordsDiffer', field: 'password_confirm' };
  const result = await updatePublicProfile({
    password: input.password,
    password_confirm: input.confirm,
    ...(hasPassword && { current_password: input.current }),
  });
  if (!result.ok) {
    const field = fieldOf(result.data);
    if (field === 'current_password') return { ok: false, messageKey: 'publicOrder.wrongCurrentPassword', field };
    return { ok: false, messageKey: 'errors.somethingWrong', serverText: errorText(result.data) || undefined, field };
  }
  stored(result.data);
  return { ok: true };
}

export function resetPublicProfile(): void {
  loading = null;
  $publicProfile.set(EMPTY);
}

$publicToken.listen(() => resetPublicProfile());
