import { describe, expect, it } from 'vitest';
import { mountDateTimeInput } from './editControls';
import { blur, typeInto } from './render';

// Showing, emitting, clearing, unreadable text and disabled: see sharedRules.test.tsx.

describe('DateTimeInput', () => {
  it('emits when an unparseable old value gets a real time', () => {
    const { field, onChange } = mountDateTimeInput({ value: 'not a date' });
    typeInto(field, '01.02.2024 10:00');
    blur(field);
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange.mock.calls[0][0]).toBe('2024-02-01T10:00');
  });
});
