import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import GalleryScreen from '../../shell/features/gallery/GalleryScreen';
import { $notifications, clearNotifications } from '../../src/stores/notifications';
import { all, click, get, render } from './render';

// The /qwe gallery lives in shell/features but only shows src/ui controls, so it is checked here.

const SECTIONS = [
  'checkbox',
  'decimal',
  'whole',
  'text',
  'textarea',
  'select',
  'multiselect',
  'date',
  'datetime',
  'dropdown',
  'carousel',
  'notifications',
  'navbar',
];

afterEach(() => {
  act(() => clearNotifications());
});

describe('GalleryScreen (/qwe)', () => {
  it('shows every control in its own labelled section', () => {
    const { container } = render(<GalleryScreen />);
    for (const control of SECTIONS) {
      const section = get(container, `[data-testid="gallery-${control}"]`);
      const heading = get(section, 'h2');
      expect(section.getAttribute('aria-labelledby')).toBe(heading.id);
    }
  });

  it('has a select with colours and group headers, and a disabled select without an arrow', () => {
    const { container } = render(<GalleryScreen />);
    const section = get(container, '[data-testid="gallery-select"]');
    const [enabled, disabled] = all(section, '.ui-dropdown');
    expect(all(enabled, '.ui-dropdown__group-label').length).toBeGreaterThan(0);
    expect(all(enabled, '.ui-dropdown__option--colored').length).toBeGreaterThan(0);
    expect(disabled.querySelector('.ui-dropdown__arrow')).toBeNull();
    expect(get(disabled, '[role="combobox"]').getAttribute('aria-disabled')).toBe('true');
  });

  it('has a carousel of three inline images', () => {
    const { container } = render(<GalleryScreen />);
    const images = all<HTMLImageElement>(get(container, '[data-testid="gallery-carousel"]'), '.ui-carousel__image');
    expect(images).toHaveLength(3);
    for (const image of images) expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('its button shows a notification', () => {
    const { container } = render(<GalleryScreen />);
    const section = get(container, '[data-testid="gallery-notifications"]');
    click(get(section, 'button.gallery-button'));
    expect($notifications.get()).toHaveLength(1);
    expect($notifications.get()[0].type).toBe(1);
  });

  it('its buttons toggle, disable and enable the navigation bar', () => {
    const { container } = render(<GalleryScreen />);
    const section = get(container, '[data-testid="gallery-navbar"]');
    const [toggle, enable, disable] = all<HTMLButtonElement>(section, 'button');
    const state = () => get(section, 'nav').getAttribute('data-state');
    expect(state()).toBe('enabled');
    click(toggle);
    expect(state()).toBe('disabled');
    click(enable);
    expect(state()).toBe('enabled');
    click(disable);
    expect(state()).toBe('disabled');
  });
});
