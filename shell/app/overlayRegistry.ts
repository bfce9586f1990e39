import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { OverlayName } from '../stores/overlays';

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
  documentSettings: lazy(() => import('../features/documents/DocumentSettingsOverlay')),
};
