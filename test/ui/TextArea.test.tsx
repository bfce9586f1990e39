import { describe, expect, it, vi } from 'vitest';
import { TextArea } from '../../src/ui';
import { blur, get, press, render, typeInto } from './render';

function setup(props: { value?: string; disabled?: boolean; error?: string } = {}) {
  const onChange = vi.fn<(value: string) => void>();
  const rendered = render(<TextArea label="Comment" value={props.value ?? 'first'} onChange={onChange} disabled={props.disabled} error={props.error} />);
  const area = get<HTMLTextAreaElement>(rendered.container, 'textarea');
  return { ...rendered, onChange, area };
}

describe('TextArea (multi-line)', () => {
  it('is 30 columns by 10 rows and labelled', () => {
    const { container, area } = setup();
    expect(area.getAttribute('cols')).toBe('30');
    expect(area.getAttribute('rows')).toBe('10');
    expect(get<HTMLLabelElement>(container, 'label').htmlFor).toBe(area.id);
  });

  it('emits on blur only, and Enter types a new line instead of committing', () => {
    const { area, onChange } = setup();
    typeInto(area, 'first\nsecond');
    press(area, 'Enter');
    expect(onChange).not.toHaveBeenCalled();
    blur(area);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('first\nsecond');
  });

  it('Ctrl+Enter commits', () => {
    const { area, onChange } = setup();
    typeInto(area, 'done');
    press(area, 'Enter', { ctrlKey: true });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('done');
  });

  it('emits nothing when the text equals the current value', () => {
    const { area, onChange } = setup({ value: 'same' });
    typeInto(area, 'sam');
    typeInto(area, 'same');
    blur(area);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('error: aria-invalid with the message as description', () => {
    const { container, area } = setup({ error: 'Minimum of 3 characters' });
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(area.getAttribute('aria-describedby')).toBe(get(container, '.ui-field__error').id);
  });

  it('disabled: the text area is disabled', () => {
    expect(setup({ disabled: true }).area.disabled).toBe(true);
  });
});
