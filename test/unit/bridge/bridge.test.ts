import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeTimeoutError, createBridge, type MessageEndpoint, type MessageTarget } from '../../../src/bridge/bridge';
import { BRIDGE_TAG, carriesToken } from '../../../src/bridge/protocol';

const HOST = 'https://crm.example.com';
const APP = 'https://app.example.com';

/**
 * Two windows joined like postMessage joins them: what one posts arrives at the other
 * as a MessageEvent carrying the sender's origin and window, asynchronously.
 */
class FakeWindow implements MessageEndpoint, MessageTarget {
  peer!: FakeWindow;
  posted: { message: unknown; targetOrigin: string }[] = [];
  private listeners = new Set<(event: MessageEvent) => void>();
  constructor(readonly origin: string) {}
  addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners.delete(listener);
  }
  /** Called by the other side: deliver to this window as coming from `from`. */
  postMessage(message: unknown, targetOrigin: string) {
    this.posted.push({ message, targetOrigin });
    if (targetOrigin !== '*' && targetOrigin !== this.origin) return; // the browser drops it
    this.deliver(message, this.peer.origin, this.peer);
  }
  deliver(data: unknown, origin: string, source: unknown) {
    const event = new MessageEvent('message', { data: structuredClone(data), origin });
    Object.defineProperty(event, 'source', { value: source });
    queueMicrotask(() => {
      for (const listener of this.listeners) listener(event);
    });
  }
}

let host: FakeWindow;
let app: FakeWindow;
beforeEach(() => {
  host = new FakeWindow(HOST);
  app = new FakeWindow(APP);
  host.peer = app;
  app.peer = host;
});
afterEach(() => vi.useRealTimers());

const appBridge = (timeoutMs = 1000) =>
  createBridge({ endpoint: app, target: host, targetOrigin: HOST, allowedOrigins: [HOST], checkSource: true, timeoutMs });
const hostBridge = () => createBridge({ endpoint: host, target: app, targetOrigin: APP, allowedOrigins: [APP] });

describe('bridge: request/response', () => {
  it('a request is answered by the handler on the other side', async () => {
    hostBridge().handle('context', () => ({ leadId: 42, lang: 'ru' }));
    await expect(appBridge().request('context', null)).resolves.toEqual({ leadId: 42, lang: 'ru' });
  });

  it('answers are correlated by id: concurrent requests each get their own answer', async () => {
    let calls = 0;
    hostBridge().handle('context', async () => {
      calls += 1;
      const n = calls;
      await new Promise((resolve) => setTimeout(resolve, n === 1 ? 20 : 0));
      return { leadId: n };
    });
    const bridge = appBridge();
    const [first, second] = await Promise.all([bridge.request('context', null), bridge.request('context', null)]);
    expect([first.leadId, second.leadId]).toEqual([1, 2]);
  });

  it('a request with no answer rejects after the time-out', async () => {
    vi.useFakeTimers();
    const pending = appBridge(300).request('context', null);
    const assertion = expect(pending).rejects.toBeInstanceOf(BridgeTimeoutError);
    await vi.advanceTimersByTimeAsync(301);
    await assertion;
  });

  it('a handler that throws rejects the request with its message', async () => {
    hostBridge().handle('context', () => {
      throw new Error('no lead');
    });
    await expect(appBridge().request('context', null)).rejects.toThrow('no lead');
  });
});

describe('bridge: events and origins', () => {
  it('one-way events reach their listeners', async () => {
    const received: unknown[] = [];
    hostBridge().on('resize', (payload) => received.push(payload));
    appBridge().emit('resize', { height: 480 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(received).toEqual([{ height: 480 }]);
  });

  it('messages from an origin not on the allow-list are ignored and counted', async () => {
    const bridge = appBridge();
    const seen: unknown[] = [];
    bridge.on('destroy', (payload) => seen.push(payload));
    app.deliver({ tag: BRIDGE_TAG, v: 1, kind: 'event', type: 'destroy', payload: null }, 'https://evil.example', host);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([]);
    expect(bridge.stats.ignoredOrigin).toBe(1);
    expect(bridge.stats.received).toBe(0);
  });

  it('a forged answer from another origin does not resolve a pending request', async () => {
    vi.useFakeTimers();
    const bridge = appBridge(200);
    const pending = bridge.request('context', null);
    const assertion = expect(pending).rejects.toBeInstanceOf(BridgeTimeoutError);
    const id = (host.posted[0].message as { id: string }).id;
    app.deliver({ tag: BRIDGE_TAG, v: 1, kind: 'response', id, ok: true, payload: { token: 'stolen' } }, 'https://evil.example', host);
    await vi.advanceTimersByTimeAsync(201);
    await assertion;
  });

  it('with checkSource, an allowed origin from another window is not trusted', async () => {
    const bridge = appBridge();
    const seen: unknown[] = [];
    bridge.on('destroy', (payload) => seen.push(payload));
    app.deliver({ tag: BRIDGE_TAG, v: 1, kind: 'event', type: 'destroy', payload: null }, HOST, {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([]);
  });

  it('unrelated postMessage traffic is skipped without counting', async () => {
    const bridge = appBridge();
    app.deliver({ hello: 'world' }, 'https://evil.example', host);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bridge.stats.ignoredOrigin).toBe(0);
  });

  it("never sends a token-carrying message to '*'", () => {
    const open = createBridge({ endpoint: app, target: host, targetOrigin: '*', allowedOrigins: [HOST] });
    expect(() => open.emit('context', { token: 'secret' })).toThrow(/exact target origin/);
    expect(host.posted).toHaveLength(0);
    open.emit('resize', { height: 10 });
    expect(host.posted).toHaveLength(1);
  });

  it('destroy stops listening and rejects pending requests', async () => {
    const bridge = appBridge();
    const seen: unknown[] = [];
    bridge.on('destroy', (payload) => seen.push(payload));
    const pending = bridge.request('context', null);
    bridge.destroy();
    await expect(pending).rejects.toThrow('Bridge destroyed');
    app.deliver({ tag: BRIDGE_TAG, v: 1, kind: 'event', type: 'destroy', payload: null }, HOST, host);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([]);
    expect(bridge.stats.received).toBe(0);
  });
});

describe('carriesToken', () => {
  it.each([
    [{ token: 'a' }, true],
    [{ context: { access_token: 'a' } }, true],
    [{ token: '' }, false],
    [{ token: null }, false],
    [{ height: 3 }, false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(carriesToken(value)).toBe(expected);
  });
});

describe('bridge on a shared window (a widget mounted into the CRM page itself)', () => {
  /** One window: what it posts it receives itself, from its own origin and source. */
  class SharedWindow implements MessageEndpoint, MessageTarget {
    private listeners = new Set<(event: MessageEvent) => void>();
    addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
      this.listeners.add(listener);
    }
    removeEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
      this.listeners.delete(listener);
    }
    postMessage(message: unknown) {
      const event = new MessageEvent('message', { data: structuredClone(message), origin: HOST });
      Object.defineProperty(event, 'source', { value: this });
      queueMicrotask(() => {
        for (const listener of this.listeners) listener(event);
      });
    }
  }
  const onShared = (win: SharedWindow) => createBridge({ endpoint: win, target: win, targetOrigin: HOST, allowedOrigins: [HOST], checkSource: true, sharedWindow: true, timeoutMs: 200 });

  it("a widget's request is answered by the host, not refused by the widget itself or by another widget", async () => {
    const win = new SharedWindow();
    const host = onShared(win);
    host.handle('context', () => ({ leadId: 7 }));
    const other = onShared(win);
    const widget = onShared(win);
    await expect(widget.request('context', null)).resolves.toEqual({ leadId: 7 });
    expect(other.stats.received).toBeGreaterThan(0);
  });

  it('a bridge does not hear its own events, other bridges on the window do', async () => {
    const win = new SharedWindow();
    const first = onShared(win);
    const second = onShared(win);
    const heardByFirst = vi.fn();
    const heardBySecond = vi.fn();
    first.on('wire', heardByFirst);
    second.on('wire', heardBySecond);
    first.emit('wire', { id: 'x', leadId: '7', kind: 'hello' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heardByFirst).not.toHaveBeenCalled();
    expect(heardBySecond).toHaveBeenCalledOnce();
  });
});
