import { errorPages } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// What the error pages tell the user to do, and their ways back: only these lazy screens show them.
registerTexts({ errorPages });
