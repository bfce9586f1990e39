import { orders, publicOrder } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// orders: the 'New order #id' name of an order without one.
registerTexts({ orders, publicOrder });
