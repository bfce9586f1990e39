import { archive, settings } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The archive section names the archive screen's tabs by that screen's own texts.
registerTexts({ settings, archive });
