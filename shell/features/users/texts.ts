import { rights, settings, users } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

registerTexts({ users, rights, settings });
