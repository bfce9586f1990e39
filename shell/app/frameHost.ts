import type { Bridge } from '../../src/bridge/bridge';
import { connectToParent } from '../../src/bridge/frame';
import type { HostContext } from '../../src/bridge/protocol';
import { config } from '../../src/config';
import { HOST_ORIGINS_META, parseOriginList } from '../../src/domain/origins';
import { isFramed } from '../stores/navigation';
import { saveToken } from '../../src/stores/session';

export const FRAME_CONTEXT_TIMEOUT_MS = 2000;

/**
 * The CRM origins we take context and token from: the server's list in the page's
 * `stockroom-host-origins` meta tag (the CRM origins connected by the account the URL names,
 * `/?account=<id>`, plus HOST_ORIGINS) and any a build was given.
 */
export function allowedHostOrigins(doc: Document): string[] {
  return [...config.hostOrigins, ...parseOriginList(doc.querySelector<HTMLMetaElement>(`meta[name="${HOST_ORIGINS_META}"]`)?.content)];
}

export interface FrameConnection {
  bridge: Bridge;
  context: HostContext | null;
}

/**
 * Inside a host CRM frame: connect to the allowed parent, take the context it gives
 * (token, language, theme) and keep reporting our height so the host sizes the frame.
 */
export async function connectFrameHost(win: Window): Promise<FrameConnection | null> {
  if (!isFramed()) return null;
  const bridge = connectToParent(win, allowedHostOrigins(win.document), FRAME_CONTEXT_TIMEOUT_MS);
  if (!bridge) return null;
  bridge.emit('ready', { app: 'shell' });
  // A host that renews its short-lived token (the amoCRM adapter) hands the new one over in a 'context' event.
  bridge.on('context', (next) => {
    if (next?.token) saveToken(next.token);
  });
  let context: HostContext | null = null;
  try {
    context = await bridge.request('context', null);
    if (context?.token) saveToken(context.token);
  } catch {
    // A host that does not answer leaves us with our own stored session.
  }
  // Inside a frame the page is as tall as its content (no viewport min-heights), so the
  // reported height can shrink as well as grow.
  win.document.documentElement.classList.add('is-framed');
  const content = win.document.getElementById('app') ?? win.document.body;
  let lastHeight = 0;
  const report = () => {
    const height = Math.ceil(content.getBoundingClientRect().height);
    if (height !== lastHeight) {
      lastHeight = height;
      bridge.emit('resize', { height });
    }
  };
  new ResizeObserver(report).observe(content);
  report();
  return { bridge, context };
}
