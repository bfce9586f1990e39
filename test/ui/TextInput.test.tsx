import { describe, expect, it } from 'vitest';
import { mountTextInput } from './editControls';
import { blur, get } from './render';

// Emitting, Escape, error and disabled: see sharedRules.test.tsx.

describe('TextInput (single line)', () => {
  it('is labelled by a real label', () => {
    const { container, field } = mountTextInput();
    expect(get<HTMLLabelElement>(container, 'label').htmlFor).toBe(field.id);
    expect(field.value).toBe('Box');
  });

  it('treats a null value as empty text', () => {
    const { field, onChange } = mountTextInput({ value: null });
    expect(field.value).toBe('');
    blur(field);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('without error: no aria-invalid', () => {
    const { field } = mountTextInput();
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(field.hasAttribute('aria-describedby')).toBe(false);
  });
});
