import { app, controls, currency, demo, errors, home, languages, nav, success, validation, warnings } from '../../locales/en.json';
import { registerTexts } from './index';

/**
 * The English namespaces the shell frame and the shared core (src/) show on every screen.
 * Screens register their own namespaces in their feature's texts.ts.
 */
export const CORE_NAMESPACES = ['app', 'controls', 'currency', 'demo', 'errors', 'home', 'languages', 'nav', 'success', 'validation', 'warnings'] as const;

registerTexts({ app, controls, currency, demo, errors, home, languages, nav, success, validation, warnings });
