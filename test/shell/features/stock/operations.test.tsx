import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import { InTransitButton } from '../../../../shell/features/stock/operations/InTransitButton';
import { percentProblem, priceProblem, quantityProblem } from '../../../../shell/features/stock/operations/quantities';
import { addMessages, setActiveLanguage } from '../../../../src/i18n';
import { $account, resetAccount } from '../../../../src/stores/account';
import { useApiFake } from '../../../support/apiFake';

const edge = useApiFake();
let root: Root | null = null;

async function show(node: ReactNode): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  return host;
}

beforeEach(() => {
  addMessages('en', en);
  setActiveLanguage('en');
  resetAccount();
  edge.answers['/api/stock/transit'] = { body: [] };
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const buttons = (host: HTMLElement) => [...host.querySelectorAll('button')].map((button) => button.textContent);

describe('the moves in transit show on the stock screen (the operation buttons\' rights: RemnantsScreen.test.tsx)', () => {
  const member = (rights: { change_remains: boolean; editing_remains: boolean }) =>
    $account.set({ loaded: true, account: { separate_rights: true } as never, user: { is_owner: false, admin: false, activity: true, ...rights } as never });
  const oneInTransit = { body: [{ id: 1, from_warehouse_id: 1, to_warehouse_id: 2, comment: '', created_at: new Date().toISOString(), lines: [] }] };

  it('rule: the moves in transit are counted on the screen', async () => {
    member({ change_remains: true, editing_remains: true });
    edge.answers['/api/stock/transit'] = oneInTransit;
    expect(buttons(await show(<InTransitButton />))).toEqual(['In transit: 1']);
  });

  it("rule: without 'arrival, write-off, movement' the count shows only when goods are in transit, and cannot be acted on", async () => {
    member({ change_remains: false, editing_remains: true });
    expect(buttons(await show(<InTransitButton />))).toEqual([]);
    act(() => root?.unmount());
    edge.answers['/api/stock/transit'] = oneInTransit;
    const host = await show(<InTransitButton />);
    expect(buttons(host)).toEqual(['In transit: 1']);
    expect(host.querySelector('button')?.disabled).toBe(true);
  });
});

describe('quantities and prices are checked at the field before any request', () => {
  it('rule: a quantity is positive, a number, at most three decimals, within the cap and the available count', () => {
    const cases: [string, number | undefined, string | null][] = [
      ['', undefined, 'required'],
      ['abc', undefined, 'notNumber'],
      ['1e3', undefined, 'notNumber'],
      ['0', undefined, 'notPositive'],
      ['-2', undefined, 'notPositive'],
      ['1.0005', undefined, 'tooFine'],
      ['1000000001', undefined, 'tooLarge'],
      ['4.001', 4, 'overAvailable'],
      ['4', 4, null],
      ['2,5', 4, null],
      ['0.001', undefined, null],
    ];
    for (const [text, available, problem] of cases) expect(quantityProblem(text, available), `${text} of ${available}`).toBe(problem);
  });

  it('rule: a price is zero or more with kopecks at most, optional where the form says; a percentage is from -100 to 1000', () => {
    expect(priceProblem('', { optional: true })).toBeNull();
    expect(priceProblem('')).toBe('required');
    expect(priceProblem('0')).toBeNull();
    expect(priceProblem('-1')).toBe('notPositive');
    expect(priceProblem('1.005')).toBe('tooFine');
    expect(priceProblem('1000000000.01')).toBe('tooLarge');
    expect(percentProblem('-100')).toBeNull();
    expect(percentProblem('-100.01')).toBe('notPositive');
    expect(percentProblem('1000.01')).toBe('tooLarge');
    expect(percentProblem('12.5')).toBeNull();
  });
});
