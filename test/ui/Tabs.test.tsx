import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { addressOfTab, Tabs, tabOfAddress } from '../../src/ui/Tabs';
import { press, render } from './render';

const TABS = [
  { key: 'one', label: 'One' },
  { key: 'two', label: 'Two' },
  { key: 'three', label: 'Three' },
] as const;

function Probe() {
  const [selected, setSelected] = useState<(typeof TABS)[number]['key']>('one');
  return (
    <Tabs tabs={TABS} selected={selected} onSelect={setSelected} label="Parts" idPrefix="probe">
      <p>panel {selected}</p>
    </Tabs>
  );
}

describe('Tabs: the shared ARIA tabs control', () => {
  const tabs = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[role="tab"]')];
  const selectedName = (container: HTMLElement) => container.querySelector('[role="tab"][aria-selected="true"]')?.textContent;

  it('rule: arrow keys move (wrapping), Home and End jump; the chosen tab is focused, is the only tab stop and labels the panel', () => {
    const { container } = render(<Probe />);
    expect(container.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Parts');
    const steps: [string, string][] = [
      ['ArrowRight', 'Two'],
      ['ArrowRight', 'Three'],
      ['ArrowRight', 'One'],
      ['ArrowLeft', 'Three'],
      ['Home', 'One'],
      ['End', 'Three'],
    ];
    for (const [key, expected] of steps) {
      const event = press(document.activeElement === document.body ? tabs(container)[0] : (document.activeElement as HTMLElement), key);
      expect(event.defaultPrevented).toBe(true);
      expect(selectedName(container)).toBe(expected);
      expect(document.activeElement?.textContent).toBe(expected);
      expect(tabs(container).map((tab) => tab.tabIndex)).toEqual(TABS.map((each) => (each.label === expected ? 0 : -1)));
      const panel = container.querySelector('[role="tabpanel"]')!;
      expect(panel.getAttribute('aria-labelledby')).toBe(document.activeElement?.id);
      expect(document.activeElement?.getAttribute('aria-controls')).toBe(panel.id);
    }
    expect(press(tabs(container)[2], 'a').defaultPrevented).toBe(false);
    expect(selectedName(container)).toBe('Three');
  });

  it('rule: the address names a tab other than the first; the first, or a tab it does not know, is the bare path', () => {
    expect(tabOfAddress(TABS, 'tab=two').key).toBe('two');
    expect(tabOfAddress(TABS, 'tab=nonsense').key).toBe('one');
    expect(tabOfAddress(TABS, '').key).toBe('one');
    expect(addressOfTab(TABS, '/parts', 'three')).toBe('/parts?tab=three');
    expect(addressOfTab(TABS, '/parts', 'one')).toBe('/parts');
  });
});
