import { clients, done, orders } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The customers screen shows its own texts and, in a card's order history, the CRM order statuses; a delete's success says what was deleted (done).
registerTexts({ clients, orders, done });
