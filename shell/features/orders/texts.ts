import { archive, clients, done, orders, ordersTotal, positions } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The customer search in the filter shows the clients area's 'Searching…'; the row menu's 'Archive order' is the
// archive area's and the toolbar's link to /positions the positions area's; successes name the order (done).
registerTexts({ orders, ordersTotal, clients, archive, positions, done });
