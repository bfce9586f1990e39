import { afterEach, describe, expect, it } from 'vitest';
import ru from '../../../locales/ru.json';
import { addMessages, setActiveLanguage } from '../../../src/i18n';
import { datePattern, formatDateText, formatDateTimeText, localeDateToDotted } from '../../../src/i18n/dates';

// Issue 19 §5, spec 1 §2: Russian dd.mm.yyyy (HH:mm where time matters), English the locale's format.
addMessages('ru', ru as never);
afterEach(() => setActiveLanguage('en'));

const march5 = new Date(2024, 2, 5, 21, 7);

describe('dates in the interface language', () => {
  it('rule: Russian writes dd.mm.yyyy and dd.mm.yyyy HH:mm (no comma, 24 hours)', () => {
    setActiveLanguage('ru');
    expect(formatDateText(march5)).toBe('05.03.2024');
    expect(formatDateTimeText(march5)).toBe('05.03.2024 21:07');
    expect(formatDateText('2024-03-05')).toBe('05.03.2024');
    expect(datePattern()).toBe('дд.мм.гггг');
    expect(datePattern({ withTime: true })).toBe('дд.мм.гггг чч:мм');
  });

  it('rule: English writes the English locale’s format (en-US: month first, 12 hours)', () => {
    setActiveLanguage('en');
    expect(formatDateText(march5)).toBe('03/05/2024');
    expect(formatDateTimeText(march5).replace(/\s/g, ' ')).toBe('03/05/2024, 09:07 PM');
    expect(datePattern()).toBe('mm/dd/yyyy');
  });

  it('empty or invalid values give no text', () => {
    expect(formatDateText(null)).toBe('');
    expect(formatDateText('31.02.2024')).toBe('');
  });

  it('rule: text typed in the English order reads as the same day; dotted text stays day first', () => {
    expect(localeDateToDotted('03/05/2024', 'en')).toBe('05.03.2024');
    expect(localeDateToDotted('3/5/2024, 9:07 pm', 'en')).toBe('05.03.2024 21:07');
    expect(localeDateToDotted('03/05/2024 12:30 AM', 'en')).toBe('05.03.2024 00:30');
    expect(localeDateToDotted('05.03.2024', 'en')).toBeNull();
    expect(localeDateToDotted('03/05/2024', 'ru')).toBeNull();
  });
});
