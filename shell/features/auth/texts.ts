import { auth, profile, telegram } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

registerTexts({ auth, profile, telegram });
