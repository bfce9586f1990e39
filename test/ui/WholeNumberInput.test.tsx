import { describe, expect, it } from 'vitest';
import { mountWholeNumberInput } from './editControls';
import { blur, get, typeInto } from './render';

// Emitting, clamping and disabled: see sharedRules.test.tsx.

describe('WholeNumberInput', () => {
  it('has step 1 and a label', () => {
    const { container, field } = mountWholeNumberInput();
    expect(field.step).toBe('1');
    expect(get<HTMLLabelElement>(container, 'label').textContent).toBe('Count');
  });

  it('converts the value to an integer on change', () => {
    const { field, onChange } = mountWholeNumberInput({ value: 1 });
    typeInto(field, '4.8');
    blur(field);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(4);
    expect(field.value).toBe('4');
  });
});
