import { orders, positions } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The positions screen shows its own texts and, from the orders area, CRM status names, order names and the pager's words.
registerTexts({ positions, orders });
