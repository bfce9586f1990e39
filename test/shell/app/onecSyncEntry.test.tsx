import { describe, expect, it } from 'vitest';
import HomeMenuList from '../../../shell/app/HomeMenuList';
import { SYNC_TARGETS } from '../../../shell/app/syncRegistry';
import { all, render } from '../../ui/render';

const noop = () => undefined;

describe('home menu: stock sync with the accounting system (issue 18 §3)', () => {
  it('rule: the accounting entry is registered and opens the 1C settings screen, where the sync is started', () => {
    expect(SYNC_TARGETS.accounting).toEqual({ path: '/integrations/1c' });
    const { container } = render(<HomeMenuList id="menu" onClose={noop} />);
    const group = container.querySelector('[role="group"][aria-label="Product synchronisation"]');
    expect(all(group as HTMLElement, '[role="menuitem"]').map((item) => item.textContent)).toContain('Stock sync with the accounting system');
  });
});
