import { facilities, validation } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The facilities screen shows its own texts and the shared 'Empty field' of its name input.
registerTexts({ facilities, validation });
