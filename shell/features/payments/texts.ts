import { payments } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

registerTexts({ payments });
