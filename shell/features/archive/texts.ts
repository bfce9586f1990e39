import { archive, orders } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The archive shows its own texts and, for archived orders, the orders area's new-order name.
registerTexts({ archive, orders });
