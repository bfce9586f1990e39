import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationArea } from '../../src/ui';
import {
  $notifications,
  clearNotifications,
  notify,
  NOTIFICATION_SHOW_DELAY_MS,
  type Notification,
} from '../../src/stores/notifications';
import { all, click, get, render } from './render';

function sample(id: number, type: Notification['type'], show = true): Notification {
  return { id, type, header: `Header ${id}`, text: `Text ${id}`, show };
}

afterEach(() => {
  act(() => clearNotifications());
  vi.useRealTimers();
});

describe('NotificationArea', () => {
  it("a notice's action (the task center's 'Open the task center') is a button that runs it and closes the notice", () => {
    const run = vi.fn();
    act(() => $notifications.set([{ ...sample(7, 1), action: { label: 'Open the task center', run } }, sample(8, 0)]));
    const { container } = render(<NotificationArea />);
    expect(all(container, '.ui-notification__action')).toHaveLength(1);
    const button = get(container, '[data-notification-id="7"] .ui-notification__action');
    expect(button.textContent).toBe('Open the task center');
    act(() => click(button));
    expect(run).toHaveBeenCalledTimes(1);
    expect($notifications.get().map((n) => n.id)).toEqual([8]);
  });

  it('is a labelled area with a polite status region and an assertive alert region', () => {
    const { container } = render(<NotificationArea />);
    expect(get(container, 'section').getAttribute('aria-label')).toBe('Notifications');
    expect(get(container, '[role="status"]').getAttribute('aria-live')).toBe('polite');
    expect(get(container, '[role="alert"]').getAttribute('aria-live')).toBe('assertive');
  });

  it('renders each notification with header, text and a type class (0 info, 1 success, 2 warning, 3 error)', () => {
    act(() => $notifications.set([sample(1, 0), sample(2, 1), sample(3, 2), sample(4, 3)]));
    const { container } = render(<NotificationArea />);
    const kinds = all(container, '.ui-notification').map((el) =>
      ['info', 'success', 'warning', 'error'].find((kind) => el.classList.contains(`ui-notification--${kind}`)),
    );
    expect(kinds.sort()).toEqual(['error', 'info', 'success', 'warning']);
    const first = get(container, '[data-notification-id="1"]');
    expect(get(first, '.ui-notification__header').textContent).toBe('Header 1');
    expect(get(first, '.ui-notification__text').textContent).toBe('Text 1');
    expect(get(first, '.ui-notification__icon').getAttribute('aria-hidden')).toBe('true');
  });

  it('errors are announced assertively, other types politely', () => {
    act(() => $notifications.set([sample(1, 0), sample(2, 3), sample(3, 2)]));
    const { container } = render(<NotificationArea />);
    const ids = (selector: string) =>
      all(get(container, selector), '.ui-notification').map((el) => el.getAttribute('data-notification-id'));
    expect(ids('[role="alert"]')).toEqual(['2']);
    expect(ids('[role="status"]')).toEqual(['1', '3']);
  });

  it('stays hidden until show is true', () => {
    vi.useFakeTimers();
    const { container } = render(<NotificationArea />);
    act(() => {
      notify({ type: 1, header: 'Saved' });
    });
    const item = get(container, '.ui-notification');
    expect(item.classList.contains('ui-notification--shown')).toBe(false);
    act(() => vi.advanceTimersByTime(NOTIFICATION_SHOW_DELAY_MS));
    expect(item.classList.contains('ui-notification--shown')).toBe(true);
  });

  it('the close button calls closeNotification and removes it', () => {
    act(() => $notifications.set([sample(1, 0), sample(2, 1)]));
    const { container } = render(<NotificationArea />);
    const close = get(get(container, '[data-notification-id="1"]'), 'button');
    expect(close.getAttribute('aria-label')).toBe('Close: Header 1');
    click(close);
    expect($notifications.get().map((n) => n.id)).toEqual([2]);
    expect(container.querySelector('[data-notification-id="1"]')).toBeNull();
  });

  it('a notification without text shows only its header', () => {
    act(() => $notifications.set([{ ...sample(1, 0), text: '' }]));
    const { container } = render(<NotificationArea />);
    expect(container.querySelector('.ui-notification__text')).toBeNull();
  });

  it("rule: a notification's action (an archive's Undo) is a button that closes the notification and runs it", () => {
    const run = vi.fn();
    act(() => {
      notify({ type: 1, header: 'Order #7 archived', action: { label: 'Undo', run } });
    });
    const { container } = render(<NotificationArea />);
    const undo = get(container, '.ui-notification__action') as HTMLButtonElement;
    expect(undo.tagName).toBe('BUTTON');
    expect(undo.textContent).toBe('Undo');
    click(undo);
    expect(run).toHaveBeenCalledTimes(1);
    expect($notifications.get()).toEqual([]);
  });
});
