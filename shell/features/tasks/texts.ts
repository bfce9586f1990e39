import { tasks } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

registerTexts({ tasks });
