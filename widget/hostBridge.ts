import { createBridge, type Bridge } from '../src/bridge/bridge';
import { config } from '../src/config';

/**
 * The widget runs inside the CRM's own page (amoCRM loads script.js there; Bitrix24's placement page is
 * ours), so it talks to the host on the same window: requests and events go to this window's origin, and
 * only messages from that origin are taken, and only when it is on the allow-list (HOST_ORIGINS) or is
 * our own server's. Messages of other frames (any other origin) are ignored.
 */
export function connectHost(win: Window, appOrigin: string): Bridge | null {
  const origin = win.location.origin;
  const allowed = [...config.hostOrigins, appOrigin];
  if (!origin || origin === 'null' || !allowed.includes(origin)) return null;
  return createBridge({ endpoint: win, target: win, targetOrigin: origin, allowedOrigins: [origin], checkSource: true, sharedWindow: true, timeoutMs: 1500 });
}
