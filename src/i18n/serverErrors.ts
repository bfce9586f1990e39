import { serverErrors } from '../../locales/en.json';
import { activeLanguage, type MessageParams, registerTexts, translateDynamic } from './index';

// Loaded by the failure notice's chunk and by the screens that show a refusal in a form, never by the first load.
registerTexts({ serverErrors });

/**
 * The text of a server refusal in the user's language: the server's texts are English, so a refusal that carries a
 * `code` known to locales (serverErrors.<code>) is shown translated, with its `params` (figures) filled in; any
 * other keeps the server's own text.
 */
export function serverErrorText(body: unknown): string {
  const { code, error, message, params } = (body ?? {}) as { code?: unknown; error?: unknown; message?: unknown; params?: unknown };
  if (typeof code === 'string' && Object.hasOwn(serverErrors, code)) return translateDynamic(`serverErrors.${code}`, figuresOf(params));
  return (typeof error === 'string' && error) || (typeof message === 'string' && message) || '';
}

/**
 * The refusal's figures (a plan's name, a limit, a count) for its text, numbers written as the server writes them in
 * that language ('1,000' / '1 000', server/http/refusal.ts); anything but a string or a number is left out.
 */
function figuresOf(params: unknown): MessageParams {
  const figures: MessageParams = {};
  const locale = activeLanguage() === 'ru' ? 'ru-RU' : 'en-US';
  if (params && typeof params === 'object') {
    for (const [key, value] of Object.entries(params)) {
      if (typeof value === 'string') figures[key] = value;
      else if (typeof value === 'number') figures[key] = value.toLocaleString(locale);
    }
  }
  return figures;
}
