import './texts';
import type { ComponentType } from 'react';
import { t, type MessageKey } from '../../../src/i18n';
import { Dialog } from '../../../src/ui/Dialog';
import { closeOverlay, type OverlayName } from '../../stores/overlays';
import { CustomerFieldsPanel, EntitySettingsPanel, ProductCategoriesPanel, ProductPropertiesPanel } from './panels';

/** The overlays of the spec that open these panels directly (shell §2 'Overlays'); the settings frame shows the same panels as sections. */
function overlayOf(name: OverlayName, title: MessageKey, Panel: ComponentType): ComponentType {
  return function EntitySettingsOverlay() {
    return (
      <Dialog title={t(title)} onClose={() => closeOverlay(name)} className="es-overlay" closeOnBackdrop={false}>
        <Panel />
      </Dialog>
    );
  };
}

/** The overlays these panels open as; the app registry names them by overlay (shell/app/overlayRegistry.ts). */
export type EntityOverlay = 'entitySettings' | 'productProperties' | 'productCategory' | 'clientsFieldsSettings';

export const panels: Record<EntityOverlay, ComponentType> = {
  entitySettings: overlayOf('entitySettings', 'settings.entitySettings', EntitySettingsPanel),
  productProperties: overlayOf('productProperties', 'settings.productProperties', ProductPropertiesPanel),
  productCategory: overlayOf('productCategory', 'settings.productCategories', ProductCategoriesPanel),
  clientsFieldsSettings: overlayOf('clientsFieldsSettings', 'settings.customerFieldSettings', CustomerFieldsPanel),
};

/** One overlay as the module React.lazy expects (kept here, so the app's first load carries less of it). */
export const asModule = (name: EntityOverlay) => ({ default: panels[name] });
