import { computed, map } from 'nanostores';

/** Every modal and panel flag the spec names (shell §2 "Overlays"). */
export const OVERLAYS = [
  'editProduct',
  'settings',
  'filter',
  'tableSettings',
  'buttons',
  'editStuff',
  'sync',
  'newPosition',
  'cancelPosition',
  'documentSettings',
  'businessProcessSettings',
  'productProperties',
  'productCategory',
  'syncSettings',
  'import',
  'thirdPartyIntegrations',
  'editPrice',
  'taskCenter',
  'moveProducts',
  'reportCreation',
  'clientsFieldsSettings',
  'entitySettings',
] as const;
export type OverlayName = (typeof OVERLAYS)[number];

/** Small popovers that sit beside the content rather than over it: they do not blur the home screen. */
export const NON_BLURRING: ReadonlySet<OverlayName> = new Set(['filter', 'buttons']);
/** While one of these is open no other overlay may open. */
export const EXCLUSIVE: ReadonlySet<OverlayName> = new Set(['settings', 'taskCenter', 'editProduct']);

type OverlayFlags = Record<OverlayName, boolean>;

const closed = Object.fromEntries(OVERLAYS.map((name) => [name, false])) as OverlayFlags;

export const $overlays = map<OverlayFlags>({ ...closed });
/** Which product the edit modal shows. */
export const $editProductIndex = map<{ index: number | null }>({ index: null });

export const $homeBlurred = computed($overlays, (flags) =>
  OVERLAYS.some((name) => flags[name] && !NON_BLURRING.has(name)),
);

export const $exclusiveOverlay = computed($overlays, (flags) => OVERLAYS.find((name) => flags[name] && EXCLUSIVE.has(name)) ?? null);

/** Opens an overlay; refused (false) while an exclusive one other than it is open. */
export function openOverlay(name: OverlayName, options: { index?: number } = {}): boolean {
  const exclusive = $exclusiveOverlay.get();
  if (exclusive && exclusive !== name) return false;
  if (name === 'editProduct') $editProductIndex.setKey('index', options.index ?? null);
  $overlays.setKey(name, true);
  return true;
}

export function closeOverlay(name: OverlayName): void {
  if (name === 'editProduct') $editProductIndex.setKey('index', null);
  $overlays.setKey(name, false);
}

export function closeAllOverlays(): void {
  $overlays.set({ ...closed });
  $editProductIndex.setKey('index', null);
}
