import { import as importTexts } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The import overlay shows the import texts.
registerTexts({ import: importTexts });
