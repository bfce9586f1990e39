import { originAllowed } from '../domain/origins';
import { createBridge, type Bridge } from './bridge';

/**
 * The origin of the page framing us, if it is on the allow-list: taken from
 * location.ancestorOrigins where the browser has it, else from document.referrer.
 */
export function allowedParentOrigin(win: Window, allowedOrigins: readonly string[]): string | null {
  const candidates: string[] = [];
  const ancestors = (win.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) {
    candidates.push(ancestors[0]);
  } else {
    // The referrer only stands in where the browser has no ancestorOrigins: it names the page
    // that loaded the frame, which need not be the page that embeds it.
    try {
      if (win.document.referrer) candidates.push(new URL(win.document.referrer).origin);
    } catch {
      // An unparseable referrer gives no candidate.
    }
  }
  return candidates.find((origin) => originAllowed(origin, allowedOrigins)) ?? null;
}

/** Our own origin: a page of it is ours (the demo CRM page at /demo/host.html), so it may frame us too. */
export function ownOrigin(win: Window): string[] {
  const origin = (win.location as Partial<Location>).origin;
  return origin && origin !== 'null' ? [origin] : [];
}

/** A bridge to the host page that frames this window, or null when the host is not allowed. */
export function connectToParent(win: Window, allowedOrigins: readonly string[], timeoutMs?: number): Bridge | null {
  const origin = allowedParentOrigin(win, [...allowedOrigins, ...ownOrigin(win)]);
  if (!origin || win.parent === win) return null;
  return createBridge({ endpoint: win, target: win.parent, targetOrigin: origin, allowedOrigins: [origin], checkSource: true, timeoutMs });
}
