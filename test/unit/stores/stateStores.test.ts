import { beforeEach, describe, expect, it } from 'vitest';
import type { Pipeline } from '../../../src/contract/pipelines';
import { $account, $currency, loadAccount, resetAccount } from '../../../src/stores/account';
import { changeLanguage, initialLanguage, setLanguageReloader } from '../../../src/stores/language';
import { $path } from '../../../src/stores/navigation';
import { $editProductIndex, $homeBlurred, $overlays, closeAllOverlays, closeOverlay, EXCLUSIVE, NON_BLURRING, openOverlay, OVERLAYS, type OverlayName } from '../../../src/stores/overlays';
import { $pipelineOptions, $pipelines, $selectedPipeline, loadPipelines, resolveSelectedPipeline, selectPipeline } from '../../../src/stores/pipelines';
import { $token } from '../../../src/stores/session';
import { useApiFake } from '../../support/apiFake';

const pipelines: Pipeline[] = [
  { id: 4, value: 4, name: 'Sales', statuses: [] },
  { id: 9, value: 9, name: 'Main', statuses: [], is_system: true },
];

const { calls, answers } = useApiFake();
beforeEach(() => {
  $path.set('/orders');
});

describe('pipelines store', () => {
  it.each<[string | null, number, string]>([
    ['4', 4, 'the saved selection is restored when it exists'],
    ['-1', -1, "the synthetic 'All' (-1) is always a valid selection"],
    ['77', 9, 'a saved id that no longer exists falls back to the system pipeline'],
    [null, 9, 'nothing saved falls back to the system pipeline'],
  ])('saved %s → %s: %s', (saved, expected) => {
    expect(resolveSelectedPipeline(pipelines, saved)).toBe(expected);
  });

  it('without a system pipeline the first is used, and none at all gives null', () => {
    expect(resolveSelectedPipeline([pipelines[0]], null)).toBe(4);
    expect(resolveSelectedPipeline([], null)).toBeNull();
  });

  it("selection persists under selectedPipeline and 'All' comes first in the options", () => {
    $pipelines.set(pipelines);
    selectPipeline(4);
    expect(localStorage.getItem('selectedPipeline')).toBe('4');
    expect($selectedPipeline.get()).toBe(4);
    expect($pipelineOptions.get()[0]).toMatchObject({ id: -1, value: -1, name: 'All' });
  });

  it('loads once and caches until a forced update; a non-array answer is not stored', async () => {
    answers['/api/orders/pipelines/list'] = { status: 200, body: pipelines };
    await loadPipelines();
    await loadPipelines();
    expect(calls).toHaveLength(1);
    answers['/api/orders/pipelines/list'] = { status: 200, body: { not: 'an array' }, offContract: 'the store must survive a malformed answer' };
    await loadPipelines({ force: true });
    expect(calls).toHaveLength(2);
    expect($pipelines.get()).toEqual(pipelines);
  });

  it('public mode asks public-order/pipelines', async () => {
    $path.set('/publicOrder');
    answers['/api/public-order/pipelines'] = { status: 200, body: pipelines };
    await loadPipelines({ force: true });
    expect(calls[0].path).toBe('/api/public-order/pipelines');
  });
});

describe('account store', () => {
  beforeEach(() => resetAccount());

  it('loads once; concurrent callers share one request', async () => {
    answers['/api/account/config'] = { status: 200, body: { account: { id: 2, name: 'A', expired: false }, user: { id: 1, name: 'U' } } };
    await Promise.all([loadAccount(), loadAccount()]);
    await loadAccount();
    expect(calls).toHaveLength(1);
    expect($account.get()).toMatchObject({ loaded: true, account: { id: 2 } });
  });

  it.each([
    [{ id: 1, name: 'A', expired: false }, 'RUB'],
    [{ id: 1, name: 'A', expired: false, is_kommo: true }, 'USD'],
    [{ id: 1, name: 'A', expired: false, is_kommo: 1 }, 'USD'],
  ])('default currency of %j is %s', async (account, currency) => {
    answers['/api/account/config'] = { status: 200, body: { account, user: { id: 1, name: 'U' } } };
    await loadAccount({ force: true });
    expect($currency.get()).toBe(currency);
  });

  it('a failed load leaves the account not loaded', async () => {
    answers['/api/account/config'] = { status: 500, body: { error: 'down' } };
    const state = await loadAccount();
    expect(state.loaded).toBe(false);
  });
});

describe('language store', () => {
  it('changing the language saves it, tells the server when signed in, and reloads', async () => {
    let reloaded = 0;
    setLanguageReloader(() => reloaded++);
    $token.set('tok');
    answers['/api/account/user/update'] = { status: 200, body: { user: { id: 1, name: 'Demo Admin', lang: 'ru' } } };
    await changeLanguage('ru');
    expect(localStorage.getItem('lang')).toBe('ru');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST' });
    expect(calls[0].body).toEqual({ lang: 'ru' });
    expect(reloaded).toBe(1);
  });

  it('without a login token the choice is only saved locally', async () => {
    setLanguageReloader(() => undefined);
    $token.set(null);
    await changeLanguage('en');
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem('lang')).toBe('en');
  });

  it('the saved choice wins over the browser language', () => {
    localStorage.setItem('lang', 'ru');
    expect(initialLanguage()).toBe('ru');
  });
});

describe('overlays store', () => {
  beforeEach(() => closeAllOverlays());

  // shell-and-screens.md §2 "Overlays", in the spec's order, and the flag each one is.
  const SPEC_OVERLAYS: readonly (readonly [string, string])[] = [
    ['edit product modal (with index)', 'editProduct'],
    ['settings', 'settings'],
    ['filter', 'filter'],
    ['table settings', 'tableSettings'],
    ['buttons', 'buttons'],
    ['edit stuff', 'editStuff'],
    ['sync', 'sync'],
    ['new position', 'newPosition'],
    ['cancel position', 'cancelPosition'],
    ['document settings', 'documentSettings'],
    ['business-process settings', 'businessProcessSettings'],
    ['product properties', 'productProperties'],
    ['product category', 'productCategory'],
    ['sync settings', 'syncSettings'],
    ['import', 'import'],
    ['third-party integrations', 'thirdPartyIntegrations'],
    ['edit price', 'editPrice'],
    ['task center', 'taskCenter'],
    ['move products between warehouses', 'moveProducts'],
    ['report creation', 'reportCreation'],
    ['clients fields settings', 'clientsFieldsSettings'],
    ['entity settings', 'entitySettings'],
  ];
  const EXCLUSIVE_BY_SPEC = ['settings', 'taskCenter', 'editProduct'];
  const BLUR_EXCEPTIONS = ['filter', 'buttons'];

  it('names every overlay flag of the spec, exactly those, all closed at first', () => {
    expect([...OVERLAYS]).toEqual(SPEC_OVERLAYS.map(([, name]) => name));
    expect(Object.keys($overlays.get()).sort()).toEqual([...OVERLAYS].sort());
    expect(Object.values($overlays.get()).every((open) => open === false)).toBe(true);
    expect([...EXCLUSIVE].sort()).toEqual([...EXCLUSIVE_BY_SPEC].sort());
    expect([...NON_BLURRING].sort()).toEqual([...BLUR_EXCEPTIONS].sort());
  });

  it.each(SPEC_OVERLAYS)('%s (%s) opens and closes its own flag only', (_phrase, name) => {
    const flag = name as OverlayName;
    expect(openOverlay(flag)).toBe(true);
    expect(Object.entries($overlays.get()).filter(([, open]) => open)).toEqual([[flag, true]]);
    closeOverlay(flag);
    expect($overlays.get()[flag]).toBe(false);
  });

  it.each(SPEC_OVERLAYS)('%s (%s): blurs the home screen unless it is a side popover', (_phrase, name) => {
    const flag = name as OverlayName;
    openOverlay(flag);
    expect($homeBlurred.get()).toBe(!BLUR_EXCEPTIONS.includes(name));
    closeOverlay(flag);
    expect($homeBlurred.get()).toBe(false);
  });

  it('the edit product modal keeps the index it was opened with, and drops it on close', () => {
    openOverlay('editProduct', { index: 3 });
    expect($editProductIndex.get().index).toBe(3);
    closeOverlay('editProduct');
    expect($editProductIndex.get().index).toBeNull();
    openOverlay('editProduct', { index: 0 });
    closeAllOverlays();
    expect([$editProductIndex.get().index, $overlays.get().editProduct]).toEqual([null, false]);
  });

  it('only settings, task center and the edit modal disable the others; the rest stack', () => {
    for (const [, name] of SPEC_OVERLAYS) {
      closeAllOverlays();
      const first = name as OverlayName;
      expect(openOverlay(first)).toBe(true);
      const others = OVERLAYS.filter((other) => other !== first);
      if (EXCLUSIVE_BY_SPEC.includes(name)) {
        // Every other overlay, exclusive or not, is refused and stays closed.
        expect(others.filter((other) => openOverlay(other)), name).toEqual([]);
        expect(Object.entries($overlays.get()).filter(([, open]) => open), name).toEqual([[first, true]]);
      } else {
        // Every other plain overlay opens beside it.
        const plain = others.filter((other) => !EXCLUSIVE_BY_SPEC.includes(other));
        expect(plain.filter((other) => !openOverlay(other)), name).toEqual([]);
        expect(OVERLAYS.filter((flag) => $overlays.get()[flag]).length, name).toBe(plain.length + 1);
      }
    }
  });

  it('the home screen is blurred while a modal is open, not for the filter popover', () => {
    openOverlay('filter');
    expect($homeBlurred.get()).toBe(false);
    openOverlay('import');
    expect($homeBlurred.get()).toBe(true);
    closeOverlay('import');
    expect($homeBlurred.get()).toBe(false);
  });

  it.each(['settings', 'taskCenter', 'editProduct'] as const)('%s disables the other overlays while open', (exclusive) => {
    expect(openOverlay(exclusive)).toBe(true);
    expect(openOverlay('sync')).toBe(false);
    expect($overlays.get().sync).toBe(false);
    closeOverlay(exclusive);
    expect(openOverlay('sync')).toBe(true);
  });
});
