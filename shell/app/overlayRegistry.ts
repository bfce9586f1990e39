import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { EntityOverlay } from '../features/entitySettings/overlays';
import type { OverlayName } from '../stores/overlays';

/** One chunk holds the entity settings overlays (issue 17 §3); each opens its own panel. */
const ENTITY_OVERLAYS: readonly EntityOverlay[] = ['productProperties', 'productCategory', 'clientsFieldsSettings', 'entitySettings'];

/**
 * The overlay panels that exist so far, each a lazy chunk; later issues register theirs
 * (task center, import, sync, settings, ...). The home menu offers an overlay once it is here.
 */
export const OVERLAY_PANELS: Partial<Record<OverlayName, LazyExoticComponent<ComponentType>>> = {
  newPosition: lazy(() => import('../features/positions/NewPositionPanel')),
  cancelPosition: lazy(() => import('../features/positions/CancelPositionPanel')),
  editProduct: lazy(() => import('../features/stock/editor/ProductEditor')),
  moveProducts: lazy(() => import('../features/stock/operations/MovePanel')),
  editPrice: lazy(() => import('../features/stock/operations/PricePanel')),
  taskCenter: lazy(() => import('../features/tasks/TaskCenter')),
  import: lazy(() => import('../features/import/ImportPanel')),
  ...Object.fromEntries(ENTITY_OVERLAYS.map((name) => [name, lazy(() => import('../features/entitySettings/overlays').then((m) => m.asModule(name)))])),
  settings: lazy(() => import('../features/settings/SettingsOverlay')),
  businessProcessSettings: lazy(() => import('../features/business/BusinessProcessOverlay')),
  documentSettings: lazy(() => import('../features/documents/DocumentSettingsOverlay')),
};
