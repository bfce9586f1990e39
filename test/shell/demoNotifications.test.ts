import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_NOTIFICATION_GAP_MS, playDemoNotifications } from '../../shell/app/DemoNotifications';
import { $notifications } from '../../src/stores/notifications';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  $notifications.set([]);
});

describe('?test=notifications demo', () => {
  it('plays four samples, one of each type, 400 ms apart', () => {
    playDemoNotifications();
    const types = () => $notifications.get().map((n) => n.type);
    vi.advanceTimersByTime(0);
    expect(types()).toEqual([0]);
    vi.advanceTimersByTime(DEMO_NOTIFICATION_GAP_MS - 1);
    expect(types()).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(types()).toEqual([0, 1]);
    vi.advanceTimersByTime(2 * DEMO_NOTIFICATION_GAP_MS);
    expect(types()).toEqual([0, 1, 2, 3]);
    expect(DEMO_NOTIFICATION_GAP_MS).toBe(400);
  });
});
