import { describe, expect, it, vi } from 'vitest';
import { DropdownList, type DropdownItem } from '../../src/ui';
import { all, blur, click, focus, get, press, render } from './render';

const ITEMS: DropdownItem[] = [
  { name: 'Warm', value: 'warm', optgroup: true },
  { name: 'Red', value: 'red', color: '#ffcdd2', tick: true, selected: true },
  { name: 'Orange', value: 'orange' },
  { name: 'Cold', value: 'cold', optgroup: true },
  { name: 'Blue', value: 'blue', color: '#bbdefb' },
];

function setup(props: { disabled?: boolean; items?: DropdownItem[] } = {}) {
  const onChoose = vi.fn<(item: DropdownItem, index: number) => void>();
  const rendered = render(
    <DropdownList label="Colour" items={props.items ?? ITEMS} text="Red" onChoose={onChoose} disabled={props.disabled} />,
  );
  const combo = get(rendered.container, '[role="combobox"]');
  const list = get(rendered.container, '[role="listbox"]');
  const isOpen = () => combo.getAttribute('aria-expanded') === 'true' && !list.hidden;
  const option = (name: string) => all(list, '[role="option"]').find((el) => el.textContent?.includes(name)) as HTMLElement;
  return { ...rendered, onChoose, combo, list, isOpen, option };
}

describe('DropdownList', () => {
  it('is a labelled combobox controlling a listbox of options', () => {
    const { container, combo, list } = setup();
    const label = get(container, '.ui-field__label');
    expect(label.textContent).toBe('Colour');
    expect(combo.getAttribute('aria-labelledby')).toBe(label.id);
    expect(combo.getAttribute('aria-haspopup')).toBe('listbox');
    expect(combo.getAttribute('aria-controls')).toBe(list.id);
    expect(combo.tabIndex).toBe(0);
    expect(all(list, '[role="option"]')).toHaveLength(3);
  });

  it('opens and closes by clicking the toggle', () => {
    const { combo, isOpen } = setup();
    expect(isOpen()).toBe(false);
    click(combo);
    expect(isOpen()).toBe(true);
    click(combo);
    expect(isOpen()).toBe(false);
  });

  it('closes on a backdrop click', () => {
    const { container, combo, isOpen } = setup();
    click(combo);
    click(get(container, '.ui-dropdown__backdrop'));
    expect(isOpen()).toBe(false);
    expect(container.querySelector('.ui-dropdown__backdrop')).toBeNull();
  });

  it('closes on losing focus', () => {
    const { combo, isOpen } = setup();
    focus(combo);
    click(combo);
    blur(combo);
    expect(isOpen()).toBe(false);
  });

  it('closes on Escape without letting the key reach an enclosing dialog', () => {
    const { combo, isOpen } = setup();
    // A modal listens for Escape on the document.
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    click(combo);
    press(combo, 'Escape');
    document.removeEventListener('keydown', outer);
    expect(isOpen()).toBe(false);
    expect(outer).not.toHaveBeenCalled();
  });

  it('closes on Tab', () => {
    const { combo, isOpen } = setup();
    click(combo);
    press(combo, 'Tab');
    expect(isOpen()).toBe(false);
  });

  it('choosing an item emits it with its index and closes the list', () => {
    const { combo, isOpen, option, onChoose } = setup();
    click(combo);
    click(option('Orange'));
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(ITEMS[2], 2);
    expect(isOpen()).toBe(false);
  });

  it('group-header items cannot be chosen and are not options', () => {
    const { combo, list, onChoose, isOpen } = setup();
    click(combo);
    const header = all(list, '.ui-dropdown__group-label').find((el) => el.textContent === 'Cold') as HTMLElement;
    expect(header.getAttribute('role')).toBe('presentation');
    click(header);
    expect(onChoose).not.toHaveBeenCalled();
    expect(isOpen()).toBe(true);
    const group = header.closest('[role="group"]') as HTMLElement;
    expect(group.getAttribute('aria-labelledby')).toBe(header.id);
  });

  it('keyboard: ArrowDown opens on the chosen item, arrows skip group headers, Enter chooses', () => {
    const { combo, isOpen, option, onChoose } = setup();
    press(combo, 'ArrowDown');
    expect(isOpen()).toBe(true);
    expect(combo.getAttribute('aria-activedescendant')).toBe(option('Red').id);
    press(combo, 'ArrowDown');
    press(combo, 'ArrowDown');
    expect(combo.getAttribute('aria-activedescendant')).toBe(option('Blue').id);
    press(combo, 'ArrowDown');
    expect(combo.getAttribute('aria-activedescendant')).toBe(option('Blue').id);
    press(combo, 'ArrowUp');
    expect(combo.getAttribute('aria-activedescendant')).toBe(option('Orange').id);
    press(combo, 'Enter');
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(ITEMS[2], 2);
    expect(isOpen()).toBe(false);
  });

  it('keyboard: Enter and Space open; Home/End jump; typing a letter moves to a match', () => {
    const { combo, isOpen, option } = setup();
    press(combo, 'Enter');
    expect(isOpen()).toBe(true);
    press(combo, 'End');
    expect(combo.getAttribute('aria-activedescendant')).toBe(option('Blue').id);
    press(combo, 'Home');
    expect(combo.getAttribute('aria-activedescendant')).toBe(option('Red').id);
    press(combo, 'o');
    expect(combo.getAttribute('aria-activedescendant')).toBe(option('Orange').id);
    press(combo, 'Escape');
    press(combo, ' ');
    expect(isOpen()).toBe(true);
  });

  it('shows a tick and a background colour per item when given', () => {
    const { option } = setup();
    expect(get(option('Red'), '.ui-dropdown__tick').textContent).toBe('✓');
    expect(get(option('Blue'), '.ui-dropdown__tick').textContent).toBe('');
    expect(option('Red').style.backgroundColor).not.toBe('');
    expect(option('Orange').style.backgroundColor).toBe('');
    expect(option('Red').getAttribute('aria-selected')).toBe('true');
    expect(option('Orange').getAttribute('aria-selected')).toBe('false');
  });

  it('disabled: clicks and keys do nothing, it is out of the tab order and shows no arrow', () => {
    const { container, combo, isOpen, onChoose } = setup({ disabled: true });
    click(combo);
    press(combo, 'ArrowDown');
    press(combo, 'Enter');
    expect(isOpen()).toBe(false);
    expect(onChoose).not.toHaveBeenCalled();
    expect(combo.getAttribute('aria-disabled')).toBe('true');
    expect(combo.tabIndex).toBe(-1);
    expect(container.querySelector('.ui-dropdown__arrow')).toBeNull();
  });

  it('shows the arrow when enabled', () => {
    expect(setup().container.querySelector('.ui-dropdown__arrow')).not.toBeNull();
  });

  it('closes when it becomes disabled while open', () => {
    const onChoose = vi.fn();
    const { container, rerender } = render(<DropdownList label="L" items={ITEMS} text="" onChoose={onChoose} />);
    click(get(container, '[role="combobox"]'));
    rerender(<DropdownList label="L" items={ITEMS} text="" onChoose={onChoose} disabled />);
    expect(get(container, '[role="combobox"]').getAttribute('aria-expanded')).toBe('false');
  });
});
