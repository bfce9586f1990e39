import { beforeEach, describe, expect, it } from 'vitest';
import { $editProductIndex, $homeBlurred, $overlays, closeAllOverlays, closeOverlay, EXCLUSIVE, NON_BLURRING, openOverlay, OVERLAYS, type OverlayName } from '../../../shell/stores/overlays';

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
