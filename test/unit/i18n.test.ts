import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { addMessages, detectLanguage, setActiveLanguage, t } from '../../src/i18n';

describe('i18n detection order: saved choice, browser prefix, English', () => {
  it.each([
    ['ru', ['en-US'], 'ru'],
    ['en', ['ru-RU'], 'en'],
    [null, ['ru-RU', 'en'], 'ru'],
    [null, ['de-DE', 'en-GB'], 'en'],
    ['de', ['fr'], 'en'],
    [undefined, [], 'en'],
  ] as const)('saved %s, browser %j → %s', (saved, browser, expected) => {
    expect(detectLanguage(saved, browser)).toBe(expected);
  });
});

describe('t()', () => {
  it('interpolates params and translates in the active language', () => {
    addMessages('ru', ru);
    setActiveLanguage('ru');
    expect(t('orders.newName', { id: 7 })).toBe('Новый заказ №7');
    expect(t('currency.label')).toBe('рубль');
    setActiveLanguage('en');
    expect(t('orders.newName', { id: 7 })).toBe('New order #7');
    expect(t('currency.label')).toBe('dollar');
  });

  it('falls back to English when the active language lacks a key', () => {
    addMessages('ru', { ...ru, nav: { ...ru.nav, orders: '' } });
    setActiveLanguage('ru');
    expect(t('nav.orders')).toBe('Orders');
    addMessages('ru', ru);
    setActiveLanguage('en');
  });

  it('carries the spec texts verbatim', () => {
    expect(en.errors.network).toBe('Network error or server unavailable');
    expect(ru.errors.network).toBe('Ошибка сети или сервер недоступен');
    expect(ru.errors.unknown).toBe('Неизвестная ошибка');
    expect(en.settings.sameStage).toBe(
      'The same stage is selected for different operations within one pipeline. Please choose different stages.',
    );
  });
});
