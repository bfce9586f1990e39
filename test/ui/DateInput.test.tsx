import { describe, expect, it, vi } from 'vitest';
import { DateInput, type DateLike } from '../../src/ui';
import { blur, get, press, render, typeInto } from './render';

function setup(value: DateLike, disabled = false) {
  const onChange = vi.fn<(value: string | null, date: Date | null) => void>();
  const rendered = render(<DateInput label="Delivery date" value={value} onChange={onChange} disabled={disabled} />);
  const input = get<HTMLInputElement>(rendered.container, 'input');
  return { ...rendered, onChange, input };
}

describe('DateInput', () => {
  it('shows dates as dd.mm.yyyy whatever form they come in', () => {
    expect(setup('2024-03-05').input.value).toBe('05.03.2024');
    expect(setup('5.3.2024').input.value).toBe('05.03.2024');
    expect(setup(new Date(2024, 2, 5)).input.value).toBe('05.03.2024');
    expect(setup(null).input.value).toBe('');
  });

  it('is labelled and describes the expected format', () => {
    const { container, input } = setup(null);
    expect(get<HTMLLabelElement>(container, 'label').htmlFor).toBe(input.id);
    expect(get(container, '.ui-field__hint').textContent).toBe('dd.mm.yyyy');
    expect(input.getAttribute('aria-describedby')).toBe(get(container, '.ui-field__hint').id);
  });

  it('emits the new day (yyyy-mm-dd and the Date) on blur when it differs, not while typing', () => {
    const { input, onChange } = setup('2024-03-05');
    typeInto(input, '06.03.2024');
    expect(onChange).not.toHaveBeenCalled();
    blur(input);
    expect(onChange).toHaveBeenCalledOnce();
    const [iso, date] = onChange.mock.calls[0];
    expect(iso).toBe('2024-03-06');
    expect(date?.getDate()).toBe(6);
  });

  it('commits on Enter', () => {
    const { input, onChange } = setup(null);
    typeInto(input, '01.01.2025');
    press(input, 'Enter');
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange.mock.calls[0][0]).toBe('2025-01-01');
  });

  it('emits nothing when the parsed day equals the current one', () => {
    const { input, onChange } = setup('2024-03-05');
    typeInto(input, '5.03.2024');
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('05.03.2024');
  });

  it('clearing a date emits null', () => {
    const { input, onChange } = setup('2024-03-05');
    typeInto(input, '');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null, null);
  });

  it('unreadable or impossible text emits nothing and is marked invalid', () => {
    const { container, input, onChange } = setup('2024-03-05');
    typeInto(input, '31.02.2024');
    blur(input);
    typeInto(input, 'tomorrow');
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = get(container, '.ui-field__error');
    expect(message.textContent).toBe('Enter the date as dd.mm.yyyy');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    typeInto(input, '07.03.2024');
    blur(input);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('emits nothing when both the old and the new value are no date', () => {
    const { input, onChange } = setup('');
    typeInto(input, ' ');
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('disabled: the input is disabled', () => {
    expect(setup('2024-03-05', true).input.disabled).toBe(true);
  });
});
