import { clients, orders } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The customer search in the filter shows the clients area's 'Searching…'.
registerTexts({ orders, clients });
