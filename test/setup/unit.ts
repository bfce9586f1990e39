import en from '../../locales/en.json';
import { registerTexts } from '../../src/i18n';

// Component tests see every English text; test/unit/textRegistration.test.ts checks that each bundle registers the namespaces it shows.
registerTexts(en);
import { afterEach } from 'vitest';

// React's act() warns unless the environment declares it supports act.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});
