import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import ru from '../../../../locales/ru.json';
import { HistoryTab } from '../../../../shell/features/stock/editor/HistoryTab';
import { MOVEMENT_KINDS } from '../../../../src/domain/movementKinds';
import { addMessages, setActiveLanguage } from '../../../../src/i18n';
import { $token, clearSession } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { settle } from '../../../support/settle';
import { all, render } from '../../../ui/render';

/** Rule (issue 13 §3): every kind of ledger row has its own label in the History tab, in English and in Russian — never the raw code. */
const edge = useApiFake();

const rows = MOVEMENT_KINDS.map((type, index) => ({
  id: index + 1,
  date: '2026-01-02T10:00:00.000Z',
  type,
  user: 'Dana',
  from_warehouse: 'Main',
  to_warehouse: 'Second',
  batch: 'B1',
  quantity: 1,
  comment: '',
  order: null,
}));

beforeEach(() => {
  clearSession();
  $token.set('staff');
  edge.answers['/api/product/history'] = { status: 200, body: { data: rows, links: { first: null, last: null, prev: null, next: null }, meta: { current_page: 1, last_page: 1, per_page: 20, total: rows.length } } };
});

afterEach(() => setActiveLanguage('en'));

const shownKinds = () => all<HTMLTableRowElement>(document.body, 'tbody tr').map((row) => row.cells[1].textContent);

describe('History tab movement labels', () => {
  it.each([
    ['en', en],
    ['ru', ru],
  ] as const)('rule: every movement kind (transit sent/received/cancelled too) shows its %s label', async (lang, table) => {
    addMessages(lang, table);
    setActiveLanguage(lang);
    render(<HistoryTab productId={5} openOrder={() => {}} />);
    await settle();
    const labels = table.stock.editor.kinds as Record<string, string>;
    expect(shownKinds()).toEqual(MOVEMENT_KINDS.map((kind) => labels[kind]));
    for (const [index, kind] of MOVEMENT_KINDS.entries()) {
      expect(labels[kind], kind).toBeTruthy();
      expect(shownKinds()[index]).not.toBe(kind);
    }
    expect(new Set(shownKinds()).size).toBe(MOVEMENT_KINDS.length);
  });
});

describe('History tab order rows', () => {
  // The server writes an order's row in English for API clients and names the order apart; the tab says it in the user's language.
  const orderRows = [
    { ...rows[3], id: 101, comment: 'Order 15: Tools', order: { id: 15, name: 'Tools' } },
    { ...rows[4], id: 102, comment: 'Order 16', order: { id: 16, name: '' } },
    { ...rows[0], id: 103, comment: 'Delivered by hand', order: null },
  ];
  const comments = () => all<HTMLTableRowElement>(document.body, 'tbody tr').map((row) => row.cells[7].textContent);

  beforeEach(() => {
    edge.answers['/api/product/history'] = { status: 200, body: { data: orderRows, links: { first: null, last: null, prev: null, next: null }, meta: { current_page: 1, last_page: 1, per_page: 20, total: orderRows.length } } };
  });

  it.each([
    ['en', en, ['Order 15: Tools', 'Order 16', 'Delivered by hand']],
    ['ru', ru, ['Заказ 15: Tools', 'Заказ 16', 'Delivered by hand']],
  ] as const)("rule: an order's row names the order in the user's language (%s), with the order's name; other comments stay as written", async (lang, table, expected) => {
    addMessages(lang, table);
    setActiveLanguage(lang);
    render(<HistoryTab productId={5} openOrder={() => {}} />);
    await settle();
    expect(comments()).toEqual(expected);
  });

  it("rule: an order's row links to the order, and following it leaves through the editor (which asks about unsaved input)", async () => {
    const openOrder = vi.fn();
    render(<HistoryTab productId={5} openOrder={openOrder} />);
    await settle();
    const links = all<HTMLAnchorElement>(document.body, 'tbody a');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#/addToDeal?order_id=15', '#/addToDeal?order_id=16']);
    links[0].click();
    expect(openOrder).toHaveBeenCalledWith('/addToDeal?order_id=15');
  });
});
