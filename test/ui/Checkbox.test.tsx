import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from '../../src/ui';
import { get, render } from './render';

describe('Checkbox (flag)', () => {
  it('is a real checkbox named by its label', () => {
    const { container } = render(<Checkbox label="Archived" value={false} onChange={() => undefined} />);
    const input = get<HTMLInputElement>(container, 'input[type="checkbox"]');
    const label = get<HTMLLabelElement>(container, 'label');
    expect(label.textContent).toBe('Archived');
    expect(label.htmlFor).toBe(input.id);
    expect(input.checked).toBe(false);
  });

  it('emits the new boolean on change', () => {
    const onChange = vi.fn();
    const { container, rerender } = render(<Checkbox label="Flag" value={false} onChange={onChange} />);
    act(() => get<HTMLInputElement>(container, 'input').click());
    expect(onChange).toHaveBeenCalledExactlyOnceWith(true);

    rerender(<Checkbox label="Flag" value onChange={onChange} />);
    act(() => get<HTMLInputElement>(container, 'input').click());
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('disabled: cannot be toggled and emits nothing', () => {
    const onChange = vi.fn();
    const { container } = render(<Checkbox label="Flag" value={false} onChange={onChange} disabled />);
    const input = get<HTMLInputElement>(container, 'input');
    expect(input.disabled).toBe(true);
    act(() => input.click());
    expect(onChange).not.toHaveBeenCalled();
  });
});
