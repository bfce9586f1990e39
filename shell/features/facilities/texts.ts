import { clients, facilities, validation } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The facilities screen shows its own texts, the shared 'Empty field' of its name input, and the customer
// search's texts (its company and contact choices use src/ui/CustomerSearch).
registerTexts({ facilities, validation, clients });
