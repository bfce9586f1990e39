import { describe, expect, it } from 'vitest';
import { allowedParentOrigin, connectToParent } from '../../../src/bridge/frame';

const HOST = 'https://crm.example.com';
const OTHER_HOST = 'https://other-crm.example.com';
const EVIL = 'https://evil.example.net';

interface Posted {
  message: unknown;
  targetOrigin: string;
}

/** A framed window as src/bridge/frame.ts sees it: location.ancestorOrigins (Chromium), document.referrer, parent. */
function framedWindow(options: { ancestors?: string[]; referrer?: string; topLevel?: boolean }) {
  const posted: Posted[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) };
  const ancestors = options.ancestors;
  const win = {
    location: ancestors ? { ancestorOrigins: { length: ancestors.length, 0: ancestors[0], item: (i: number) => ancestors[i] ?? null, contains: (o: string) => ancestors.includes(o) } } : {},
    document: { referrer: options.referrer ?? '' },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as { parent?: unknown };
  win.parent = options.topLevel ? win : parent;
  return { win: win as unknown as Window, posted };
}

describe('allowedParentOrigin', () => {
  it('accepts an allowed parent named by ancestorOrigins', () => {
    expect(allowedParentOrigin(framedWindow({ ancestors: [HOST] }).win, [OTHER_HOST, HOST])).toBe(HOST);
  });

  it('rule: a wildcard entry allows the framing page of any account subdomain, and the bridge is pinned to that exact origin', () => {
    const account = 'https://shop.crm.example.com';
    expect(allowedParentOrigin(framedWindow({ ancestors: [account] }).win, ['https://*.crm.example.com'])).toBe(account);
    expect(allowedParentOrigin(framedWindow({ ancestors: ['https://crm.example.com.evil.net'] }).win, ['https://*.crm.example.com'])).toBeNull();
    const { win, posted } = framedWindow({ ancestors: [account] });
    connectToParent(win, ['https://*.crm.example.com'])?.emit('ready', { app: 'shell' });
    expect(posted.map((post) => post.targetOrigin)).toEqual([account]);
  });

  it('accepts an allowed parent named by the referrer where ancestorOrigins is missing', () => {
    expect(allowedParentOrigin(framedWindow({ referrer: `${HOST}/leads/detail/5?x=1` }).win, [HOST])).toBe(HOST);
  });

  it.each([
    ['ancestorOrigins', { ancestors: [EVIL] }],
    ['referrer', { referrer: `${EVIL}/page` }],
    ['both', { ancestors: [EVIL], referrer: `${EVIL}/page` }],
  ])('refuses a parent that is not allowed (named by %s)', (_by, frame) => {
    expect(allowedParentOrigin(framedWindow(frame).win, [HOST])).toBeNull();
  });

  it('refuses a parent whose origin only looks like an allowed one', () => {
    for (const lookalike of [`${HOST}.evil.net`, 'http://crm.example.com', `${HOST}:8443`, 'https://sub.crm.example.com']) {
      expect(allowedParentOrigin(framedWindow({ ancestors: [lookalike] }).win, [HOST]), lookalike).toBeNull();
      expect(allowedParentOrigin(framedWindow({ referrer: `${lookalike}/x` }).win, [HOST]), lookalike).toBeNull();
    }
  });

  it('the referrer cannot vouch for a parent that ancestorOrigins names as not allowed', () => {
    // A frame navigated from an allowed page but embedded by another site: the real parent is the embedder.
    expect(allowedParentOrigin(framedWindow({ ancestors: [EVIL], referrer: `${HOST}/page` }).win, [HOST])).toBeNull();
  });

  it('refuses everything with an empty allow-list, and an unparseable referrer', () => {
    expect(allowedParentOrigin(framedWindow({ ancestors: [HOST], referrer: `${HOST}/` }).win, [])).toBeNull();
    expect(allowedParentOrigin(framedWindow({ referrer: 'not a url' }).win, ['not a url'])).toBeNull();
  });
});

describe('connectToParent', () => {
  it('gives no bridge, and sends nothing, for a parent that is not allowed', () => {
    const { win, posted } = framedWindow({ ancestors: [EVIL], referrer: `${EVIL}/` });
    expect(connectToParent(win, [HOST])).toBeNull();
    expect(posted).toEqual([]);
  });

  it('gives no bridge at the top level, even when the referrer is allowed', () => {
    expect(connectToParent(framedWindow({ referrer: `${HOST}/`, topLevel: true }).win, [HOST])).toBeNull();
  });

  it('for an allowed parent, talks to that origin only (never *)', () => {
    const { win, posted } = framedWindow({ ancestors: [HOST] });
    const bridge = connectToParent(win, [HOST, OTHER_HOST], 50);
    expect(bridge).not.toBeNull();
    bridge?.emit('ready', { app: 'shell' });
    expect(posted.map((entry) => entry.targetOrigin)).toEqual([HOST]);
    bridge?.destroy();
  });
});

describe('connectToParent: a page of our own origin', () => {
  const APP = 'https://app.example.com';
  const withOrigin = (win: Window, origin: string) => {
    (win.location as unknown as { origin: string }).origin = origin;
    return win;
  };

  it('may frame us without being on the allow-list (the demo CRM page is ours)', () => {
    const { win, posted } = framedWindow({ ancestors: [APP] });
    const bridge = connectToParent(withOrigin(win, APP), [HOST], 50);
    expect(bridge).not.toBeNull();
    bridge?.emit('ready', { app: 'shell' });
    expect(posted.map((entry) => entry.targetOrigin)).toEqual([APP]);
    bridge?.destroy();
  });

  it('a foreign parent still gets nothing', () => {
    const { win } = framedWindow({ ancestors: [EVIL] });
    expect(connectToParent(withOrigin(win, APP), [HOST])).toBeNull();
  });
});
