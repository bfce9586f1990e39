import { describe, expect, it, vi } from 'vitest';
import { Select, type SelectOption } from '../../src/ui';
import { all, click, get, press, render } from './render';

const COLOURED: SelectOption[] = [
  { name: 'Warm', value: 'warm', optgroup: true },
  { name: 'Red', value: 1, color: '#ffcdd2' },
  { name: 'Orange', value: 2 },
  { name: 'Cold', value: 'cold', optgroup: true },
  { name: 'Blue', value: 3, color: '#bbdefb' },
];

function setup(props: { options?: SelectOption[]; value?: string | number | null; disabled?: boolean } = {}) {
  const onChange = vi.fn();
  const rendered = render(
    <Select label="Status" options={props.options ?? COLOURED} value={props.value ?? null} onChange={onChange} disabled={props.disabled} />,
  );
  const combo = get(rendered.container, '[role="combobox"]');
  const option = (name: string) => all(rendered.container, '[role="option"]').find((el) => el.textContent?.includes(name)) as HTMLElement;
  const shown = () => get(rendered.container, '.ui-dropdown__text').textContent;
  return { ...rendered, onChange, combo, option, shown };
}

describe('Select (single choice)', () => {
  it("shows the translated 'not selected' text while the value matches no option", () => {
    expect(setup({ value: null }).shown()).toBe('Not selected');
    expect(setup({ value: 99 }).shown()).toBe('Not selected');
  });

  it('shows the chosen option once the value matches (string and number values match)', () => {
    expect(setup({ value: 2 }).shown()).toBe('Orange');
    expect(setup({ value: '3' }).shown()).toBe('Blue');
  });

  it('a group heading value never counts as chosen', () => {
    expect(setup({ value: 'warm' }).shown()).toBe('Not selected');
  });

  it('plain string options use their position as the value', () => {
    const { combo, option, onChange, shown } = setup({ options: ['Small', 'Medium', 'Large'], value: 1 });
    expect(shown()).toBe('Medium');
    click(combo);
    click(option('Large'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(2, { name: 'Large', value: 2 });
  });

  it('choosing another option emits its value', () => {
    const { combo, option, onChange } = setup({ value: 1 });
    click(combo);
    click(option('Blue'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(3, COLOURED[4]);
  });

  it('choosing the current option emits nothing', () => {
    const { combo, option, onChange } = setup({ value: 1 });
    click(combo);
    click(option('Red'));
    press(combo, 'Enter');
    press(combo, 'Enter');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('group headers cannot be chosen', () => {
    const { container, combo, onChange } = setup({ value: 1 });
    click(combo);
    for (const header of all(container, '.ui-dropdown__group-label')) click(header);
    expect(onChange).not.toHaveBeenCalled();
    expect(all(container, '[role="option"]').map((el) => el.textContent)).not.toContain('Warm');
  });

  it('the chosen entry with a colour shows a check mark; without a colour it does not', () => {
    const coloured = setup({ value: 1 });
    expect(get(coloured.option('Red'), '.ui-dropdown__tick').textContent).toBe('✓');
    expect(get(coloured.option('Blue'), '.ui-dropdown__tick').textContent).toBe('');
    const plain = setup({ value: 2 });
    expect(get(plain.option('Orange'), '.ui-dropdown__tick').textContent).toBe('');
  });

  it('entries can have a background colour, and the chosen colour shows on the control', () => {
    const { option, combo } = setup({ value: 3 });
    expect(option('Blue').style.backgroundColor).not.toBe('');
    expect(option('Orange').style.backgroundColor).toBe('');
    expect(combo.style.backgroundColor).not.toBe('');
  });

  it('a disabled select shows no arrow and does not open', () => {
    const { container, combo, onChange } = setup({ value: 1, disabled: true });
    expect(container.querySelector('.ui-dropdown__arrow')).toBeNull();
    click(combo);
    press(combo, 'ArrowDown');
    expect(combo.getAttribute('aria-expanded')).toBe('false');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keyboard: ArrowDown opens, arrows move, Enter chooses, Escape closes', () => {
    const { combo, onChange } = setup({ value: 1 });
    press(combo, 'ArrowDown');
    expect(combo.getAttribute('aria-expanded')).toBe('true');
    press(combo, 'Escape');
    expect(combo.getAttribute('aria-expanded')).toBe('false');
    press(combo, 'ArrowDown');
    press(combo, 'ArrowDown');
    press(combo, 'Enter');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(2, COLOURED[2]);
    expect(combo.getAttribute('aria-expanded')).toBe('false');
  });
});
