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

  it('each section holds its real, labelled controls (an empty section fails)', () => {
    const { container } = render(<GalleryScreen />);
    const section = (control: string) => get(container, `[data-testid="gallery-${control}"]`);
    /** The visible name of a control: its <label for>, or the element its aria-labelledby names. */
    const nameOf = (control: Element) => {
      const byFor = control.id ? container.querySelector(`label[for="${control.id}"]`) : null;
      const labelledBy = control.getAttribute('aria-labelledby');
      const byAria = labelledBy ? document.getElementById(labelledBy) : null;
      return (byFor ?? byAria)?.textContent?.trim() ?? '';
    };
    const labelled = <T extends Element>(controls: T[]) => {
      for (const control of controls) expect(nameOf(control)).not.toBe('');
      return controls;
    };

    const checkboxes = labelled(all<HTMLInputElement>(section('checkbox'), 'input[type="checkbox"]'));
    expect(checkboxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, false],
      [false, true],
    ]);

    const decimals = labelled(all<HTMLInputElement>(section('decimal'), 'input.ui-input--number'));
    expect(decimals.map((input) => [input.value, input.getAttribute('inputmode'), input.disabled])).toEqual([
      ['12.5', 'decimal', false],
      ['12.5', 'decimal', true],
    ]);

    const wholes = labelled(all<HTMLInputElement>(section('whole'), 'input[type="number"]'));
    expect(wholes.map((input) => [input.value, input.getAttribute('step'), input.getAttribute('max')])).toEqual([['3', '1', '10']]);

    const texts = labelled(all<HTMLInputElement>(section('text'), 'input[type="text"]'));
    expect(texts.map((input) => input.disabled)).toEqual([false, true]);

    const areas = labelled(all<HTMLTextAreaElement>(section('textarea'), 'textarea'));
    expect(areas.map((area) => [area.getAttribute('cols'), area.getAttribute('rows')])).toEqual([['30', '10']]);

    for (const [control, count] of [
      ['select', 2],
      ['multiselect', 1],
      ['dropdown', 2],
      ['notifications', 1],
    ] as const) {
      const toggles = labelled(all(section(control), '[role="combobox"][aria-haspopup="listbox"]'));
      expect(toggles, control).toHaveLength(count);
      for (const toggle of toggles) expect(get(toggle, '.ui-dropdown__text').textContent, control).not.toBe('');
    }
    expect(get(section('dropdown'), '.ui-dropdown__text').textContent).toBe('Green');

    const date = labelled(all<HTMLInputElement>(section('date'), 'input.ui-input--date'));
    expect(date.map((input) => input.value)).toEqual(['03/15/2024']);
    const dateTime = labelled(all<HTMLInputElement>(section('datetime'), 'input.ui-input--datetime'));
    expect(dateTime.map((input) => input.value)).toEqual(['03/15/2024, 09:30 AM']);

    const carousel = section('carousel');
    expect(get(carousel, '.ui-carousel__counter [aria-hidden="true"]').textContent).toBe('1 / 3');
    expect(get<HTMLButtonElement>(carousel, 'button.ui-carousel__prev').getAttribute('aria-label')).not.toBe('');
    expect(get<HTMLButtonElement>(carousel, 'button.ui-carousel__next').getAttribute('aria-label')).not.toBe('');

    expect(get(section('notifications'), 'button.gallery-button').textContent).not.toBe('');

    const nav = get(section('navbar'), 'nav');
    expect(nav.getAttribute('aria-label')).not.toBe('');
    expect(all<HTMLAnchorElement>(nav, 'a').map((link) => link.getAttribute('href'))).toEqual(['#/qwe', '#/orders', '#/documents']);
    expect(all(section('navbar'), 'button.gallery-button')).toHaveLength(3);
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
