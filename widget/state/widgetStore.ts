import { atom } from 'nanostores';
import type { WidgetApi, WidgetCategory } from '../../src/api/widget';
import type { CategoryListItem, DealProduct, DealProductList, OrderPosition } from '../../src/contract/orders';
import type { WidgetConfig, WidgetLeadPosition } from '../../src/contract/widget';
import { productIdentifier, isService } from '../../src/domain/productId';
import { applyRemoteWireChange, applyWireChange, EMPTY_WIRE, type WireState } from '../../src/domain/wire';
import type { Lang } from '../../src/i18n';
import { newMessageId, type WireChannel } from './wireChannel';

/**
 * The state of one deal-card widget (spec 2 §3 "Widget state"): products, autocomplete products, the
 * lead's selected wire, the disable-add flag, the widget products html, paging. A factory, not module
 * atoms: several widgets on one page (right column, card tab) are independent.
 */

/** Spec 2 §9: widget lists show 20 per page, the second list (the deal's positions) 12; the first page is 1. */
export const WIDGET_PER_PAGE = 20;
export const WIDGET_SECOND_LIST_PER_PAGE = 12;
export const FIRST_PAGE = 1;
export const DEFAULT_QUANTITY = 1;
/**
 * Short enough that a pause in typing shows results within the 150 ms budget (issue 20); the request a later
 * keystroke supersedes is aborted, so fast typing does not pile requests up on the server.
 */
export const SEARCH_DEBOUNCE_MS = 90;

export interface PagedList<T> {
  items: T[];
  page: number;
  lastPage: number;
  loading: boolean;
}

export interface CatalogueList extends PagedList<DealProduct> {
  categoryId: number | null;
  /** v2 lists one level: the category's direct subcategories. */
  subcategories: CategoryListItem[];
}

export type AddState =
  | { status: 'idle' }
  | { status: 'adding'; productId: number }
  | { status: 'added'; productId: number; rows: OrderPosition[] }
  | { status: 'failed'; productId: number; message: string };

export type WireNotice = { kind: 'refused'; heldBy: string[] } | null;

export interface WidgetStoreOptions {
  api: WidgetApi;
  leadId: number | null;
  /** This widget as a wire source: unique, with the place it is shown in before '#'. */
  source: string;
  wire?: WireChannel | null;
  /** 1: widget/products (a category with its subcategories); 2: widget/products-v2 (one level). */
  listVersion?: 1 | 2;
  perPage?: number;
  secondPerPage?: number;
  debounceMs?: number;
  /** The language the widget shows, for the deal summary the server renders (the host's, not the user's own). */
  lang?: () => Lang;
  /** After a successful add: the host refreshes the card of that deal (the lead the add was made for). */
  onAdded?: (rows: OrderPosition[], leadId: number) => void;
}

const emptyList = <T>(): PagedList<T> => ({ items: [], page: FIRST_PAGE, lastPage: FIRST_PAGE, loading: false });

/** The place part of a source id ('rightColumn#k3j2' → 'rightColumn'). */
export function placeOf(source: string): string {
  const at = source.indexOf('#');
  return at < 0 ? source : source.slice(0, at);
}

export function createWidgetStore(options: WidgetStoreOptions) {
  const { api } = options;
  const perPage = options.perPage ?? WIDGET_PER_PAGE;
  const secondPerPage = options.secondPerPage ?? WIDGET_SECOND_LIST_PER_PAGE;
  const debounceMs = options.debounceMs ?? SEARCH_DEBOUNCE_MS;
  const listVersion = options.listVersion ?? 2;

  const $leadId = atom<number | null>(options.leadId);
  const $query = atom('');
  const $suggestions = atom<DealProduct[]>([]);
  const $searching = atom(false);
  const $categories = atom<WidgetCategory[]>([]);
  const $list = atom<CatalogueList>({ ...emptyList<DealProduct>(), categoryId: null, subcategories: [] });
  const $leadProducts = atom<PagedList<WidgetLeadPosition>>(emptyList());
  const $config = atom<WidgetConfig | null>(null);
  const $configError = atom<string | null>(null);
  const $productsHtml = atom('');
  const $add = atom<AddState>({ status: 'idle' });
  const $wire = atom<WireState>(EMPTY_WIRE);
  const $wireNotice = atom<WireNotice>(null);
  /** An add on its way, kept apart from $add: it stays on its way when the host switches to another deal. */
  const $addInFlight = atom(false);

  /** Disabled from the click until the answer arrives; also without a deal, or when its products may not change. */
  const $disableAdd = atom(true);
  const syncDisableAdd = () => $disableAdd.set($addInFlight.get() || $leadId.get() === null || $config.get()?.disable_add === true);
  const unlisten = [$addInFlight, $config, $leadId].map((store) => (store as unknown as typeof $leadId).listen(syncDisableAdd));
  syncDisableAdd();

  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let searchAbort: AbortController | undefined;
  // Every answer is checked against the newest request of its kind, so a slow old answer never wins.
  let searchSeq = 0;
  let listSeq = 0;
  let leadSeq = 0;
  let configSeq = 0;
  let htmlSeq = 0;
  let destroyed = false;
  const offWire = options.wire?.subscribe(onWireMessage);

  const lead = () => $leadId.get();
  const leadKey = () => String(lead());
  /** A page of a list as shown: a missing answer shows as an empty page where it was asked. */
  const pageOf = <T>(answer: { data: T[]; meta: { current_page?: number; last_page?: number } } | null, page: number) => ({
    items: answer?.data ?? [],
    page: answer?.meta.current_page ?? page,
    lastPage: Math.max(FIRST_PAGE, answer?.meta.last_page ?? page),
    loading: false,
  });

  function search(query: string): void {
    $query.set(query);
    clearTimeout(searchTimer);
    searchAbort?.abort();
    searchSeq += 1;
    if (!query.trim()) {
      // Empty or blank: nothing, and no call (spec 2 §5).
      $suggestions.set([]);
      $searching.set(false);
      return;
    }
    const seq = searchSeq;
    $searching.set(true);
    searchTimer = setTimeout(async () => {
      searchAbort = new AbortController();
      const found = await api.autocomplete(query, searchAbort.signal);
      if (destroyed || seq !== searchSeq) return;
      $suggestions.set(found);
      $searching.set(false);
    }, debounceMs);
  }

  async function loadCategories(): Promise<void> {
    const tree = await api.categories();
    if (!destroyed) $categories.set(tree);
  }

  async function openCategory(categoryId: number | null, page = FIRST_PAGE): Promise<void> {
    const seq = ++listSeq;
    $list.set({ ...$list.get(), categoryId, page, loading: true });
    const query = { page, per_page: perPage, ...(categoryId === null ? {} : { category_id: categoryId }) };
    const answer: (DealProductList & { categories?: CategoryListItem[] }) | null = listVersion === 2 ? await api.productsV2(query) : await api.products(query);
    if (destroyed || seq !== listSeq) return;
    $list.set({ ...pageOf(answer, page), categoryId, subcategories: answer?.categories ?? [] });
  }

  function turnPage(step: 1 | -1): Promise<void> {
    const { page, lastPage, categoryId } = $list.get();
    const next = Math.min(Math.max(FIRST_PAGE, page + step), lastPage);
    return next === page ? Promise.resolve() : openCategory(categoryId, next);
  }

  async function loadLeadProducts(page = FIRST_PAGE): Promise<void> {
    const leadId = lead();
    const seq = ++leadSeq;
    // Without a deal nothing is asked, and a list still on its way for the previous deal is dropped.
    if (leadId === null) return;
    $leadProducts.set({ ...$leadProducts.get(), page, loading: true });
    const answer = await api.leadProducts({ leadId, page, per_page: secondPerPage });
    if (destroyed || seq !== leadSeq) return;
    $leadProducts.set(pageOf(answer, page));
  }

  async function loadProductsHtml(): Promise<void> {
    const leadId = lead();
    const seq = ++htmlSeq;
    if (leadId === null) return;
    const answer = await api.productsHtml(leadId, options.lang?.());
    if (!destroyed && seq === htmlSeq && answer.success) $productsHtml.set(answer.data.html);
  }

  /** The deal's settings (its order, disable_add): only the newest answer counts, so another deal's never shows here. */
  async function loadConfig(): Promise<void> {
    const seq = ++configSeq;
    try {
      const config = await api.config(lead() === null ? {} : { leadId: lead() as number });
      if (destroyed || seq !== configSeq) return;
      $config.set(config);
      $configError.set(null);
    } catch (error) {
      if (!destroyed && seq === configSeq) $configError.set((error as Error).message);
    }
  }

  /**
   * What the lead holds, and its order: the first add makes the deal's order, which 'Open Stockroom' then
   * opens (config's order_id), and may lock its products.
   */
  function reloadLead(): Promise<unknown> {
    return Promise.all([loadConfig(), loadLeadProducts($leadProducts.get().page), loadProductsHtml()]);
  }

  /** The warehouse to add goods from: the lead's wire (spec 2 §5: a chosen warehouse always goes with the id). */
  function warehouseFor(product: DealProduct): string | null {
    const chosen = $wire.get().value;
    return !chosen || isService(product.type) ? null : chosen;
  }

  async function addToDeal(product: DealProduct, quantity: number = DEFAULT_QUANTITY): Promise<void> {
    const leadId = lead();
    if ($disableAdd.get() || leadId === null) return;
    $addInFlight.set(true);
    $add.set({ status: 'adding', productId: product.id });
    // The answer belongs to the deal it was made for: shown only while that deal is still the one open.
    const stillThisDeal = () => !destroyed && lead() === leadId;
    try {
      const answer = await api.addProduct({ productId: productIdentifier(product, warehouseFor(product)), leadId, quantity });
      if (destroyed) return;
      const rows = answer.order.positions.filter((row) => row.product_id === product.id);
      // The host refreshes the changed deal's card even when another deal is open by now.
      options.onAdded?.(rows, leadId);
      // The other widgets of the lead (the card tab, another tab of the browser) show the new position too.
      postWire({ id: newMessageId(), leadId: String(leadId), kind: 'products' });
      if (!stillThisDeal()) return;
      $add.set({ status: 'added', productId: product.id, rows });
      void reloadLead();
    } catch (error) {
      if (stillThisDeal()) $add.set({ status: 'failed', productId: product.id, message: (error as Error).message });
    } finally {
      if (!destroyed) $addInFlight.set(false);
    }
  }

  /* ------------------------------------------------------------------ wire */

  function postWire(message: Parameters<WireChannel['post']>[0]): void {
    options.wire?.post(message);
  }

  /** This widget chooses a warehouse for the lead (empty lets go); refused while another source holds another one. */
  function chooseWire(value: string | null): boolean {
    if (lead() === null) return false;
    const { state, result } = applyWireChange($wire.get(), { source: options.source, value });
    if (result.kind === 'refused') {
      $wireNotice.set({ kind: 'refused', heldBy: result.heldBy });
      return false;
    }
    $wireNotice.set(null);
    if (result.kind === 'unchanged') return true;
    $wire.set(state);
    postWire({ id: newMessageId(), leadId: leadKey(), kind: 'change', source: options.source, value: state.sources.includes(options.source) ? state.value : null });
    return true;
  }

  function onWireMessage(message: Parameters<Parameters<WireChannel['subscribe']>[0]>[0]): void {
    if (destroyed || message.leadId !== leadKey()) return;
    if (message.kind === 'products') void reloadLead();
    else if (message.kind === 'change') {
      const mine = $wire.get().sources.includes(options.source);
      const state = applyRemoteWireChange($wire.get(), { source: message.source, value: message.value }).state;
      $wire.set(state);
      // 'Held by …' is over once none of those holders holds the wire any more; a choice lost to a
      // simultaneous one says who holds it now.
      const notice = $wireNotice.get();
      if (mine && !state.sources.includes(options.source)) $wireNotice.set({ kind: 'refused', heldBy: [...state.sources] });
      else if (notice && !notice.heldBy.some((holder) => state.sources.includes(holder))) $wireNotice.set(null);
    } else if (message.kind === 'hello') {
      const state = $wire.get();
      if (state.sources.length) postWire({ id: newMessageId(), leadId: message.leadId, kind: 'state', sources: [...state.sources], value: state.value });
    } else if (message.kind === 'state' && $wire.get().sources.length === 0 && message.sources.length) {
      $wire.set({ sources: message.sources, value: message.value });
    }
  }

  /** Lets go of the lead's wire, if this widget holds it (unmount, another deal, the page going away). */
  function leaveWire(): void {
    if ($wire.get().sources.includes(options.source)) chooseWire(null);
  }

  function greetWire(): void {
    if (lead() !== null) postWire({ id: newMessageId(), leadId: leadKey(), kind: 'hello' });
  }

  /* ------------------------------------------------------------------ life cycle */

  async function start(): Promise<void> {
    greetWire();
    await Promise.all([loadConfig(), loadCategories(), openCategory(null), loadLeadProducts(), loadProductsHtml()]);
  }

  /** The host opened another lead: let go of this lead's wire, forget its state, load the new one. */
  function setLead(leadId: number | null): Promise<void> {
    if (leadId === lead()) return Promise.resolve();
    leaveWire();
    $leadId.set(leadId);
    $wire.set(EMPTY_WIRE);
    $wireNotice.set(null);
    $add.set({ status: 'idle' });
    $leadProducts.set(emptyList());
    $productsHtml.set('');
    greetWire();
    return reloadLead().then(() => undefined);
  }

  function destroy(): void {
    leaveWire();
    destroyed = true;
    clearTimeout(searchTimer);
    searchAbort?.abort();
    offWire?.();
    for (const off of unlisten) off();
  }

  return {
    $leadId,
    $query,
    $suggestions,
    $searching,
    $categories,
    $list,
    $leadProducts,
    $config,
    $configError,
    $productsHtml,
    $add,
    $disableAdd,
    $wire,
    $wireNotice,
    search,
    loadCategories,
    openCategory,
    turnPage,
    loadLeadProducts,
    loadProductsHtml,
    loadConfig,
    addToDeal,
    chooseWire,
    leaveWire,
    start,
    setLead,
    destroy,
  };
}

export type WidgetStore = ReturnType<typeof createWidgetStore>;
