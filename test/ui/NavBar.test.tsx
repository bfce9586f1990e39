import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NavBar, useNavBarState, type NavBarControls, type NavBarItem, type NavBarState } from '../../src/ui';
import { all, get, render } from './render';

const ITEMS: NavBarItem[] = [
  { href: '#/orders', label: 'Orders', current: true },
  { href: '#/documents', label: 'Documents' },
];

function clickLink(link: HTMLElement): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  act(() => {
    link.dispatchEvent(event);
  });
  return event;
}

describe('NavBar', () => {
  it('is a labelled navigation landmark of links, marking the current page', () => {
    const { container } = render(<NavBar label="Main navigation" items={ITEMS} />);
    const nav = get(container, 'nav');
    expect(nav.getAttribute('aria-label')).toBe('Main navigation');
    const links = all<HTMLAnchorElement>(container, 'a');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['#/orders', '#/documents']);
    expect(links[0].getAttribute('aria-current')).toBe('page');
    expect(links[1].hasAttribute('aria-current')).toBe(false);
  });

  it('enabled: links are focusable and clicking reports the item', () => {
    const onNavigate = vi.fn();
    const { container } = render(<NavBar label="Nav" items={ITEMS} state="enabled" onNavigate={onNavigate} />);
    const link = all<HTMLAnchorElement>(container, 'a')[1];
    expect(link.hasAttribute('tabindex')).toBe(false);
    expect(link.hasAttribute('aria-disabled')).toBe(false);
    clickLink(link);
    expect(onNavigate).toHaveBeenCalledOnce();
    expect(onNavigate.mock.calls[0][0]).toBe(ITEMS[1]);
  });

  it('disabled: links are aria-disabled, out of the tab order and not followed', () => {
    const onNavigate = vi.fn();
    const { container } = render(<NavBar label="Nav" items={ITEMS} state="disabled" onNavigate={onNavigate} />);
    expect(get(container, 'nav').classList.contains('ui-navbar--disabled')).toBe(true);
    for (const link of all<HTMLAnchorElement>(container, 'a')) {
      expect(link.getAttribute('aria-disabled')).toBe('true');
      expect(link.tabIndex).toBe(-1);
      expect(clickLink(link).defaultPrevented).toBe(true);
    }
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('the disabled prop disables it too', () => {
    const { container } = render(<NavBar label="Nav" items={ITEMS} disabled />);
    expect(get(container, 'a').getAttribute('aria-disabled')).toBe('true');
  });
});

function Harness({ initial, expose }: { initial?: NavBarState; expose: (state: NavBarState, controls: NavBarControls) => void }) {
  const [state, controls] = useNavBarState(initial);
  expose(state, controls);
  return <NavBar label="Nav" items={ITEMS} state={state} />;
}

describe('useNavBarState', () => {

  it('starts enabled by default and can be disabled, enabled and toggled', () => {
    let current: NavBarState = 'enabled';
    let actions: NavBarControls | undefined;
    const { container } = render(
      <Harness
        expose={(state, controls) => {
          current = state;
          actions = controls;
        }}
      />,
    );
    const disabled = () => get(container, 'a').getAttribute('aria-disabled') === 'true';
    expect(current).toBe('enabled');
    act(() => actions?.disable());
    expect(current).toBe('disabled');
    expect(disabled()).toBe(true);
    act(() => actions?.enable());
    expect(current).toBe('enabled');
    act(() => actions?.toggle());
    expect(current).toBe('disabled');
    act(() => actions?.toggle());
    expect(current).toBe('enabled');
    expect(disabled()).toBe(false);
  });

  it('takes an initial state and keeps its actions stable', () => {
    const seen = new Set<NavBarControls>();
    let toggle: (() => void) | undefined;
    render(
      <Harness
        initial="disabled"
        expose={(state, controls) => {
          seen.add(controls);
          toggle = controls.toggle;
          expect(['enabled', 'disabled']).toContain(state);
        }}
      />,
    );
    act(() => toggle?.());
    act(() => toggle?.());
    expect(seen.size).toBe(1);
  });
});
