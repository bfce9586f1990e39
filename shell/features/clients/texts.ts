import { clients, orders } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The customers screen shows its own texts and, in a card's order history, the CRM order statuses.
registerTexts({ clients, orders });
