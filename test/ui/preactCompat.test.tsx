import { describe, expect, it, vi } from 'vitest';

// The widget bundle aliases react to @preact/compat; these tests render the same controls
// through preact/compat to show they rely on nothing React-only.
vi.mock('react', async () => await import('preact/compat'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'));

const { render } = await import('preact');
const { act } = await import('preact/test-utils');
const ui = await import('../../src/ui');

function mount(node: Parameters<typeof render>[0]): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(node, container));
  return container;
}

function typeAndBlur(input: HTMLInputElement, text: string): void {
  act(() => {
    input.focus();
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => input.blur());
}

describe('controls under preact/compat', () => {
  it("'react' resolves to preact/compat in this file", async () => {
    const react: Record<string, unknown> = await import('react');
    // render() is a preact/compat export that React 19 no longer has.
    expect(typeof react.render).toBe('function');
  });

  it('the dropdown works by keyboard and closes on losing focus', () => {
    const onChange = vi.fn();
    const container = mount(<ui.Select label="Size" options={['S', 'M', 'L']} value={0} onChange={onChange} />);
    const combo = container.querySelector('[role="combobox"]') as HTMLElement;
    const key = (name: string) =>
      act(() => {
        combo.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
      });
    act(() => combo.focus());
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(1, { name: 'M', value: 1 });
    key('ArrowDown');
    expect(combo.getAttribute('aria-expanded')).toBe('true');
    act(() => combo.blur());
    expect(combo.getAttribute('aria-expanded')).toBe('false');
  });

  it('the whole-number input commits on blur, integer and clamped', () => {
    const onChange = vi.fn();
    const container = mount(<ui.WholeNumberInput label="Count" value={1} max={5} onChange={onChange} />);
    const input = container.querySelector('input') as HTMLInputElement;
    act(() => {
      input.value = '3';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(onChange).not.toHaveBeenCalled();
    typeAndBlur(input, '9.5');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(5);
  });

  it('the text input emits once on blur when the text differs', () => {
    const onChange = vi.fn();
    const container = mount(<ui.TextInput label="Name" value="a" onChange={onChange} />);
    const input = container.querySelector('input') as HTMLInputElement;
    typeAndBlur(input, 'a');
    typeAndBlur(input, 'b');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('b');
  });

  it('the select opens, chooses and skips the current option', () => {
    const onChange = vi.fn();
    const container = mount(<ui.Select label="Size" options={['S', 'M', 'L']} value={0} onChange={onChange} />);
    const combo = container.querySelector('[role="combobox"]') as HTMLElement;
    act(() => combo.click());
    expect(combo.getAttribute('aria-expanded')).toBe('true');
    const options = [...container.querySelectorAll<HTMLElement>('[role="option"]')];
    act(() => options[0].click());
    expect(onChange).not.toHaveBeenCalled();
    act(() => combo.click());
    act(() => options[2].click());
    expect(onChange).toHaveBeenCalledExactlyOnceWith(2, { name: 'L', value: 2 });
    expect(combo.getAttribute('aria-expanded')).toBe('false');
  });

  it('the checkbox emits the new flag', () => {
    const onChange = vi.fn();
    const container = mount(<ui.Checkbox label="Flag" value={false} onChange={onChange} />);
    act(() => (container.querySelector('input') as HTMLInputElement).click());
    expect(onChange).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('the carousel wraps and counts', () => {
    const container = mount(<ui.ImageCarousel label="Images" images={['/a.png', '/b.png']} />);
    const next = container.querySelector('.ui-carousel__next') as HTMLButtonElement;
    const counter = () => container.querySelector('.ui-carousel__counter [aria-hidden="true"]')?.textContent;
    act(() => next.click());
    expect(counter()).toBe('2 / 2');
    act(() => next.click());
    expect(counter()).toBe('1 / 2');
  });
});
