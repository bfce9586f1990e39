import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import HomeMenuList from '../../../shell/app/HomeMenuList';
import { SYNC_TARGETS } from '../../../shell/app/syncRegistry';
import { all, render } from '../../ui/render';

const labels = (container: HTMLElement) => all(container, '[role="menuitem"], [role="menuitemradio"]').map((item) => item.textContent);
const noop = () => undefined;

// Each test starts from no registered entry (integrations register theirs at load) and restores them after.
const registered = { ...SYNC_TARGETS };
const clearTargets = () => {
  for (const kind of Object.keys(SYNC_TARGETS) as (keyof typeof SYNC_TARGETS)[]) delete SYNC_TARGETS[kind];
};
beforeEach(clearTargets);
afterEach(() => {
  clearTargets();
  Object.assign(SYNC_TARGETS, registered);
});

describe('home menu (spec §2)', () => {
  it('rule: language, task list, product import, settings, user settings, log out, in that order; no synchronisation entry before its screen is registered', () => {
    const { container } = render(<HomeMenuList id="menu" onClose={noop} />);
    expect(labels(container)).toEqual(['English', 'Русский', 'Task list', 'Product import', 'Settings', 'User settings', 'Account settings', 'Log out']);
    expect(container.querySelector('[role="group"][aria-label="Product synchronisation"]')).toBeNull();
  });

  it('rule: a synchronisation entry appears once its screen is registered (and only if that screen exists), after import and before settings', () => {
    SYNC_TARGETS.warehouseToCrm = { path: '/profile' };
    SYNC_TARGETS.accounting = { path: '/no-such-screen' };
    const { container } = render(<HomeMenuList id="menu" onClose={noop} />);
    expect(labels(container)).toEqual(['English', 'Русский', 'Task list', 'Product import', 'Warehouse to CRM', 'Settings', 'User settings', 'Account settings', 'Log out']);
    expect(container.querySelector('[role="group"][aria-label="Product synchronisation"]')?.textContent).toBe('Warehouse to CRM');
  });
});
