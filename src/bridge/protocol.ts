/**
 * The messages between our frames (shell, widget) and the host CRM page.
 * Every message is an envelope tagged with BRIDGE_TAG so unrelated postMessage traffic is skipped.
 */
export const BRIDGE_TAG = 'stockroom-bridge';
export const BRIDGE_VERSION = 1;
export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;

/** What the host tells us about where we run. */
export interface HostContext {
  leadId?: string | number | null;
  accountId?: string | number | null;
  userId?: string | number | null;
  lang?: 'en' | 'ru';
  theme?: 'light' | 'dark';
  /** The staff token, when the host hands one over (else the app asks for one with the 'token' request). */
  token?: string | null;
  /** Where a widget is shown (e.g. 'rightColumn', 'cardTab'): names the wire's holders to the user. */
  place?: string;
}

/** The lead's chosen wire (the warehouse the widget adds from), kept in step between widgets (src/domain/wire.ts). */
export type WireMessage = { id: string; leadId: string } & (
  | { kind: 'change'; source: string; value: string | null }
  /** A widget that just opened asks the others for the lead's wire. */
  | { kind: 'hello' }
  | { kind: 'state'; sources: string[]; value: string | null }
  /** A widget added to the lead's order: the others show the lead's positions (and its order) anew. */
  | { kind: 'products' }
);

/** Requests one side asks and the other answers: name → [payload, answer]. */
export interface BridgeRequests {
  /** app → host: give me the context I run in. */
  context: [null, HostContext];
  /** app → host: a (new) staff token, e.g. after the server refused the one we had. */
  token: [null, { token: string | null }];
}

/** One-way events: name → payload. */
export interface BridgeEvents {
  /** app → host: loaded and listening. */
  ready: { app: 'shell' | 'widget' };
  /** app → host: my content height changed. */
  resize: { height: number };
  /** app → host: show a message in the host's own UI. */
  notify: { type: 0 | 1 | 2 | 3; header: string; text?: string };
  /** app → host: reload the deal card (after products were added). */
  refreshCard: { leadId?: string | number | null };
  /** app → host: open the full app. */
  openApp: { path: string };
  /** host → app: the context changed or the user opened another lead. */
  context: HostContext;
  leadChanged: { leadId: string | number | null };
  /** host → app: tear down. */
  destroy: null;
  /** both ways: the lead's wire changed; the host relays it to its other frames that show the lead. */
  wire: WireMessage;
}

export type RequestName = keyof BridgeRequests;
export type EventName = keyof BridgeEvents;

/** `from`: the sending bridge, set where both sides share one window (BridgeOptions.sharedWindow). */
export type Envelope =
  | { tag: typeof BRIDGE_TAG; v: number; from?: string; kind: 'request'; id: string; type: string; payload: unknown }
  | { tag: typeof BRIDGE_TAG; v: number; from?: string; kind: 'response'; id: string; ok: boolean; payload?: unknown; error?: string }
  | { tag: typeof BRIDGE_TAG; v: number; from?: string; kind: 'event'; type: string; payload: unknown };

export function isEnvelope(data: unknown): data is Envelope {
  if (!data || typeof data !== 'object') return false;
  const envelope = data as Partial<Envelope>;
  return envelope.tag === BRIDGE_TAG && typeof envelope.kind === 'string';
}

/** True when any key of the value (at any depth) names a token and holds a string. */
export function carriesToken(value: unknown, depth = 0): boolean {
  if (!value || typeof value !== 'object' || depth > 8) return false;
  return Object.entries(value).some(
    ([key, inner]) => (/token/i.test(key) && typeof inner === 'string' && inner !== '') || carriesToken(inner, depth + 1),
  );
}
