import { describe, expect, it, vi } from 'vitest';
import { DecimalInput } from '../../src/ui';
import { blur, fire, get, press, render, typeInto } from './render';

function setup(props: { value?: number; min?: number; max?: number; disabled?: boolean; error?: string } = {}) {
  const onChange = vi.fn<(value: number) => void>();
  const rendered = render(<DecimalInput label="Price" value={props.value ?? 10} onChange={onChange} {...props} />);
  const input = get<HTMLInputElement>(rendered.container, 'input');
  return { ...rendered, onChange, input };
}

describe('DecimalInput', () => {
  it('is labelled and shows the value', () => {
    const { container, input } = setup({ value: 12.5 });
    expect(get<HTMLLabelElement>(container, 'label').htmlFor).toBe(input.id);
    expect(input.type).toBe('number');
    expect(input.value).toBe('12.5');
  });

  it('emits only on commit, not on every keystroke', () => {
    const { input, onChange } = setup();
    typeInto(input, '1');
    typeInto(input, '12');
    typeInto(input, '12.75');
    expect(onChange).not.toHaveBeenCalled();
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(12.75);
  });

  it('commits on Enter and on the native change event', () => {
    const { input, onChange } = setup();
    typeInto(input, '3.5');
    press(input, 'Enter');
    expect(onChange).toHaveBeenLastCalledWith(3.5);
    typeInto(input, '4.5');
    fire(input, 'change');
    expect(onChange).toHaveBeenLastCalledWith(4.5);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('emits once when Enter is followed by blur', () => {
    const { input, onChange } = setup();
    typeInto(input, '7');
    press(input, 'Enter');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(7);
  });

  it('emits nothing when the committed value equals the current one', () => {
    const { input, onChange } = setup({ value: 12.5 });
    typeInto(input, '12.50');
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('12.5');
  });

  it('clamps to max when a max is given', () => {
    const { input, onChange } = setup({ value: 1, max: 100 });
    typeInto(input, '250.5');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(100);
    expect(input.value).toBe('100');
  });

  it('clamps to min when a min is given', () => {
    const { input, onChange } = setup({ value: 5, min: 0 });
    typeInto(input, '-3');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('reads a comma as the decimal point and an empty field as 0', () => {
    const { input, onChange } = setup({ value: 5 });
    typeInto(input, '1,25');
    blur(input);
    expect(onChange).toHaveBeenLastCalledWith(1.25);
    typeInto(input, '');
    blur(input);
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('Escape drops the typed text without emitting', () => {
    const { input, onChange } = setup({ value: 5 });
    typeInto(input, '9');
    press(input, 'Escape');
    expect(input.value).toBe('5');
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a new value from the parent', () => {
    const onChange = vi.fn();
    const { container, rerender } = render(<DecimalInput label="P" value={1} onChange={onChange} />);
    rerender(<DecimalInput label="P" value={2.25} onChange={onChange} />);
    expect(get<HTMLInputElement>(container, 'input').value).toBe('2.25');
  });

  it('disabled: the input is disabled', () => {
    const { input } = setup({ disabled: true });
    expect(input.disabled).toBe(true);
  });

  it('error: marks the input invalid and describes it with the message', () => {
    const { container, input } = setup({ error: 'Too much' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = get(container, '.ui-field__error');
    expect(message.textContent).toBe('Too much');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
  });
});
