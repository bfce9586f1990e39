import { archive, clients, documents, order, orders, print } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The deal screen shows its own texts, the documents and client tabs' and, from the orders area, the
// new-order name and the CRM status names; the header's archive actions, from the archive area; its Print action.
registerTexts({ order, orders, clients, documents, archive, print });
