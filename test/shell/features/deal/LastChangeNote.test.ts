import { afterEach, describe, expect, it } from 'vitest';
import ru from '../../../../locales/ru.json';
import '../../../../shell/features/deal/texts';
import { lastChangeText } from '../../../../shell/features/deal/LastChangeNote';
import { addMessages, setActiveLanguage } from '../../../../src/i18n';
import { formatDateTimeText } from '../../../../src/i18n/dates';

// Local time, so the expected text does not depend on the machine's zone.
const at = new Date(2026, 10, 25, 14, 3).toISOString();

afterEach(() => setActiveLanguage('en'));

describe('deal header: who changed the order last (issue 19 §3)', () => {
  it('rule: a staff member by name, the customer (by name when known), or only the time — in English', () => {
    setActiveLanguage('en');
    const date = formatDateTimeText(at);
    expect(lastChangeText({ by: 'staff', name: 'Anna Petrova', at })).toBe(`Changed by Anna Petrova, ${date}`);
    expect(lastChangeText({ by: 'customer', name: null, at })).toBe(`Changed by the customer, ${date}`);
    expect(lastChangeText({ by: 'customer', name: 'Olga Smirnova', at })).toBe(`Changed by the customer Olga Smirnova, ${date}`);
    expect(lastChangeText({ by: 'staff', name: null, at })).toBe(`Changed ${date}`);
  });

  it('rule: in Russian, dd.mm.yyyy hh:mm and «покупатель» for the customer', () => {
    addMessages('ru', ru);
    setActiveLanguage('ru');
    expect(lastChangeText({ by: 'staff', name: 'Анна Петрова', at })).toBe('Изменён: Анна Петрова, 25.11.2026 14:03');
    expect(lastChangeText({ by: 'customer', name: null, at })).toBe('Изменён: покупатель, 25.11.2026 14:03');
  });
});
