import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_LOADING_TIMEOUT_MS, ImageCarousel, type CarouselFloat, type CarouselPreviewSize } from '../../src/ui';
import { all, click, fire, get, press, render } from './render';

// Paths happy-dom does not fetch, so load and error happen only when a test fires them.
const IMAGES = ['/images/1.png', '/images/2.png', '/images/3.png'];

function setup(props: { images?: string[]; preview?: CarouselPreviewSize; float?: CarouselFloat; disabled?: boolean } = {}) {
  const rendered = render(<ImageCarousel label="Product images" images={props.images ?? IMAGES} {...props} />);
  const counter = () => get(rendered.container, '.ui-carousel__counter [aria-hidden="true"]').textContent;
  const visible = () => all<HTMLElement>(rendered.container, '.ui-carousel__slide').findIndex((slide) => !slide.hidden);
  const next = get<HTMLButtonElement>(rendered.container, '.ui-carousel__next');
  const prev = get<HTMLButtonElement>(rendered.container, '.ui-carousel__prev');
  const stage = get(rendered.container, '.ui-carousel__stage');
  const spinners = () => all(rendered.container, '.ui-carousel__loading').length;
  return { ...rendered, counter, visible, next, prev, stage, spinners };
}

function hover(element: Element, inside: boolean): void {
  act(() => {
    element.dispatchEvent(new MouseEvent(inside ? 'mouseover' : 'mouseout', { bubbles: true, relatedTarget: document.body }));
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ImageCarousel', () => {
  it('is a labelled carousel region with named previous/next buttons', () => {
    const { container, prev, next } = setup();
    const region = get(container, 'section');
    expect(region.getAttribute('aria-label')).toBe('Product images');
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(get(container, 'figure').getAttribute('aria-roledescription')).toBe('slide');
    expect(prev.getAttribute('aria-label')).toBe('Previous image');
    expect(next.getAttribute('aria-label')).toBe('Next image');
  });

  it("counts positions as '1 / N' and shows only the current image", () => {
    const { counter, visible, next } = setup();
    expect(counter()).toBe('1 / 3');
    expect(visible()).toBe(0);
    click(next);
    expect(counter()).toBe('2 / 3');
    expect(visible()).toBe(1);
  });

  it('wraps from the last image to the first going forward', () => {
    const { counter, next, visible } = setup();
    click(next);
    click(next);
    expect(counter()).toBe('3 / 3');
    click(next);
    expect(counter()).toBe('1 / 3');
    expect(visible()).toBe(0);
  });

  it('wraps from the first image to the last going back', () => {
    const { counter, prev, visible } = setup();
    click(prev);
    expect(counter()).toBe('3 / 3');
    expect(visible()).toBe(2);
  });

  it('ArrowLeft/ArrowRight move between images', () => {
    const { counter, next } = setup();
    press(next, 'ArrowRight');
    expect(counter()).toBe('2 / 3');
    press(next, 'ArrowLeft');
    press(next, 'ArrowLeft');
    expect(counter()).toBe('3 / 3');
  });

  it('gives every image an alternative text with its position', () => {
    const { container } = setup();
    expect(all<HTMLImageElement>(container, '.ui-carousel__image').map((img) => img.alt)).toEqual([
      'Image 1 of 3',
      'Image 2 of 3',
      'Image 3 of 3',
    ]);
  });

  it('shows a loading indicator per image that goes away on load', () => {
    const { container, spinners } = setup();
    expect(spinners()).toBe(3);
    fire(all(container, '.ui-carousel__image')[1], 'load');
    expect(spinners()).toBe(2);
    const slide = all<HTMLElement>(container, '.ui-carousel__slide')[1];
    expect(slide.querySelector('.ui-carousel__loading')).toBeNull();
  });

  it(`loading indicators time out after ${CAROUSEL_LOADING_TIMEOUT_MS} ms`, () => {
    expect(CAROUSEL_LOADING_TIMEOUT_MS).toBe(5000);
    vi.useFakeTimers();
    const { spinners } = setup();
    expect(spinners()).toBe(3);
    act(() => vi.advanceTimersByTime(CAROUSEL_LOADING_TIMEOUT_MS - 1));
    expect(spinners()).toBe(3);
    act(() => vi.advanceTimersByTime(1));
    expect(spinners()).toBe(0);
  });

  it('an image that fails to load says so', () => {
    const { container } = setup();
    fire(all(container, '.ui-carousel__image')[0], 'error');
    expect(get(container, '.ui-carousel__failed').textContent).toBe('The image did not load');
  });

  it.each(['m', 'l', 'f'] as const)("hover shows a preview of size '%s' of the current image", (size) => {
    const { container, stage, next } = setup({ preview: size });
    click(next);
    expect(container.querySelector('.ui-carousel__preview')).toBeNull();
    hover(stage, true);
    const preview = get(container, '.ui-carousel__preview');
    expect(preview.classList.contains(`ui-carousel__preview--${size}`)).toBe(true);
    expect(get<HTMLImageElement>(preview, 'img').getAttribute('src')).toBe(IMAGES[1]);
    hover(stage, false);
    expect(container.querySelector('.ui-carousel__preview')).toBeNull();
  });

  it('the preview is reachable by keyboard and Escape closes it', () => {
    const { container } = setup();
    const toggle = get(container, '.ui-carousel__preview-toggle');
    expect(toggle.getAttribute('aria-label')).toBe('Preview');
    click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    press(toggle, 'Escape');
    expect(container.querySelector('.ui-carousel__preview')).toBeNull();
  });

  it.each(['left', 'right'] as const)("floats %s", (float) => {
    const { container } = setup({ float });
    expect(get(container, 'section').classList.contains(`ui-carousel--float-${float}`)).toBe(true);
  });

  it('disabled: previous and next are disabled and do nothing', () => {
    const { counter, next, prev } = setup({ disabled: true });
    expect(next.disabled).toBe(true);
    expect(prev.disabled).toBe(true);
    press(next, 'ArrowRight');
    expect(counter()).toBe('1 / 3');
  });

  it('a single image has nowhere to move', () => {
    const { counter, next } = setup({ images: [IMAGES[0]] });
    expect(counter()).toBe('1 / 1');
    expect(next.disabled).toBe(true);
  });
});
