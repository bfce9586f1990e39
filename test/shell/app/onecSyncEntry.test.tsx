import { describe, expect, it } from 'vitest';
import HomeMenuList from '../../../shell/app/HomeMenuList';
import { SYNC_TARGETS } from '../../../shell/app/syncRegistry';
import { all, render } from '../../ui/render';

const noop = () => undefined;

describe('home menu: stock sync with the accounting system (issue 18 §3)', () => {
  it('rule: the accounting entry is registered and starts the sync of the connected accounting system (1C) itself', () => {
    // The same starter as the CRM entries: it finds what the account connected (1C for accounting) and starts its task.
    expect(SYNC_TARGETS.accounting).toBe(SYNC_TARGETS.crmToWarehouse);
    expect(SYNC_TARGETS.accounting && 'start' in SYNC_TARGETS.accounting).toBe(true);
    const { container } = render(<HomeMenuList id="menu" onClose={noop} />);
    const group = container.querySelector('[role="group"][aria-label="Product synchronisation"]');
    expect(all(group as HTMLElement, '[role="menuitem"]').map((item) => item.textContent)).toContain('Stock sync with the accounting system');
  });
});
