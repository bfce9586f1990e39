import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import { addMessages, setActiveLanguage } from '../../../src/i18n';
import { plural, pluralForm } from '../../../src/i18n/plural';

// Issue 19 §5: count texts follow the language's plural rules (Intl.PluralRules), not 'Позиций: 5'.
addMessages('ru', ru as never);
afterEach(() => setActiveLanguage('en'));

describe('plural', () => {
  it('rule: English has one and other: 1 position, 2 positions, 0 positions', () => {
    setActiveLanguage('en');
    expect([1, 2, 5, 21, 0].map((count) => plural('positions', count))).toEqual(['1 position', '2 positions', '5 positions', '21 positions', '0 positions']);
  });

  it('rule: Russian has one, few and many: 1 позиция, 2 позиции, 5 позиций, 21 позиция, 11 позиций, 22 позиции', () => {
    setActiveLanguage('ru');
    expect([1, 2, 5, 21, 11, 22, 111, 0].map((count) => plural('positions', count))).toEqual([
      '1 позиция',
      '2 позиции',
      '5 позиций',
      '21 позиция',
      '11 позиций',
      '22 позиции',
      '111 позиций',
      '0 позиций',
    ]);
    expect(plural('selectedRows', 1)).toBe('Выбрана 1 строка');
    expect(plural('selectedRows', 3)).toBe('Выбраны 3 строки');
    expect(plural('selectedRows', 25)).toBe('Выбрано 25 строк');
  });

  it('rule: a fraction takes the form the language gives it, with the language’s decimal separator', () => {
    expect(pluralForm(1.5, 'ru')).toBe('other');
    setActiveLanguage('ru');
    expect(plural('positions', 1.5)).toBe('1,5 позиции');
    expect(plural('positions', 1234)).toBe('1\u202F234 позиции');
  });

  it('every plural text has the four forms in both languages and each shows its count', () => {
    for (const table of [en.plural, ru.plural]) {
      for (const [name, forms] of Object.entries(table)) {
        expect([name, Object.keys(forms).sort()]).toEqual([name, ['few', 'many', 'one', 'other']]);
        for (const text of Object.values(forms)) expect(text).toContain('{{count}}');
      }
    }
  });
});
