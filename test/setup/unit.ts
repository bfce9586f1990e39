import { afterEach } from 'vitest';

// React's act() warns unless the environment declares it supports act.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});
