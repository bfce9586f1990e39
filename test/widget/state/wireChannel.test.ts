import { describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../../src/bridge/bridge';
import type { WireMessage } from '../../../src/bridge/protocol';
import { createWireChannel } from '../../../widget/state/wireChannel';

function fakeBroadcast() {
  const listeners: ((event: MessageEvent) => void)[] = [];
  return {
    posted: [] as unknown[],
    postMessage(message: unknown) {
      this.posted.push(message);
    },
    addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
      listeners.push(listener);
    },
    close: vi.fn(),
    deliver(data: unknown) {
      for (const listener of listeners) listener(new MessageEvent('message', { data }));
    },
  };
}

function fakeBridge() {
  let wireListener: ((message: WireMessage) => void) | null = null;
  const emitted: unknown[] = [];
  const bridge = {
    on: (_type: 'wire', listener: (message: WireMessage) => void) => {
      wireListener = listener;
      return () => (wireListener = null);
    },
    emit: (_type: 'wire', message: WireMessage) => emitted.push(message),
  } as unknown as Bridge;
  return { bridge, emitted, deliver: (message: WireMessage) => wireListener?.(message) };
}

const change: WireMessage = { id: 'm1', leadId: '7', kind: 'change', source: 'cardTab#1', value: 'main' };

describe('the wire channel between widgets (BroadcastChannel and the bridge)', () => {
  it('posts to the other widgets of this origin and to the host', () => {
    const broadcast = fakeBroadcast();
    const host = fakeBridge();
    createWireChannel({ broadcast, bridge: host.bridge }).post(change);
    expect(broadcast.posted).toEqual([change]);
    expect(host.emitted).toEqual([change]);
  });

  it('a message arriving both ways is taken once; its own messages are not taken back', () => {
    const broadcast = fakeBroadcast();
    const host = fakeBridge();
    const channel = createWireChannel({ broadcast, bridge: host.bridge });
    const heard = vi.fn();
    channel.subscribe(heard);
    broadcast.deliver(change);
    host.deliver(change);
    channel.post({ ...change, id: 'm2' });
    host.deliver({ ...change, id: 'm2' });
    expect(heard).toHaveBeenCalledExactlyOnceWith(change);
  });

  it('ignores what is not a wire message, and nothing after close', () => {
    const broadcast = fakeBroadcast();
    const channel = createWireChannel({ broadcast, bridge: null });
    const heard = vi.fn();
    channel.subscribe(heard);
    broadcast.deliver({ hello: 'world' });
    channel.close();
    broadcast.deliver(change);
    expect(heard).not.toHaveBeenCalled();
    expect(broadcast.close).toHaveBeenCalled();
  });
});
