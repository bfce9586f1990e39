import { describe, expect, it } from 'vitest';
import { mountTextArea } from './editControls';
import { blur, get, press, typeInto } from './render';

// Ctrl+Enter, emitting, error and disabled: see sharedRules.test.tsx.

describe('TextArea (multi-line)', () => {
  it('is 30 columns by 10 rows and labelled', () => {
    const { container, field } = mountTextArea();
    expect(field.getAttribute('cols')).toBe('30');
    expect(field.getAttribute('rows')).toBe('10');
    expect(get<HTMLLabelElement>(container, 'label').htmlFor).toBe(field.id);
  });

  it('emits on blur only, and Enter types a new line instead of committing', () => {
    const { field, onChange } = mountTextArea();
    typeInto(field, 'first\nsecond');
    press(field, 'Enter');
    expect(onChange).not.toHaveBeenCalled();
    blur(field);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('first\nsecond');
  });
});
