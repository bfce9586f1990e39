import {
  BRIDGE_TAG,
  BRIDGE_VERSION,
  DEFAULT_REQUEST_TIMEOUT_MS,
  carriesToken,
  isEnvelope,
  type BridgeEvents,
  type BridgeRequests,
  type Envelope,
  type EventName,
  type RequestName,
} from './protocol';

/** Where messages arrive (our window). */
export interface MessageEndpoint {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Where messages go (the other window). */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface BridgeOptions {
  endpoint: MessageEndpoint;
  target: MessageTarget;
  /** The exact origin of the other side; '*' only for messages that carry no token. */
  targetOrigin: string;
  /** Origins whose messages we accept; everything else is ignored and counted. */
  allowedOrigins: readonly string[];
  /** Accept only messages whose source is the target window. */
  checkSource?: boolean;
  /**
   * Both sides listen on one window (a widget mounted straight into the CRM page, several widgets on one
   * page): each bridge signs what it sends and skips its own messages, and a request it has no handler for
   * is left to the other listeners instead of being answered with an error.
   */
  sharedWindow?: boolean;
  timeoutMs?: number;
}

export class BridgeTimeoutError extends Error {
  constructor(type: string, ms: number) {
    super(`Bridge request '${type}' got no answer in ${ms} ms`);
    this.name = 'BridgeTimeoutError';
  }
}

export interface BridgeStats {
  received: number;
  /** Messages dropped because their origin is not allowed. */
  ignoredOrigin: number;
}

type Handler<N extends RequestName> = (payload: BridgeRequests[N][0]) => BridgeRequests[N][1] | Promise<BridgeRequests[N][1]>;
type Listener<N extends EventName> = (payload: BridgeEvents[N]) => void;

export interface Bridge {
  request<N extends RequestName>(type: N, payload: BridgeRequests[N][0]): Promise<BridgeRequests[N][1]>;
  handle<N extends RequestName>(type: N, handler: Handler<N>): () => void;
  emit<N extends EventName>(type: N, payload: BridgeEvents[N]): void;
  on<N extends EventName>(type: N, listener: Listener<N>): () => void;
  readonly stats: Readonly<BridgeStats>;
  destroy(): void;
}

let sequence = 0;
function nextId(): string {
  sequence += 1;
  return `${Date.now().toString(36)}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
}

export function createBridge(options: BridgeOptions): Bridge {
  const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> }>();
  const handlers = new Map<string, (payload: unknown) => unknown>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const stats: BridgeStats = { received: 0, ignoredOrigin: 0 };
  let destroyed = false;
  const sender = options.sharedWindow ? nextId() : undefined;

  function post(envelope: Envelope): void {
    if (destroyed) return;
    if (options.targetOrigin === '*' && carriesToken('payload' in envelope ? envelope.payload : undefined)) {
      throw new Error('A bridge message that carries a token needs an exact target origin');
    }
    options.target.postMessage(sender ? { ...envelope, from: sender } : envelope, options.targetOrigin);
  }

  async function answer(id: string, type: string, payload: unknown): Promise<void> {
    const handler = handlers.get(type);
    if (!handler) {
      if (sender) return;
      post({ tag: BRIDGE_TAG, v: BRIDGE_VERSION, kind: 'response', id, ok: false, error: `No handler for '${type}'` });
      return;
    }
    try {
      const result = await handler(payload);
      post({ tag: BRIDGE_TAG, v: BRIDGE_VERSION, kind: 'response', id, ok: true, payload: result });
    } catch (error) {
      post({ tag: BRIDGE_TAG, v: BRIDGE_VERSION, kind: 'response', id, ok: false, error: String((error as Error)?.message ?? error) });
    }
  }

  function onMessage(event: MessageEvent): void {
    if (!isEnvelope(event.data)) return;
    if (!options.allowedOrigins.includes(event.origin)) {
      stats.ignoredOrigin += 1;
      return;
    }
    if (options.checkSource && event.source !== (options.target as unknown)) return;
    const envelope = event.data;
    if (sender && envelope.from === sender) return;
    stats.received += 1;
    if (envelope.kind === 'response') {
      const waiting = pending.get(envelope.id);
      if (!waiting) return;
      pending.delete(envelope.id);
      clearTimeout(waiting.timer);
      if (envelope.ok) waiting.resolve(envelope.payload);
      else waiting.reject(new Error(envelope.error ?? 'Bridge request failed'));
    } else if (envelope.kind === 'request') {
      void answer(envelope.id, envelope.type, envelope.payload);
    } else {
      for (const listener of listeners.get(envelope.type) ?? []) listener(envelope.payload);
    }
  }

  options.endpoint.addEventListener('message', onMessage);

  return {
    request(type, payload) {
      const id = nextId();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new BridgeTimeoutError(type, timeoutMs));
        }, timeoutMs);
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
        try {
          post({ tag: BRIDGE_TAG, v: BRIDGE_VERSION, kind: 'request', id, type, payload });
        } catch (error) {
          clearTimeout(timer);
          pending.delete(id);
          reject(error as Error);
        }
      });
    },
    handle(type, handler) {
      handlers.set(type, handler as (payload: unknown) => unknown);
      return () => handlers.delete(type);
    },
    emit(type, payload) {
      post({ tag: BRIDGE_TAG, v: BRIDGE_VERSION, kind: 'event', type, payload });
    },
    on(type, listener) {
      const set = listeners.get(type) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(type, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
    stats,
    destroy() {
      destroyed = true;
      options.endpoint.removeEventListener('message', onMessage);
      for (const waiting of pending.values()) {
        clearTimeout(waiting.timer);
        waiting.reject(new Error('Bridge destroyed'));
      }
      pending.clear();
      listeners.clear();
      handlers.clear();
    },
  };
}
