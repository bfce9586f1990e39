import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import ru from '../../../../locales/ru.json';
import { Pager, type PagerProps } from '../../../../shell/features/orders/Pager';
import { addMessages, setActiveLanguage } from '../../../../src/i18n';
import { render } from '../../../ui/render';

/**
 * The orders pager when the server stopped counting a search's matches (meta.total_capped, issue 20 §3): "of more
 * than 1,000" with the number grouped as the language writes it, and Next open; an exact total stays "of N".
 */
afterEach(() => setActiveLanguage('en'));

const props = (over: Partial<PagerProps>): PagerProps => ({
  page: 1,
  lastPage: 51,
  perPage: 20,
  perPageChoices: [20, 50],
  total: 1000,
  totalCapped: true,
  shownCount: 20,
  disabled: false,
  onPage: () => {},
  onPerPage: () => {},
  ...over,
});

const shown = (container: HTMLElement) => container.querySelector('.orders-pager > span')?.textContent;

describe('orders Pager', () => {
  it.each([
    ['en', en, '1–20 of more than 1,000', '1001–1005 of 1005'],
    ['ru', ru, '1–20 из более чем 1\u202F000', '1001–1005 из 1005'],
  ] as const)('rule: a capped total (%s) reads "more than 1,000" and keeps Next open; the exact total reads "of N"', (lang, table, capped, exact) => {
    addMessages(lang, table);
    setActiveLanguage(lang);
    const first = render(<Pager {...props({})} />).container;
    expect(shown(first)).toBe(capped);
    expect((first.querySelector(`button[aria-label="${table.orders.nextPage}"]`) as HTMLButtonElement).disabled).toBe(false);
    const last = render(<Pager {...props({ page: 51, total: 1005, totalCapped: false, shownCount: 5 })} />).container;
    expect(shown(last)).toBe(exact);
  });
});
