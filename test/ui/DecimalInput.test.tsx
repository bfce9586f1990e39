import { describe, expect, it, vi } from 'vitest';
import { setActiveLanguage } from '../../src/i18n';
import { DecimalInput } from '../../src/ui';
import { mountDecimalInput } from './editControls';
import { blur, fire, get, press, render, typeInto } from './render';

// Emitting, clamping, Escape, error and disabled: see sharedRules.test.tsx.

describe('DecimalInput', () => {
  it('is labelled and shows the value', () => {
    const { container, field } = mountDecimalInput({ value: 12.5 });
    expect(get<HTMLLabelElement>(container, 'label').htmlFor).toBe(field.id);
    // A text field with the decimal keyboard: a number input would drop a typed comma (issue 19 §5).
    expect([field.type, field.inputMode]).toEqual(['text', 'decimal']);
    expect(field.value).toBe('12.5');
  });

  it('rule: in Russian it shows a decimal comma and reads 12,5 as 12.5', () => {
    setActiveLanguage('ru');
    try {
      const { field, onChange } = mountDecimalInput({ value: 1.5 });
      expect(field.value).toBe('1,5');
      typeInto(field, '12,5');
      blur(field);
      expect(onChange).toHaveBeenCalledExactlyOnceWith(12.5);
      expect(field.value).toBe('12,5');
    } finally {
      setActiveLanguage('en');
    }
  });

  it('commits on Enter and on the native change event', () => {
    const { field, onChange } = mountDecimalInput();
    typeInto(field, '3.5');
    press(field, 'Enter');
    expect(onChange).toHaveBeenLastCalledWith(3.5);
    typeInto(field, '4.5');
    fire(field, 'change');
    expect(onChange).toHaveBeenLastCalledWith(4.5);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('reads a comma as the decimal point and an empty field as 0', () => {
    const { field, onChange } = mountDecimalInput({ value: 5 });
    typeInto(field, '1,25');
    blur(field);
    expect(onChange).toHaveBeenLastCalledWith(1.25);
    typeInto(field, '');
    blur(field);
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('shows a new value from the parent', () => {
    const onChange = vi.fn();
    const { container, rerender } = render(<DecimalInput label="P" value={1} onChange={onChange} />);
    rerender(<DecimalInput label="P" value={2.25} onChange={onChange} />);
    expect(get<HTMLInputElement>(container, 'input').value).toBe('2.25');
  });
});
