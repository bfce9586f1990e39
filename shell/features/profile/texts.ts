import { profile, telegram } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

registerTexts({ profile, telegram });
