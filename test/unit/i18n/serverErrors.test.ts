import { afterEach, describe, expect, it } from 'vitest';
import ru from '../../../locales/ru.json';
import { addMessages, setActiveLanguage } from '../../../src/i18n';
import { serverErrorText } from '../../../src/i18n/serverErrors';

// The server's refusals are English; one carrying a code the locales know is shown in the user's language.
describe('serverErrorText', () => {
  afterEach(() => setActiveLanguage('en'));

  it('rule: a known code is shown in the active language, not as the server’s English text', () => {
    addMessages('ru', ru);
    setActiveLanguage('ru');
    expect(serverErrorText({ error: 'This Telegram account is already linked to another user', code: 'telegramTaken' })).toBe(ru.serverErrors.telegramTaken);
    setActiveLanguage('en');
    expect(serverErrorText({ error: 'anything', code: 'telegramTaken' })).toBe('This Telegram account is already linked to another user');
  });

  it('rule: the figures a refusal carries (params) fill its text; other values are left out', () => {
    addMessages('ru', ru);
    setActiveLanguage('ru');
    const body = { error: 'English', code: 'planTooSmallUsers', params: { plan: 'Start', allowed: 3, used: 4, extra: { no: 1 } } };
    expect(serverErrorText(body)).toBe('Тариф Start допускает пользователей: 3, а в аккаунте их 4. Сначала отключите лишних или выберите тариф больше.');
  });

  it('rule: a figure is written as the server writes it in that language (1,000 in English, 1 000 in Russian)', () => {
    addMessages('ru', ru);
    const body = { error: 'English', code: 'planTooSmallUsers', params: { plan: 'Start', allowed: 1000, used: 12500 } };
    setActiveLanguage('en');
    expect(serverErrorText(body)).toContain('1,000');
    expect(serverErrorText(body)).toContain('12,500');
    setActiveLanguage('ru');
    expect(serverErrorText(body)).toContain('1\u00a0000');
    expect(serverErrorText(body)).toContain('12\u00a0500');
  });

  it('rule: no code, an unknown code or an inherited name keeps the server’s own text', () => {
    setActiveLanguage('ru');
    expect(serverErrorText({ error: 'Plain refusal' })).toBe('Plain refusal');
    expect(serverErrorText({ error: 'Plain refusal', code: 'noSuchCode' })).toBe('Plain refusal');
    expect(serverErrorText({ error: 'Plain refusal', code: 'toString' })).toBe('Plain refusal');
    expect(serverErrorText({ message: 'From another service' })).toBe('From another service');
    expect(serverErrorText(undefined)).toBe('');
  });
});
