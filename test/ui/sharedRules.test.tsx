import { afterEach, describe, expect, it } from 'vitest';
import { setActiveLanguage, type Lang } from '../../src/i18n';
import {
  mountDateInput,
  mountDateTimeInput,
  mountDecimalInput,
  mountTextArea,
  mountTextInput,
  mountWholeNumberInput,
  type MountedControl,
} from './editControls';
import { blur, get, press, typeInto } from './render';

// Rules that several edit controls keep alike, one table row per control. What only one
// control does is tested in that control's own file.

type Mount = () => MountedControl;

const commitBy = (field: HTMLElement, by: 'blur' | 'Enter') => (by === 'blur' ? blur(field) : press(field, 'Enter'));

describe('edit controls', () => {
  it.each<{ control: string; mount: Mount; typed: string[]; by: 'blur' | 'Enter'; emitted: unknown[] }>([
    { control: 'TextInput', mount: () => mountTextInput(), typed: ['B', 'Bo', 'Bolt'], by: 'blur', emitted: ['Bolt'] },
    { control: 'DecimalInput', mount: () => mountDecimalInput(), typed: ['1', '12', '12.75'], by: 'blur', emitted: [12.75] },
    { control: 'WholeNumberInput', mount: () => mountWholeNumberInput({ value: 1 }), typed: ['2', '23'], by: 'Enter', emitted: [23] },
    {
      control: 'DateInput',
      mount: () => mountDateInput({ value: '2024-03-05' }),
      typed: ['06.03.2024'],
      by: 'blur',
      emitted: ['2024-03-06', new Date(2024, 2, 6)],
    },
    {
      control: 'DateTimeInput',
      mount: () => mountDateTimeInput({ value: '2024-03-05T09:07' }),
      typed: ['05.03.2024 09:08'],
      by: 'Enter',
      emitted: ['2024-03-05T09:08', new Date(2024, 2, 5, 9, 8)],
    },
  ])('$control emits the new value once on $by, not while typing', ({ mount, typed, by, emitted }) => {
    const { field, onChange } = mount();
    for (const text of typed) typeInto(field, text);
    expect(onChange).not.toHaveBeenCalled();
    commitBy(field, by);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(...emitted);
  });

  it.each<{ control: string; mount: Mount; typed: string; keys: string; key: KeyboardEventInit; emitted: unknown[] }>([
    { control: 'TextInput', mount: () => mountTextInput(), typed: 'Nut', keys: 'Enter', key: {}, emitted: ['Nut'] },
    { control: 'TextArea', mount: () => mountTextArea(), typed: 'done', keys: 'Ctrl+Enter', key: { ctrlKey: true }, emitted: ['done'] },
    { control: 'DecimalInput', mount: () => mountDecimalInput(), typed: '7', keys: 'Enter', key: {}, emitted: [7] },
    {
      control: 'DateInput',
      mount: () => mountDateInput({ value: null }),
      typed: '01.01.2025',
      keys: 'Enter',
      key: {},
      emitted: ['2025-01-01', new Date(2025, 0, 1)],
    },
  ])('$control commits on $keys, once even if blur follows', ({ mount, typed, key, emitted }) => {
    const { field, onChange } = mount();
    typeInto(field, typed);
    press(field, 'Enter', key);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(...emitted);
    blur(field);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(...emitted);
  });

  it.each<{ control: string; mount: Mount; typed: string[]; shown: string }>([
    { control: 'TextInput', mount: () => mountTextInput({ value: 'Box' }), typed: ['Bo', 'Box'], shown: 'Box' },
    { control: 'TextArea', mount: () => mountTextArea({ value: 'same' }), typed: ['sam', 'same'], shown: 'same' },
    { control: 'DecimalInput', mount: () => mountDecimalInput({ value: 12.5 }), typed: ['12.50'], shown: '12.5' },
    { control: 'WholeNumberInput', mount: () => mountWholeNumberInput({ value: 3 }), typed: ['3.4'], shown: '3' },
    { control: 'DateInput', mount: () => mountDateInput({ value: '2024-03-05' }), typed: ['5.03.2024'], shown: '03/05/2024' },
    {
      control: 'DateTimeInput',
      mount: () => mountDateTimeInput({ value: '2024-03-05T09:07:00' }),
      typed: ['5.3.2024 9:07'],
      shown: '03/05/2024, 09:07 AM',
    },
  ])('$control emits nothing when the committed value equals the current one', ({ mount, typed, shown }) => {
    const { field, onChange } = mount();
    for (const text of typed) typeInto(field, text);
    blur(field);
    press(field, 'Enter');
    expect(onChange).not.toHaveBeenCalled();
    expect(field.value).toBe(shown);
  });

  it.each<{ control: string; mount: Mount; typed: string; shown: string }>([
    { control: 'TextInput', mount: () => mountTextInput({ value: 'Box' }), typed: 'Changed', shown: 'Box' },
    { control: 'DecimalInput', mount: () => mountDecimalInput({ value: 5 }), typed: '9', shown: '5' },
  ])('$control: Escape drops the typed text without emitting', ({ mount, typed, shown }) => {
    const { field, onChange } = mount();
    typeInto(field, typed);
    press(field, 'Escape');
    expect(field.value).toBe(shown);
    blur(field);
    expect(onChange).not.toHaveBeenCalled();
  });

  it.each<{ control: string; mount: Mount; message: string }>([
    { control: 'TextInput', mount: () => mountTextInput({ error: 'Empty field' }), message: 'Empty field' },
    { control: 'TextArea', mount: () => mountTextArea({ error: 'Minimum of 3 characters' }), message: 'Minimum of 3 characters' },
    { control: 'DecimalInput', mount: () => mountDecimalInput({ error: 'Too much' }), message: 'Too much' },
  ])('$control with an error is aria-invalid and described by the message', ({ mount, message }) => {
    const { container, field } = mount();
    const shown = get(container, '.ui-field__error');
    expect(shown.textContent).toBe(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(shown.id);
  });

  it.each<{ control: string; mount: Mount }>([
    { control: 'TextInput', mount: () => mountTextInput({ disabled: true }) },
    { control: 'TextArea', mount: () => mountTextArea({ disabled: true }) },
    { control: 'DecimalInput', mount: () => mountDecimalInput({ disabled: true }) },
    { control: 'WholeNumberInput', mount: () => mountWholeNumberInput({ disabled: true }) },
    { control: 'DateInput', mount: () => mountDateInput({ value: '2024-03-05', disabled: true }) },
    { control: 'DateTimeInput', mount: () => mountDateTimeInput({ value: null, disabled: true }) },
  ])('$control disabled: the field is disabled', ({ mount }) => {
    expect(mount().field.disabled).toBe(true);
  });
});

describe('number inputs', () => {
  it.each<{ control: string; limit: string; mount: Mount; typed: string; emitted: number }>([
    { control: 'DecimalInput', limit: 'to max', mount: () => mountDecimalInput({ value: 1, max: 100 }), typed: '250.5', emitted: 100 },
    { control: 'DecimalInput', limit: 'to min', mount: () => mountDecimalInput({ value: 5, min: 0 }), typed: '-3', emitted: 0 },
    {
      control: 'WholeNumberInput',
      limit: 'to max (the available count)',
      mount: () => mountWholeNumberInput({ value: 1, max: 5 }),
      typed: '12',
      emitted: 5,
    },
    {
      control: 'WholeNumberInput',
      limit: 'to a fractional max, staying whole',
      mount: () => mountWholeNumberInput({ value: 1, max: 2.5 }),
      typed: '9',
      emitted: 2,
    },
    { control: 'WholeNumberInput', limit: 'to min', mount: () => mountWholeNumberInput({ value: 3, min: 1 }), typed: '0', emitted: 1 },
  ])('$control clamps $limit', ({ mount, typed, emitted }) => {
    const { field, onChange } = mount();
    typeInto(field, typed);
    blur(field);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(emitted);
    expect(field.value).toBe(String(emitted));
  });
});

describe('date inputs', () => {
  afterEach(() => setActiveLanguage('en'));

  // Issue 19 §5: the controls write dates as the language does, like the lists: Russian dd.mm.yyyy HH:mm,
  // English the locale's own form (the test browser is en-US).
  it.each<{ control: string; lang: Lang; mount: (value: Date | string | null) => MountedControl; shows: [Date | string | null, string][] }>([
    {
      control: 'DateInput',
      lang: 'ru',
      mount: (value) => mountDateInput({ value }),
      shows: [
        ['2024-03-05', '05.03.2024'],
        ['5.3.2024', '05.03.2024'],
        [new Date(2024, 2, 5), '05.03.2024'],
        [null, ''],
      ],
    },
    {
      control: 'DateTimeInput',
      lang: 'ru',
      mount: (value) => mountDateTimeInput({ value }),
      shows: [
        ['2024-03-05T09:07', '05.03.2024 09:07'],
        ['05.03.2024 9:07', '05.03.2024 09:07'],
        [new Date(2024, 2, 5, 18, 30), '05.03.2024 18:30'],
      ],
    },
    {
      control: 'DateInput',
      lang: 'en',
      mount: (value) => mountDateInput({ value }),
      shows: [
        ['2024-03-05', '03/05/2024'],
        ['5.3.2024', '03/05/2024'],
        [new Date(2024, 2, 5), '03/05/2024'],
        [null, ''],
      ],
    },
    {
      control: 'DateTimeInput',
      lang: 'en',
      mount: (value) => mountDateTimeInput({ value }),
      shows: [
        ['2024-03-05T09:07', '03/05/2024, 09:07 AM'],
        ['05.03.2024 9:07', '03/05/2024, 09:07 AM'],
        [new Date(2024, 2, 5, 18, 30), '03/05/2024, 06:30 PM'],
      ],
    },
  ])('$control in $lang shows its value as the language writes dates whatever form it comes in', ({ lang, mount, shows }) => {
    setActiveLanguage(lang);
    for (const [value, text] of shows) expect(mount(value).field.value).toBe(text);
  });

  it.each<{ control: string; mount: Mount; typed: string; emitted: string }>([
    { control: 'DateInput', mount: () => mountDateInput({ value: null }), typed: '03/06/2024', emitted: '2024-03-06' },
    { control: 'DateTimeInput', mount: () => mountDateTimeInput({ value: null }), typed: '03/06/2024, 9:08 PM', emitted: '2024-03-06T21:08' },
    { control: 'DateTimeInput', mount: () => mountDateTimeInput({ value: null }), typed: '03/06/2024 21:08', emitted: '2024-03-06T21:08' },
  ])('$control in English reads what it shows: $typed (month first in en-US)', ({ mount, typed, emitted }) => {
    const { field, onChange } = mount();
    typeInto(field, typed);
    blur(field);
    expect(onChange.mock.calls[0][0]).toBe(emitted);
  });

  it.each<{ control: string; mount: Mount }>([
    { control: 'DateInput', mount: () => mountDateInput({ value: '2024-03-05' }) },
    { control: 'DateTimeInput', mount: () => mountDateTimeInput({ value: '2024-03-05T09:07' }) },
  ])('$control: clearing a set value emits null', ({ mount }) => {
    const { field, onChange } = mount();
    typeInto(field, '');
    blur(field);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null, null);
  });

  it.each<{ control: string; value: string; mount: Mount; typed: string[] }>([
    { control: 'DateInput', value: '', mount: () => mountDateInput({ value: '' }), typed: [' '] },
    {
      control: 'DateTimeInput',
      value: 'not a date',
      mount: () => mountDateTimeInput({ value: 'not a date' }),
      typed: ['still not a date', ''],
    },
  ])('$control emits nothing when both the old and the new value are no date', ({ value, mount, typed }) => {
    const { field, onChange } = mount();
    expect(field.value).toBe(value);
    for (const text of typed) {
      typeInto(field, text);
      blur(field);
    }
    expect(onChange).not.toHaveBeenCalled();
  });

  it.each<{ control: string; mount: Mount; unreadable: string[]; message: string; readable: string }>([
    {
      control: 'DateInput',
      mount: () => mountDateInput({ value: '2024-03-05' }),
      unreadable: ['31.02.2024', 'tomorrow'],
      message: 'Enter the date as mm/dd/yyyy',
      readable: '07.03.2024',
    },
    {
      control: 'DateTimeInput',
      mount: () => mountDateTimeInput({ value: '2024-03-05T09:07' }),
      unreadable: ['05.03.2024 25:00'],
      message: 'Enter the date and time as mm/dd/yyyy, hh:mm am',
      readable: '05.03.2024 09:08',
    },
  ])('$control: unreadable or impossible text emits nothing and is marked invalid', ({ mount, unreadable, message, readable }) => {
    const { container, field, onChange } = mount();
    for (const text of unreadable) {
      typeInto(field, text);
      blur(field);
    }
    expect(onChange).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const shown = get(container, '.ui-field__error');
    expect(shown.textContent).toBe(message);
    expect(field.getAttribute('aria-describedby')).toBe(shown.id);
    typeInto(field, readable);
    blur(field);
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(onChange).toHaveBeenCalledOnce();
  });
});
