import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import AvailablePublicOrderListScreen from '../../../../shell/features/publicOrder/AvailablePublicOrderListScreen';
import { setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { resetPublicOrders } from '../../../../shell/features/publicOrder/publicOrders';
import { clearSession, savePublicToken } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { orderPage, publicOrder } from '../../../support/publicOrders';
import { all, click, get, render } from '../../../ui/render';
import { settle } from '../../../support/settle';

const edge = useApiFake();
const LIST = '/api/public-order/order/list';

const navigations: string[] = [];
beforeEach(() => {
  clearSession();
  clearNotifications();
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
  savePublicToken('po-token');
  resetPublicOrders();
});

const placeholders = (container: HTMLElement) => all(container, '.public-order--placeholder');

describe('/availablePublicOrderList', () => {
  it('rule: the placeholder sample list of six shows only while the store holds no orders', async () => {
    let answer: () => void = () => undefined;
    edge.answers[LIST] = { ...orderPage([publicOrder(11), publicOrder(12)]), after: new Promise((resolve) => (answer = () => resolve(undefined))) };
    const { container } = render(<AvailablePublicOrderListScreen />);
    expect(placeholders(container)).toHaveLength(6);
    // Samples are not orders: hidden from screen readers, which hear 'Loading…' instead, and nothing links anywhere.
    expect(get(container, '[data-placeholder]').getAttribute('aria-hidden')).toBe('true');
    expect(get(container, '[role="status"]').textContent).toBe('Loading…');
    expect(container.querySelector('.public-orders a')).toBeNull();
    await act(async () => answer());
    await settle();
    expect(placeholders(container)).toHaveLength(0);
    expect(all(container, '.public-order')).toHaveLength(2);
  });

  it("each order links to the deal screen in public mode (/publicOrder?order_id=…); inactive ones say 'View only'", async () => {
    edge.answers[LIST] = orderPage([publicOrder(11, { name: 'Chairs for the office', sum: 12345.5 }), publicOrder(12, { active: false, name: '' })]);
    const { container } = render(<AvailablePublicOrderListScreen />);
    await settle();
    const links = all<HTMLAnchorElement>(container, '.public-order-link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Chairs for the office', '#/publicOrder?order_id=11'],
      // An order without a name shows the translated new-order name with its id.
      ['New order #12', '#/publicOrder?order_id=12'],
    ]);
    const [active, inactive] = all(container, '.public-order');
    expect(active.textContent).not.toContain('View only');
    expect(active.textContent).toContain('12,345.50\u00a0₽');
    expect(inactive.classList.contains('public-order--inactive')).toBe(true);
    expect(inactive.querySelector('.public-badge')?.textContent).toBe('View only');
    // The details (number, date, status, view only) are read out with the link.
    expect(get(container, `#${links[1].getAttribute('aria-describedby')}`).textContent).toContain('View only');
  });

  it('no orders shared yet: an empty state, not samples', async () => {
    edge.answers[LIST] = orderPage([]);
    const { container } = render(<AvailablePublicOrderListScreen />);
    await settle();
    expect(placeholders(container)).toHaveLength(0);
    expect(get(container, '.public-state').textContent).toContain('No orders have been shared with you yet.');
  });

  it('a failed load says so and retries on request', async () => {
    edge.answers[LIST] = { status: 500, body: { error: 'down' } };
    const { container } = render(<AvailablePublicOrderListScreen />);
    await settle();
    expect(get(container, '[role="alert"]').textContent).toContain('The orders could not be loaded.');
    expect(placeholders(container)).toHaveLength(0);
    edge.answers[LIST] = orderPage([publicOrder(5)]);
    click(get(container, '[role="alert"] button'));
    await settle();
    expect(all(container, '.public-order')).toHaveLength(1);
  });

  it("a search with no match says 'Nothing found'; show more fetches the next page", async () => {
    edge.answers[LIST] = orderPage([publicOrder(1)], 1, 2, 2);
    const { container } = render(<AvailablePublicOrderListScreen />);
    await settle();
    expect(get(container, '.public-count').textContent).toBe('1 of 2');
    edge.answers[LIST] = orderPage([publicOrder(2)], 2, 2, 2);
    click(all(container, 'button').find((button) => button.textContent === 'Show more')!);
    await settle();
    expect(all(container, '.public-order')).toHaveLength(2);
    expect(all(container, 'button').some((button) => button.textContent === 'Show more')).toBe(false);

    const input = get<HTMLInputElement>(container, 'input[type="search"]');
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(input, 'zzz');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    edge.answers[LIST] = orderPage([]);
    act(() => {
      get<HTMLFormElement>(container, 'form[role="search"]').requestSubmit();
    });
    await settle();
    expect(edge.calls.at(-1)?.body).toEqual({ page: 1, per_page: 20, search: 'zzz' });
    expect(get(container, '.public-state').textContent).toBe('Nothing found');
  });

  it('without a public token (a staff visitor, or signed out) it sends the visitor to /publicOrderAuth and asks for nothing', async () => {
    clearSession();
    render(<AvailablePublicOrderListScreen />);
    await settle();
    expect(navigations).toEqual(['/publicOrderAuth']);
    expect(edge.calls).toEqual([]);
  });
});
