import type { OrderPosition } from '../../../src/contract/orders';
import { formatCount } from '../../../src/domain/counts';
import { formatNumber } from '../../../src/domain/format';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text made safe for HTML content and quoted attribute values: product names, articles and units are user input. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (char) => HTML_ESCAPES[char]);
}

/** The interface texts the fragment uses, in the user's language (English for any other). */
function textsFor(lang: string) {
  const table = lang === 'ru' ? ru : en;
  return { positions: table.order.positions, count: table.order.count, price: table.order.price, warehouse: table.order.warehouse, sum: table.order.sum, empty: table.errors.nothingFound };
}

const money = (value: number, currency: string) => `${formatNumber(value)} ${currency}`;

/**
 * widget/get-products: the deal's positions as an HTML fragment the CRM card shows as it is. Every
 * value — texts of the locale included — goes through escapeHtml, so nothing stored can add markup.
 */
export function renderLeadProducts(positions: readonly OrderPosition[], total: number, currency: string, lang: string): string {
  const text = textsFor(lang);
  if (!positions.length) return `<div class="stockroom-products stockroom-products-empty">${escapeHtml(text.empty)}</div>`;
  const head = [text.positions, text.count, text.price, text.warehouse].map((label) => `<th>${escapeHtml(label)}</th>`).join('');
  const rows = positions
    .map((position) => {
      const cells = [
        `<td>${escapeHtml(position.name)}${position.article ? `<br><small>${escapeHtml(position.article)}</small>` : ''}</td>`,
        `<td>${escapeHtml(`${formatCount(position.count)} ${position.unit}`)}</td>`,
        `<td>${escapeHtml(money(position.price, position.currency))}</td>`,
        `<td>${escapeHtml(position.warehouse_name ?? '')}</td>`,
      ];
      return `<tr data-position-id="${escapeHtml(position.id)}" data-identifier="${escapeHtml(position.identifier)}">${cells.join('')}</tr>`;
    })
    .join('');
  const foot = `<tr><td colspan="4">${escapeHtml(`${text.sum}: ${money(total, currency)}`)}</td></tr>`;
  return `<table class="stockroom-products"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody><tfoot>${foot}</tfoot></table>`;
}
