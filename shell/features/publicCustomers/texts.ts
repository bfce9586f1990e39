import { business } from '../../../locales/en.json';
import { registerTexts } from '../../../src/i18n';

// The public customers' texts are part of the business-process namespace (issue 17 §4).
registerTexts({ business });
