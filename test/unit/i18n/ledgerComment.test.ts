import { afterEach, describe, expect, it } from 'vitest';
import ru from '../../../locales/ru.json';
import { addMessages, setActiveLanguage } from '../../../src/i18n';
import { ledgerCommentText } from '../../../src/i18n/ledgerComment';

// The movement report's comment column: the server writes an order's row in English and names the order apart.
describe('ledgerCommentText', () => {
  afterEach(() => setActiveLanguage('en'));

  const rows = [
    { comment: 'Order 1234: Tools', order: { id: 1234, name: 'Tools' } },
    { comment: 'Order 9', order: { id: 9, name: '' } },
    { comment: 'Broken in transit', order: null },
  ];

  it("rule: an order's row names the order in the user's language, its id unformatted (1234, not 1,234); any other comment as written", () => {
    expect(rows.map(ledgerCommentText)).toEqual(['Order 1234: Tools', 'Order 9', 'Broken in transit']);
    addMessages('ru', ru);
    setActiveLanguage('ru');
    expect(rows.map(ledgerCommentText)).toEqual(['Заказ 1234: Tools', 'Заказ 9', 'Broken in transit']);
  });
});
