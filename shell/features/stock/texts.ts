import { stock } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The stock screen and its overlays (product editor, arrival, write-off, move, price edit) show the stock texts.
registerTexts({ stock });
