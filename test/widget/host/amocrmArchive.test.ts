import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { AMOCRM_LOGOS, packAmocrm } from '../../../widget/host/pack.mjs';

const root = join(__dirname, '../../..');

/** Reads a zip through its central directory, as an unzip tool does. */
function unzip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const method = archive.readUInt16LE(at + 10);
    const packedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const packed = archive.subarray(dataStart, dataStart + packedSize);
    files.set(name, method === 8 ? inflateRawSync(packed) : packed);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** script.js evaluated the way amoCRM's RequireJS runs it: define(deps, factory). */
function loadAmdModule(source: string): unknown {
  let factory: (() => unknown) | null = null;
  const define = (deps: unknown, body: () => unknown) => {
    expect(Array.isArray(deps)).toBe(true);
    factory = body;
  };
  new Function('define', source)(define);
  expect(factory).not.toBeNull();
  return (factory as unknown as () => unknown)();
}

describe('the amoCRM/Kommo widget archive (npm run pack:amocrm)', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'amocrm-')), 'amocrm-widget.zip');
  packAmocrm(join(root, 'widget/host/amocrm'), out);
  const files = unzip(readFileSync(out));

  type CardWidget = Record<string, unknown> & { callbacks: Record<string, (...args: unknown[]) => unknown> };
  /** The archive's widget as amoCRM makes it in a deal card ('lcard'), with these settings. */
  function cardWidget(settings: Record<string, string>): CardWidget {
    const Widget = loadAmdModule(files.get('script.js')!.toString('utf8')) as new () => CardWidget;
    return Object.assign(new Widget(), {
      get_settings: () => settings,
      system: () => ({ area: 'lcard' }),
      i18n: () => ({}),
      render_template: (options: { render: string }) => document.body.insertAdjacentHTML('beforeend', options.render),
    });
  }

  it('holds manifest.json, both languages, script.js and the six logos', () => {
    expect([...files.keys()].sort()).toEqual(['i18n/en.json', 'i18n/ru.json', 'manifest.json', 'script.js', ...Object.keys(AMOCRM_LOGOS).map((name) => `images/${name}`)].sort());
  });

  it('the manifest places the widget in the deal card and on the advanced-settings page, in en and ru', () => {
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    expect(manifest.widget).toMatchObject({ name: 'widget.name', interface_version: 2, locale: ['en', 'ru'], installation: true });
    expect(manifest.locations).toEqual(expect.arrayContaining(['lcard-1', 'settings', 'advanced_settings']));
    // No token setting: the widget gets short-lived tokens through amoCRM's disposable tokens.
    expect(Object.keys(manifest.settings)).toEqual(['server_url']);
    expect(manifest.advanced.title).toBe('advanced.title');
    // Every text key the manifest names exists in both languages.
    for (const lang of ['en', 'ru']) {
      const i18n = JSON.parse(files.get(`i18n/${lang}.json`)!.toString('utf8'));
      const lookup = (key: string) => key.split('.').reduce<Record<string, unknown> | undefined>((node, part) => node?.[part] as Record<string, unknown>, i18n);
      for (const key of [manifest.widget.name, manifest.widget.description, manifest.widget.short_description, manifest.settings.server_url.name, manifest.advanced.title]) {
        expect(typeof lookup(key), `${lang}: ${key}`).toBe('string');
      }
    }
  });

  it('the logos are PNGs of the sizes amoCRM asks for', () => {
    for (const [name, [width, height]] of Object.entries(AMOCRM_LOGOS)) {
      const png = files.get(`images/${name}`)!;
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
    }
  });

  it('script.js is an AMD module giving the widget with the callbacks amoCRM calls', () => {
    const Widget = loadAmdModule(files.get('script.js')!.toString('utf8')) as new () => { callbacks: Record<string, unknown> };
    const widget = new Widget();
    for (const callback of ['render', 'init', 'bind_actions', 'settings', 'onSave', 'destroy', 'advancedSettings']) {
      expect(typeof widget.callbacks[callback], callback).toBe('function');
    }
  });

  it('in the deal card, script.js loads widget.js from the configured server and mounts it in the right column', async () => {
    const mount = vi.fn(() => () => undefined);
    (window as unknown as { StockroomWidget: unknown }).StockroomWidget = { mount };
    (window as unknown as { AMOCRM: unknown }).AMOCRM = { lang_id: 'ru', data: { current_card: { id: 42 } } };
    const widget = cardWidget({ widget_code: 'sr', server_url: 'https://stock.example.com/', api_key: 'k' });
    expect(widget.callbacks.render()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mount).toHaveBeenCalledExactlyOnceWith(document.getElementById('stockroom-root-sr'), { leadId: 42, lang: 'ru', theme: 'light', place: 'rightColumn', appUrl: 'https://stock.example.com' });
    expect(widget.callbacks.onSave({ fields: { server_url: 'not a url' } })).toBe(false);
    expect(widget.callbacks.onSave({ fields: { server_url: 'https://stock.example.com' } })).toBe(true);
    widget.callbacks.destroy();
    delete (window as unknown as { StockroomWidget?: unknown }).StockroomWidget;
  });

  it('rule: a second render replaces the first widget, and a destroy before widget.js has loaded mounts nothing', async () => {
    const unmounts: ReturnType<typeof vi.fn>[] = [];
    const mount = vi.fn(() => {
      const unmount = vi.fn();
      unmounts.push(unmount);
      return unmount;
    });
    (window as unknown as { AMOCRM: unknown }).AMOCRM = { lang_id: 'en', data: { current_card: { id: 42 } } };
    const widget = cardWidget({ widget_code: 'sr2', server_url: 'https://stock.example.com', api_key: 'k' });
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    (window as unknown as { StockroomWidget: unknown }).StockroomWidget = { mount };
    widget.callbacks.render();
    await new Promise((resolve) => setTimeout(resolve, 0));
    widget.callbacks.render();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mount).toHaveBeenCalledTimes(2);
    expect(unmounts.map((unmount) => unmount.mock.calls.length)).toEqual([1, 0]);
    const messageListeners = () => added.mock.calls.filter(([type]) => type === 'message').length - removed.mock.calls.filter(([type]) => type === 'message').length;
    expect(messageListeners()).toBe(1);
    widget.callbacks.destroy();
    expect(unmounts.map((unmount) => unmount.mock.calls.length)).toEqual([1, 1]);
    expect(messageListeners()).toBe(0);

    // widget.js still loading when amoCRM destroys the widget: nothing is mounted when it arrives.
    delete (window as unknown as { StockroomWidget?: unknown }).StockroomWidget;
    let loaded: HTMLScriptElement | undefined;
    const append = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      loaded = node as HTMLScriptElement;
      return node;
    });
    widget.callbacks.render();
    widget.callbacks.destroy();
    (window as unknown as { StockroomWidget: unknown }).StockroomWidget = { mount };
    loaded?.onload?.(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mount).toHaveBeenCalledTimes(2);
    append.mockRestore();
    delete (window as unknown as { StockroomWidget?: unknown }).StockroomWidget;
  });

  it("rule: in amoCRM the widget and the framed app get a short-lived token exchanged for amoCRM's disposable token, never a token from the settings; the app is framed as the account's page", async () => {
    const mount = vi.fn(() => () => undefined);
    (window as unknown as { StockroomWidget: unknown }).StockroomWidget = { mount };
    (window as unknown as { AMOCRM: unknown }).AMOCRM = { lang_id: 'en', data: { current_card: { id: 42 } } };
    const exchanges: Record<string, unknown>[] = [];
    const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    // amoCRM's $authorizedAjax: a jQuery-like Deferred; amoCRM adds X-Auth-Token to the request.
    const $authorizedAjax = (options: Record<string, unknown>) => {
      exchanges.push(options);
      return {
        done: (callback: (answer: unknown) => void) => {
          callback({ access_token: 'short-lived', expires_at: expiresAt, account_id: 7 });
          return { fail: () => undefined };
        },
      };
    };
    const widget = Object.assign(cardWidget({ widget_code: 'sr3', server_url: 'https://stock.example.com', api_key: 'long-lived-settings-token' }), { $authorizedAjax });
    widget.callbacks.render();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mount).toHaveBeenCalledTimes(1);
    const answers: unknown[] = [];
    const post = vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => void answers.push(message));
    for (const type of ['context', 'token']) {
      window.dispatchEvent(new MessageEvent('message', { data: { tag: 'stockroom-bridge', v: 1, kind: 'request', id: type, type, payload: null }, origin: location.origin, source: window }));
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    post.mockRestore();
    expect(answers).toEqual([
      expect.objectContaining({ kind: 'response', id: 'context', payload: expect.objectContaining({ token: 'short-lived', leadId: 42 }) }),
      expect.objectContaining({ kind: 'response', id: 'token', payload: { token: 'short-lived' } }),
    ]);
    expect(JSON.stringify(answers)).not.toContain('long-lived-settings-token');
    // One exchange serves both while it has time left.
    expect(exchanges).toEqual([expect.objectContaining({ url: 'https://stock.example.com/integration/amocrm/token', method: 'POST' })]);
    widget.callbacks.destroy();

    document.body.insertAdjacentHTML('beforeend', '<div id="work-area-sr3"></div>');
    const advanced = Object.assign(cardWidget({ widget_code: 'sr3', server_url: 'https://stock.example.com' }), { $authorizedAjax });
    advanced.callbacks.advancedSettings();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector<HTMLIFrameElement>('#work-area-sr3 iframe')?.getAttribute('src')).toBe('https://stock.example.com/?account=7#/orders');
    advanced.callbacks.destroy();
    delete (window as unknown as { StockroomWidget?: unknown }).StockroomWidget;
  });

  it('npm run pack:amocrm writes dist/amocrm-widget.zip', () => {
    const printed = execFileSync(process.execPath, ['build.mjs', '--pack-amocrm'], { cwd: root, encoding: 'utf8' });
    expect(printed).toContain('dist/amocrm-widget.zip');
    expect(unzip(readFileSync(join(root, 'dist/amocrm-widget.zip'))).has('script.js')).toBe(true);
  });
});
