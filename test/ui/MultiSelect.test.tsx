import { describe, expect, it, vi } from 'vitest';
import { MultiSelect, type SelectOption } from '../../src/ui';
import { all, click, get, press, render } from './render';

const OPTIONS: SelectOption[] = [
  { name: 'Warm', value: 'warm', optgroup: true },
  { name: 'Red', value: 1 },
  { name: 'Orange', value: 2 },
  'Blue',
];

function setup(value: string[], disabled = false) {
  const onChange = vi.fn<(value: string[]) => void>();
  const rendered = render(<MultiSelect label="Tags" options={OPTIONS} value={value} onChange={onChange} disabled={disabled} />);
  const combo = get(rendered.container, '[role="combobox"]');
  const list = get(rendered.container, '[role="listbox"]');
  const option = (name: string) => all(list, '[role="option"]').find((el) => el.textContent?.includes(name)) as HTMLElement;
  return { ...rendered, onChange, combo, list, option };
}

describe('MultiSelect', () => {
  it('the value is the list of chosen option names, shown on the control', () => {
    const { container, option } = setup(['Red', 'Blue']);
    expect(get(container, '.ui-dropdown__text').textContent).toBe('Red, Blue');
    expect(option('Red').getAttribute('aria-selected')).toBe('true');
    expect(option('Orange').getAttribute('aria-selected')).toBe('false');
    expect(get(option('Blue'), '.ui-dropdown__tick').textContent).toBe('✓');
  });

  it("shows 'not selected' when nothing is chosen", () => {
    expect(get(setup([]).container, '.ui-dropdown__text').textContent).toBe('Not selected');
  });

  it('toggling an unchosen option emits the list with its name added', () => {
    const { combo, option, onChange } = setup(['Red']);
    click(combo);
    click(option('Blue'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['Red', 'Blue']);
  });

  it('toggling a chosen option emits the list without it', () => {
    const { combo, option, onChange } = setup(['Red', 'Orange']);
    click(combo);
    click(option('Red'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['Orange']);
  });

  it('stays open while toggling so several options can be chosen, and is multiselectable', () => {
    const { combo, list, option } = setup([]);
    click(combo);
    click(option('Red'));
    expect(combo.getAttribute('aria-expanded')).toBe('true');
    expect(list.getAttribute('aria-multiselectable')).toBe('true');
    press(combo, 'Escape');
    expect(combo.getAttribute('aria-expanded')).toBe('false');
  });

  it('group headers cannot be toggled', () => {
    const { container, combo, onChange } = setup([]);
    click(combo);
    click(get(container, '.ui-dropdown__group-label'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('disabled: does not open and shows no arrow', () => {
    const { container, combo, onChange } = setup(['Red'], true);
    click(combo);
    expect(combo.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('.ui-dropdown__arrow')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });
});
