import { documents } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The registry, the documents settings section and the 'document settings' overlay read only their own namespace.
registerTexts({ documents });
