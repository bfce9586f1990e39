import { deals } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The Deals screen's texts: its own namespace, loaded with the screen, not in the first load.
registerTexts({ deals });
