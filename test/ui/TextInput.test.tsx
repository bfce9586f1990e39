import { describe, expect, it, vi } from 'vitest';
import { TextInput } from '../../src/ui';
import { blur, get, press, render, typeInto } from './render';

function setup(props: { value?: string | null; disabled?: boolean; error?: string } = {}) {
  const onChange = vi.fn<(value: string) => void>();
  const rendered = render(<TextInput label="Name" value={props.value === undefined ? 'Box' : props.value} onChange={onChange} disabled={props.disabled} error={props.error} />);
  const input = get<HTMLInputElement>(rendered.container, 'input');
  return { ...rendered, onChange, input };
}

describe('TextInput (single line)', () => {
  it('is labelled by a real label', () => {
    const { container, input } = setup();
    expect(get<HTMLLabelElement>(container, 'label').htmlFor).toBe(input.id);
    expect(input.value).toBe('Box');
  });

  it('emits on blur, not on every keystroke', () => {
    const { input, onChange } = setup();
    typeInto(input, 'B');
    typeInto(input, 'Bo');
    typeInto(input, 'Bolt');
    expect(onChange).not.toHaveBeenCalled();
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('Bolt');
  });

  it('emits on Enter, once even if blur follows', () => {
    const { input, onChange } = setup();
    typeInto(input, 'Nut');
    press(input, 'Enter');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('Nut');
  });

  it('emits nothing when the text equals the current value', () => {
    const { input, onChange } = setup({ value: 'Box' });
    typeInto(input, 'Bo');
    typeInto(input, 'Box');
    blur(input);
    press(input, 'Enter');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('treats a null value as empty text', () => {
    const { input, onChange } = setup({ value: null });
    expect(input.value).toBe('');
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Escape drops the typed text', () => {
    const { input, onChange } = setup();
    typeInto(input, 'Changed');
    press(input, 'Escape');
    expect(input.value).toBe('Box');
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('error: aria-invalid and aria-describedby point at the message', () => {
    const { container, input } = setup({ error: 'Empty field' });
    const message = get(container, '.ui-field__error');
    expect(message.textContent).toBe('Empty field');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
  });

  it('without error: no aria-invalid', () => {
    const { input } = setup();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('disabled: the input is disabled', () => {
    expect(setup({ disabled: true }).input.disabled).toBe(true);
  });
});
