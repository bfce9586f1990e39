import { describe, expect, it, vi } from 'vitest';
import { WholeNumberInput } from '../../src/ui';
import { blur, get, press, render, typeInto } from './render';

function setup(props: { value?: number; min?: number; max?: number; disabled?: boolean } = {}) {
  const onChange = vi.fn<(value: number) => void>();
  const rendered = render(<WholeNumberInput label="Count" value={props.value ?? 1} onChange={onChange} {...props} />);
  const input = get<HTMLInputElement>(rendered.container, 'input');
  return { ...rendered, onChange, input };
}

describe('WholeNumberInput', () => {
  it('has step 1 and a label', () => {
    const { container, input } = setup();
    expect(input.step).toBe('1');
    expect(get<HTMLLabelElement>(container, 'label').textContent).toBe('Count');
  });

  it('converts the value to an integer on change', () => {
    const { input, onChange } = setup({ value: 1 });
    typeInto(input, '4.8');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(4);
    expect(input.value).toBe('4');
  });

  it('emits only on commit (blur or Enter)', () => {
    const { input, onChange } = setup({ value: 1 });
    typeInto(input, '2');
    typeInto(input, '23');
    expect(onChange).not.toHaveBeenCalled();
    press(input, 'Enter');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(23);
  });

  it('emits nothing when the whole number equals the current one', () => {
    const { input, onChange } = setup({ value: 3 });
    typeInto(input, '3.4');
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('3');
  });

  it('clamps to max when a max is given (count capped at the available count)', () => {
    const { input, onChange } = setup({ value: 1, max: 5 });
    typeInto(input, '12');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(5);
  });

  it('stays whole when max is fractional', () => {
    const { input, onChange } = setup({ value: 1, max: 2.5 });
    typeInto(input, '9');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('clamps to min', () => {
    const { input, onChange } = setup({ value: 3, min: 1 });
    typeInto(input, '0');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('disabled: the input is disabled', () => {
    expect(setup({ disabled: true }).input.disabled).toBe(true);
  });
});
