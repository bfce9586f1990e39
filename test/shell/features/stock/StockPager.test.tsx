import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import ru from '../../../../locales/ru.json';
import { StockPager, type StockPagerProps } from '../../../../shell/features/stock/StockPager';
import { addMessages, setActiveLanguage } from '../../../../src/i18n';
import { render } from '../../../ui/render';

/**
 * The stock pager over the server's count cap (meta.total_is_estimate): "of 1,000+", the page without a last page,
 * next open; with an exact count it stays "of N" and "Page N of M", next closed on the last page. In English and Russian.
 */
afterEach(() => setActiveLanguage('en'));

const props = (over: Partial<StockPagerProps>): StockPagerProps => ({
  page: 1,
  lastPage: 50,
  perPage: 20,
  perPageChoices: [20, 50],
  total: 1000,
  totalIsEstimate: true,
  shownCount: 20,
  onPage: () => {},
  onPerPage: () => {},
  ...over,
});

function texts(container: HTMLElement) {
  const pager = container.querySelector('[data-testid="stock-pager"]') as HTMLElement;
  const [previous, next] = [...pager.querySelectorAll('button')];
  return { text: pager.textContent ?? '', previous: previous.disabled, next: next.disabled };
}

describe('StockPager', () => {
  it.each([
    ['en', en, '1–20 of 1,000+', 'Page 3', '41–60 of 60+'],
    ['ru', ru, '1–20 из 1\u202F000+', 'Страница 3', '41–60 из 60+'],
  ] as const)('rule: over the count cap (%s) it says "of 1,000+", no last page, and next stays open, even on the page the count reaches', (lang, table, first, pageLabel, third) => {
    addMessages(lang, table);
    setActiveLanguage(lang);
    expect(texts(render(<StockPager {...props({})} />).container)).toMatchObject({ previous: true, next: false });
    expect(texts(render(<StockPager {...props({})} />).container).text).toContain(first);
    const atCap = texts(render(<StockPager {...props({ page: 3, lastPage: 3, total: 60 })} />).container);
    expect(atCap.text).toContain(pageLabel);
    expect(atCap.text).toContain(third);
    expect(atCap.next).toBe(false);
  });

  it.each([
    ['en', en, '41–45 of 45', 'Page 3 of 3'],
    ['ru', ru, '41–45 из 45', 'Страница 3 из 3'],
  ] as const)('rule: with an exact count (%s) it keeps "of N", "Page N of M" and closes next on the last page', (lang, table, shown, pageLabel) => {
    addMessages(lang, table);
    setActiveLanguage(lang);
    const last = texts(render(<StockPager {...props({ page: 3, lastPage: 3, total: 45, totalIsEstimate: false, shownCount: 5 })} />).container);
    expect(last.text).toContain(shown);
    expect(last.text).toContain(pageLabel);
    expect(last.next).toBe(true);
  });
});
