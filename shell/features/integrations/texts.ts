import { integrations } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The three integration screens read only their own namespace; it is not in the first load.
registerTexts({ integrations });
