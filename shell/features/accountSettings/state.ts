import { updateAccount } from '../../../src/api/account';
import { serverErrorText } from '../../../src/i18n/serverErrors';
import type { MessageKey } from '../../../src/i18n';
import { loadAccount } from '../../../src/stores/account';

export type SettingsStep = { ok: true } | { ok: false; messageKey: MessageKey; serverText?: string };

export interface GeneralInput {
  name: string;
  country: string | null;
  /** Sent only when given: the form gives them only when changed. */
  separate_rights?: boolean;
  /** The start page ('/' and a fresh sign-in land there); null is the default. */
  landing_path?: string | null;
}

/**
 * Account settings → general: the account's name and country (an ISO 3166 code, or null for none), the 'separate
 * rights' option and the start page. The account store is reloaded afterwards, so every screen shows what the
 * server now holds (the guard reads the start page from it).
 */
export async function saveAccountGeneral(input: GeneralInput): Promise<SettingsStep> {
  const name = input.name.trim();
  if (!name) return { ok: false, messageKey: 'validation.empty' };
  const result = await updateAccount({
    name,
    country: input.country || null,
    ...(input.separate_rights !== undefined && { separate_rights: input.separate_rights }),
    ...(input.landing_path !== undefined && { landing_path: input.landing_path || null }),
  });
  if (!result.ok) {
    const text = serverErrorText(result.data);
    return text ? { ok: false, messageKey: 'errors.somethingWrong', serverText: text } : { ok: false, messageKey: 'errors.somethingWrong' };
  }
  await loadAccount({ force: true });
  return { ok: true };
}
