import { createBridge, type Bridge } from '../src/bridge/bridge';

/**
 * The widget runs inside the CRM's own page (amoCRM loads script.js there; Bitrix24's placement page is
 * ours), so it talks to the host on the same window: requests and events go to this window's origin, and
 * only messages from this very window and origin are taken; other frames' messages are ignored.
 * The page that runs widget.js is the host by definition — it controls the widget's script anyway — so
 * there is no allow-list here: which CRM pages may use it is the server's CORS on /integration/*
 * (HOST_ORIGINS, read at run time), and every call still needs a Stockroom token.
 */
export function connectHost(win: Window): Bridge | null {
  const origin = win.location.origin;
  if (!origin || origin === 'null') return null;
  return createBridge({ endpoint: win, target: win, targetOrigin: origin, allowedOrigins: [origin], checkSource: true, sharedWindow: true, timeoutMs: 1500 });
}
