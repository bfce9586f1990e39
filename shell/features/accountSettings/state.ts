import { updateAccount } from '../../../src/api/account';
import { errorText } from '../../../src/api/transport';
import type { MessageKey } from '../../../src/i18n';
import { loadAccount } from '../../../src/stores/account';

export type SettingsStep = { ok: true } | { ok: false; messageKey: MessageKey; serverText?: string };

/**
 * Account settings → general: the account's name and country (an ISO 3166 code, or null for none).
 * The account store is reloaded afterwards, so every screen shows what the server now holds.
 */
export async function saveAccountGeneral(input: { name: string; country: string | null }): Promise<SettingsStep> {
  const name = input.name.trim();
  if (!name) return { ok: false, messageKey: 'validation.empty' };
  const result = await updateAccount({ name, country: input.country || null });
  if (!result.ok) {
    const text = errorText(result.data);
    return text ? { ok: false, messageKey: 'errors.somethingWrong', serverText: text } : { ok: false, messageKey: 'errors.somethingWrong' };
  }
  await loadAccount({ force: true });
  return { ok: true };
}
