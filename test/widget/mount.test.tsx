import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountWidget } from '../../widget/main';

describe('widget mount', () => {
  it('renders inside a shadow root of the host element, and unmount leaves it empty', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    let unmount = () => {};
    await act(async () => {
      unmount = mountWidget(host, { theme: 'dark' });
    });
    const widget = host.shadowRoot?.querySelector('[data-testid="stockroom-widget"]');
    expect(widget?.textContent).toBe('Product search');
    expect(widget?.className).toContain('sr-widget-dark');
    expect(host.shadowRoot?.querySelector('style')?.textContent).toContain(':host');
    expect(document.querySelector('[data-testid="stockroom-widget"]')).toBeNull();
    await act(async () => unmount());
    expect(host.shadowRoot?.childElementCount).toBe(0);
  });

  it('two widgets on one page are independent', async () => {
    const first = document.createElement('div');
    const second = document.createElement('div');
    document.body.append(first, second);
    let unmountFirst = () => {};
    await act(async () => {
      unmountFirst = mountWidget(first);
      mountWidget(second);
    });
    await act(async () => unmountFirst());
    expect(first.shadowRoot?.childElementCount).toBe(0);
    expect(second.shadowRoot?.querySelector('[data-testid="stockroom-widget"]')).not.toBeNull();
  });
});
