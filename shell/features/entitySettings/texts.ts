import { entitySettings, settings } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The entity settings panels show their own texts and the settings section names and stage rule texts.
registerTexts({ entitySettings, settings });
