import { describe, expect, it, vi } from 'vitest';
import { DateTimeInput, type DateLike } from '../../src/ui';
import { blur, get, press, render, typeInto } from './render';

function setup(value: DateLike, disabled = false) {
  const onChange = vi.fn<(value: string | null, date: Date | null) => void>();
  const rendered = render(<DateTimeInput label="Shipped at" value={value} onChange={onChange} disabled={disabled} />);
  const input = get<HTMLInputElement>(rendered.container, 'input');
  return { ...rendered, onChange, input };
}

describe('DateTimeInput', () => {
  it('shows dd.mm.yyyy hh:mm', () => {
    expect(setup('2024-03-05T09:07').input.value).toBe('05.03.2024 09:07');
    expect(setup('05.03.2024 9:07').input.value).toBe('05.03.2024 09:07');
    expect(setup(new Date(2024, 2, 5, 18, 30)).input.value).toBe('05.03.2024 18:30');
  });

  it('emits when the parsed time differs', () => {
    const { input, onChange } = setup('2024-03-05T09:07');
    typeInto(input, '05.03.2024 09:08');
    press(input, 'Enter');
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange.mock.calls[0][0]).toBe('2024-03-05T09:08');
    expect(onChange.mock.calls[0][1]?.getMinutes()).toBe(8);
  });

  it('emits nothing when the parsed time is the same, however it is written', () => {
    const { input, onChange } = setup('2024-03-05T09:07:00');
    typeInto(input, '5.3.2024 9:07');
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('emits nothing when both the old and the new value are unparseable', () => {
    const { input, onChange } = setup('not a date');
    expect(input.value).toBe('not a date');
    typeInto(input, 'still not a date');
    blur(input);
    typeInto(input, '');
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('emits when an unparseable old value gets a real time', () => {
    const { input, onChange } = setup('not a date');
    typeInto(input, '01.02.2024 10:00');
    blur(input);
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange.mock.calls[0][0]).toBe('2024-02-01T10:00');
  });

  it('clearing a set time emits null', () => {
    const { input, onChange } = setup('2024-03-05T09:07');
    typeInto(input, '');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null, null);
  });

  it('unreadable text is marked invalid with the date-time format', () => {
    const { container, input, onChange } = setup('2024-03-05T09:07');
    typeInto(input, '05.03.2024 25:00');
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(get(container, '.ui-field__error').textContent).toBe('Enter the date and time as dd.mm.yyyy hh:mm');
  });

  it('disabled: the input is disabled', () => {
    expect(setup(null, true).input.disabled).toBe(true);
  });
});
