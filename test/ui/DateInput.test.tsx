import { describe, expect, it } from 'vitest';
import { mountDateInput } from './editControls';
import { get } from './render';

// Showing, emitting, clearing, unreadable text and disabled: see sharedRules.test.tsx.

describe('DateInput', () => {
  it('is labelled and describes the expected format', () => {
    const { container, field } = mountDateInput({ value: null });
    expect(get<HTMLLabelElement>(container, 'label').htmlFor).toBe(field.id);
    expect(get(container, '.ui-field__hint').textContent).toBe('mm/dd/yyyy');
    expect(field.getAttribute('aria-describedby')).toBe(get(container, '.ui-field__hint').id);
  });
});
