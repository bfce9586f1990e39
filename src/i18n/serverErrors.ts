import { serverErrors } from '../../locales/en.json';
import { registerTexts, translateDynamic } from './index';

// Loaded by the failure notice's chunk and by the screens that show a refusal in a form, never by the first load.
registerTexts({ serverErrors });

/**
 * The text of a server refusal in the user's language: the server's texts are English, so a refusal that carries a
 * `code` known to locales (serverErrors.<code>) is shown translated; any other keeps the server's own text.
 */
export function serverErrorText(body: unknown): string {
  const { code, error, message } = (body ?? {}) as { code?: unknown; error?: unknown; message?: unknown };
  if (typeof code === 'string' && Object.hasOwn(serverErrors, code)) return translateDynamic(`serverErrors.${code}`);
  return (typeof error === 'string' && error) || (typeof message === 'string' && message) || '';
}
