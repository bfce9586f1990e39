import type { Bridge } from '../../src/bridge/bridge';
import type { WireMessage } from '../../src/bridge/protocol';

/**
 * How widgets showing one lead tell each other about its wire: a BroadcastChannel reaches the other
 * widgets of this origin (the same page, a second open tab), the bridge reaches the host, which relays
 * to frames of other origins (a card tab in another frame). A message can arrive by both ways, so each
 * carries an id and is taken once.
 */
export interface WireChannel {
  post(message: WireMessage): void;
  subscribe(listener: (message: WireMessage) => void): () => void;
  close(): void;
}

export const WIRE_CHANNEL_NAME = 'stockroom-wire';
const SEEN_LIMIT = 200;

export function newMessageId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export interface WireChannelOptions {
  bridge?: Bridge | null;
  /** Injected by tests; defaults to the browser's BroadcastChannel where it exists. */
  broadcast?: { postMessage(message: unknown): void; addEventListener(type: 'message', listener: (event: MessageEvent) => void): void; close(): void } | null;
}

function isWireMessage(data: unknown): data is WireMessage {
  const message = data as Partial<WireMessage> | null;
  return !!message && typeof message === 'object' && typeof message.id === 'string' && typeof message.leadId === 'string' && typeof message.kind === 'string';
}

export function createWireChannel(options: WireChannelOptions = {}): WireChannel {
  const broadcast =
    options.broadcast !== undefined ? options.broadcast : typeof BroadcastChannel === 'function' ? new BroadcastChannel(WIRE_CHANNEL_NAME) : null;
  const listeners = new Set<(message: WireMessage) => void>();
  const seen = new Set<string>();
  let closed = false;

  const deliver = (data: unknown) => {
    if (closed || !isWireMessage(data) || seen.has(data.id)) return;
    seen.add(data.id);
    // Only recent ids matter (duplicates arrive together); keep the set small.
    if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
    for (const listener of listeners) listener(data);
  };
  broadcast?.addEventListener('message', (event) => deliver(event.data));
  const offBridge = options.bridge?.on('wire', deliver);

  return {
    post(message) {
      if (closed) return;
      seen.add(message.id);
      broadcast?.postMessage(message);
      options.bridge?.emit('wire', message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      listeners.clear();
      offBridge?.();
      broadcast?.close();
    },
  };
}
