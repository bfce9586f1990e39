// React's act; test/widget/vitest.config.ts swaps this module for preact/test-utils, as the widget renders with Preact.
export { act } from 'react';
