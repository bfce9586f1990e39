import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notifications, closeNotification, NOTIFICATION_HIDE_MS, notify } from '../../../src/stores/notifications';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  $notifications.set([]);
});

describe('notifications store', () => {
  it('a notification appears shortly after being added (show turns true)', () => {
    notify({ type: 1, header: 'Saved' });
    expect($notifications.get()[0]).toMatchObject({ type: 1, header: 'Saved', text: '', show: false });
    vi.advanceTimersByTime(100);
    expect($notifications.get()[0].show).toBe(true);
  });

  it('hides after 8000 ms, not before', () => {
    notify({ type: 0, header: 'Info', text: 'x' });
    vi.advanceTimersByTime(NOTIFICATION_HIDE_MS - 1);
    expect($notifications.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notifications.get()).toHaveLength(0);
  });

  it('closing removes only that notification and cancels its timers', () => {
    const first = notify({ type: 2, header: 'A' });
    notify({ type: 3, header: 'B' });
    const timersBefore = vi.getTimerCount();
    closeNotification(first);
    expect(vi.getTimerCount()).toBe(timersBefore - 2);
    expect($notifications.get().map((n) => n.header)).toEqual(['B']);
    vi.advanceTimersByTime(NOTIFICATION_HIDE_MS);
    expect($notifications.get()).toHaveLength(0);
  });
});
