import { describe, expect, it } from 'vitest';
import { serverErrors as en } from '../../locales/en.json';
import { serverErrors as ru } from '../../locales/ru.json';
import { HttpError } from '../../server/http/errors';
import { refusal, refusalMessageIn, refusalText, refusalTextIn } from '../../server/http/refusal';
import { importRefusal, importText, reasonOf, refusalText as importRefusalText } from '../../server/modules/import/messages';

/**
 * server/http/refusal.ts, the one refusal mechanism (issue 17): a code's text from locales in either language, figures
 * written the language's way, and the import's messages built on it. Pure: no server runs.
 */
describe('refusal texts', () => {
  it("rule: figures are written the language's way — '1,000' in English (the answer's error), '1 000' in Russian", () => {
    const params = { limit: 1000, plan: 'Start' };
    expect(refusalText('limitPositions', params)).toBe('Your tariff allows 1,000 products and services on the Start plan. Archive some or choose a larger tariff.');
    expect(refusalTextIn('ru', 'limitPositions', params)).toBe('Ваш тариф Start допускает товаров и услуг: 1\u00a0000. Архивируйте часть или выберите тариф больше.');
    expect(refusal(422, 'limitPositions', params)).toMatchObject({ status: 422, message: refusalText('limitPositions', params), extra: { code: 'limitPositions', params } });
  });

  it('rule: a text is the locale text of its code in the language asked, English for any other language or none', () => {
    expect(refusalTextIn('ru', 'ordersInPipeline')).toBe(ru.ordersInPipeline);
    for (const lang of ['en', 'de', null, undefined]) expect(refusalTextIn(lang, 'ordersInPipeline')).toBe(en.ordersInPipeline);
  });

  it('rule: a refusal already made is said in a language by its code; one without a code keeps its own text', () => {
    expect(refusalMessageIn(refusal(409, 'fieldCodeTaken', { code: 'size' }), 'ru')).toBe('Поле с кодом size уже есть');
    expect(refusalMessageIn(new HttpError(400, 'Plain text'), 'ru')).toBe('Plain text');
    expect(refusalMessageIn(new HttpError(400, 'Plain text', { code: 'toString' }), 'ru')).toBe('Plain text');
  });

  it("rule: the import's messages are the same mechanism — its texts, refusals and reasons equal refusal.ts's", () => {
    const params = { limit: 100_000 };
    expect(importText('importTooManyRows', params, 'ru')).toBe(refusalTextIn('ru', 'importTooManyRows', params));
    expect(importText('importTooManyRows', params)).toContain('100,000');
    expect(importRefusal('importTooManyRows', params)).toEqual(refusal(400, 'importTooManyRows', params));
    expect(importRefusal('importTooManyRows', params).extra).toEqual(refusal(400, 'importTooManyRows', params).extra);
    // A task writes any coded refusal it meets in its user's language, not only the import's own.
    expect(importRefusalText(refusal(422, 'importExportNotIncluded', { plan: 'Start' }), 'ru')).toBe(refusalTextIn('ru', 'importExportNotIncluded', { plan: 'Start' }));
    expect(reasonOf({ row: 2, column: 'A', message: 'old', code: 'importNegative' }, 'ru')).toBe(ru.importNegative);
    expect(reasonOf({ row: 2, column: 'A', message: 'old' }, 'ru')).toBe('old');
  });
});
