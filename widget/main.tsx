/** @jsxImportSource preact */
import { atom } from 'nanostores';
import { render } from 'preact';
import { createWidgetApi, type WidgetLog } from '../src/api/widget';
import type { HostContext } from '../src/bridge/protocol';
import { integrationBase as integrationBaseSetting } from '../src/config';
import { createWidgetStore } from './state/widgetStore';
import { createWireChannel } from './state/wireChannel';
import type { Lang } from '../src/i18n';
import { connectHost } from './hostBridge';
import { switchWidgetLanguage, widgetLanguage } from './language';
import css from './styles.css?raw';
import { WidgetRoot, type WidgetView } from './WidgetRoot';

export interface WidgetMountOptions {
  leadId?: number | string | null;
  /** The staff token; without one the widget asks the host for its context over the bridge. */
  token?: string | null;
  lang?: Lang;
  theme?: 'light' | 'dark';
  /** Where the widget is shown ('rightColumn', 'cardTab'): names the wire's holders to the user. */
  place?: string;
  /** Our server; defaults to where widget.js was loaded from. */
  appUrl?: string;
  /** Bitrix24 calls go to bitrix/widget/…; amoCRM/Kommo's to widget/…. */
  crm?: 'amocrm' | 'bitrix24';
  /** Which product list: 1 (a category with its subcategories) or 2 (one level with folders, default). */
  listVersion?: 1 | 2;
  log?: WidgetLog;
}

// Read while this script runs: later document.currentScript is someone else's.
const SCRIPT_URL = typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : '';
let instances = 0;

function appUrlOf(options: WidgetMountOptions): string {
  const from = options.appUrl || SCRIPT_URL || location.href;
  return new URL(from, location.href).origin;
}

function leadIdOf(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Mounts one widget into the element the host gives (inside a shadow root); returns the unmount function. */
export function mountWidget(host: Element, options: WidgetMountOptions = {}): () => void {
  instances += 1;
  const id = `sr${instances}`;
  const appUrl = appUrlOf(options);
  const integrationBase = /^https?:\/\//.test(integrationBaseSetting) ? integrationBaseSetting : `${appUrl}${integrationBaseSetting}`;
  let token = options.token ?? null;
  let unmounted = false;

  const bridge = connectHost(window);
  const wire = createWireChannel({ bridge });
  const api = createWidgetApi({ baseURL: integrationBase, base: options.crm === 'bitrix24' ? 'bitrix/widget' : 'widget', token: () => token, log: options.log });
  const place = options.place ?? 'rightColumn';
  const store = createWidgetStore({
    api,
    leadId: leadIdOf(options.leadId),
    source: `${place}#${Math.random().toString(36).slice(2, 8)}`,
    wire,
    listVersion: options.listVersion,
    lang: () => view.get().lang,
    onAdded: (_rows, leadId) => bridge?.emit('refreshCard', { leadId }),
  });
  const view = atom<WidgetView>({ theme: options.theme ?? 'light', lang: 'en', ready: false });

  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = css;
  const container = document.createElement('div');
  shadow.append(style, container);

  const openApp = () => {
    const orderId = store.$config.get()?.order_id;
    const path = orderId ? `/addToDeal?order_id=${orderId}` : '/orders';
    if (bridge) bridge.emit('openApp', { path });
    else window.open(`${appUrl}/#${path}`, '_blank', 'noopener');
  };
  render(<WidgetRoot store={store} view={view} id={id} onOpenApp={openApp} />, container);

  async function applyContext(context: HostContext): Promise<void> {
    if (context.token) token = context.token;
    if (context.theme) view.set({ ...view.get(), theme: context.theme });
    const lang = await switchWidgetLanguage(widgetLanguage(context.lang ?? options.lang), appUrl);
    if (unmounted || lang === view.get().lang) return;
    view.set({ ...view.get(), lang });
    // The deal summary is rendered by the server in a language: once started, it follows the host's.
    if (view.get().ready) void store.loadProductsHtml();
  }

  // A tab or frame closed (or a host that never calls destroy) must not hold the lead's wire for good in
  // the other widgets of that lead.
  const onPageHide = () => store.leaveWire();
  window.addEventListener('pagehide', onPageHide);
  const cleanups: (() => void)[] = [() => window.removeEventListener('pagehide', onPageHide)];
  if (bridge) {
    cleanups.push(
      bridge.on('leadChanged', ({ leadId }) => void store.setLead(leadIdOf(leadId))),
      bridge.on('context', (context) => {
        void applyContext(context);
        if (context.leadId !== undefined) void store.setLead(leadIdOf(context.leadId));
      }),
      bridge.on('destroy', () => unmount()),
    );
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(() => bridge.emit('resize', { height: Math.ceil(container.getBoundingClientRect().height) }));
      observer.observe(container);
      cleanups.push(() => observer.disconnect());
    }
  }

  async function start(): Promise<void> {
    let context: HostContext = { lang: options.lang, theme: options.theme };
    if (bridge) {
      bridge.emit('ready', { app: 'widget' });
      // Without a token the host is asked for the context (and with it, a token).
      if (!token) context = { ...context, ...(await bridge.request('context', null).catch(() => ({}))) };
    }
    if (unmounted) return;
    await applyContext(context);
    if (options.leadId === undefined) store.$leadId.set(leadIdOf(context.leadId));
    if (unmounted) return;
    view.set({ ...view.get(), ready: true });
    await store.start();
  }
  void start();

  function unmount(): void {
    if (unmounted) return;
    unmounted = true;
    for (const cleanup of cleanups) cleanup();
    store.destroy();
    wire.close();
    bridge?.destroy();
    render(null, container);
    style.remove();
    container.remove();
  }
  return unmount;
}

declare global {
  interface Window {
    StockroomWidget?: { mount: typeof mountWidget };
  }
}

window.StockroomWidget = { mount: mountWidget };
