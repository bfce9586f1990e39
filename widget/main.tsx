import { createRoot } from 'react-dom/client';
import css from './styles.css?raw';
import { WidgetRoot } from './WidgetRoot';

export interface WidgetMountOptions {
  theme?: 'light' | 'dark';
}

/** Mounts one widget into the element the host gives; returns the unmount function. */
export function mountWidget(host: Element, options: WidgetMountOptions = {}): () => void {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = css;
  const container = document.createElement('div');
  shadow.append(style, container);
  const root = createRoot(container);
  root.render(<WidgetRoot theme={options.theme ?? 'light'} />);
  return () => {
    root.unmount();
    style.remove();
    container.remove();
  };
}

declare global {
  interface Window {
    StockroomWidget?: { mount: typeof mountWidget };
  }
}

window.StockroomWidget = { mount: mountWidget };
