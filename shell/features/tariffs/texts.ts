import { tariffConnect, tariffs } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

registerTexts({ tariffs, tariffConnect });
