import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, companies, contacts, orderPositions, orders, pipelineStatuses, pipelines, products, users } from '../../db/schema';
import { refusal } from '../../http/refusal';
import { CUSTOM_CODE } from './catalogue';
import { productPictures } from './documentImages';

/**
 * What a template is filled with for one order: every placeholder of the catalogue has a value (text, '' when
 * empty), numbers and dates written in the account's document language. Sums are worked in cents and
 * quantities in thousandths, as the order's own total is (round(price × quantity, 2) per line): the document's
 * total is the order's. Prices include VAT, so VAT is amount × rate / (100 + rate): shown per line, and summed per rate from the rate's
 * whole amount.
 */

export type DocumentLang = 'en' | 'ru';

export interface DocumentHeader {
  number: number;
  date: Date;
  title: string;
  typeName: string;
  templateName: string;
}

const LOCALE: Record<DocumentLang, string> = { en: 'en-US', ru: 'ru-RU' };

export function formatters(lang: DocumentLang) {
  const money = new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 3 });
  const rate = new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 2 });
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    money: (cents: number) => money.format(cents / 100),
    count: (thousandths: number) => count.format(thousandths / 1000),
    rate: (value: number) => rate.format(value),
    // dd.mm.yyyy in both languages (as on the paperwork of both); UTC, as the account keeps no time zone.
    date: (date: Date) => `${two(date.getUTCDate())}.${two(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`,
  };
}

const cents = (text: string) => Math.round(Number(text) * 100);
const thousandths = (text: string) => Math.round(Number(text) * 1000);

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (typeof value === 'object') return '';
  return String(value);
};

export interface OrderDocumentData {
  data: Record<string, unknown>;
  orderName: string;
  companyName: string | null;
  contactName: string | null;
}

export async function orderDocumentData(
  db: Db,
  accountId: number,
  orderId: number,
  options: {
    lang: DocumentLang;
    header: DocumentHeader;
    employeeId: number | null;
    seller: Record<string, string>;
    customCodes: readonly string[];
    /** Whether the template shows product pictures: only then are they read and converted. */
    pictures?: boolean;
  },
): Promise<OrderDocumentData> {
  const [row] = await db
    .select({ order: orders, stage: pipelineStatuses.name, pipeline: pipelines.name, company: companies, contact: contacts, account: { name: accounts.name, country: accounts.country, isKommo: accounts.isKommo } })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(pipelineStatuses, eq(pipelineStatuses.id, orders.statusId))
    .leftJoin(pipelines, eq(pipelines.id, orders.pipelineId))
    .leftJoin(companies, and(eq(companies.id, orders.companyId), eq(companies.accountId, accountId)))
    .leftJoin(contacts, and(eq(contacts.id, orders.contactId), eq(contacts.accountId, accountId)))
    .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)));
  if (!row) throw refusal(404, 'noSuchOrder');
  const lines = await db
    .select({ position: orderPositions, name: products.name, article: products.article, unit: products.unit, description: products.description })
    .from(orderPositions)
    .innerJoin(products, eq(products.id, orderPositions.productId))
    .where(and(eq(orderPositions.orderId, orderId), eq(orderPositions.accountId, accountId)))
    .orderBy(asc(orderPositions.sort), asc(orderPositions.id));
  const pictures = options.pictures ? await productPictures(db, accountId, lines.map((line) => line.position.productId)) : new Map();
  const employeeId = row.order.userId ?? options.employeeId;
  const [employee] = employeeId ? await db.select({ name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, employeeId)) : [];

  const f = formatters(options.lang);
  /** The amount (cents, VAT included) of each VAT rate. */
  const vatByRate = new Map<number, number>();
  let total = 0;
  let vat = 0;
  let quantity = 0;
  const currency = lines[0]?.position.currency ?? (row.account.isKommo ? 'USD' : 'RUB');
  const positions = lines.map((line, index) => {
    const qty = thousandths(line.position.quantity);
    const amount = Math.round((cents(line.position.price) * qty) / 1000);
    const rate = Number(line.position.nds);
    const lineVat = rate > 0 ? Math.round((amount * rate) / (100 + rate)) : 0;
    total += amount;
    quantity += qty;
    vatByRate.set(rate, (vatByRate.get(rate) ?? 0) + amount);
    const values = { ...line.position.values };
    return {
      n: String(index + 1),
      name: text(values.name) || line.name,
      article: line.article,
      description: line.description,
      unit: line.unit,
      quantity: f.count(qty),
      price: f.money(cents(line.position.price)),
      vat_rate: f.rate(rate),
      vat_amount: f.money(lineVat),
      amount_without_vat: f.money(amount - lineVat),
      amount: f.money(amount),
      // No picture: an empty place ({%image} renders nothing).
      image: pictures.get(line.position.productId) ?? '',
    };
  });
  // VAT per rate is taken from the rate's whole amount (one rounding per rate, not per line).
  const vatLines = [...vatByRate]
    .filter(([rate]) => rate > 0)
    .sort(([a], [b]) => a - b)
    .map(([rate, amount]) => {
      const lineVat = Math.round((amount * rate) / (100 + rate));
      vat += lineVat;
      return { rate: f.rate(rate), amount: f.money(lineVat) };
    });

  const order: Record<string, string> = {};
  for (const code of options.customCodes) if (CUSTOM_CODE.test(code)) order[code] = text(row.order.values[code]);
  Object.assign(order, {
    id: String(row.order.id),
    name: row.order.name,
    created_at: f.date(row.order.createdAt),
    status: row.stage ?? '',
    pipeline: row.pipeline ?? '',
    sum: f.money(total),
    currency,
  });
  const company = row.company;
  const data = {
    document: { number: String(options.header.number), date: f.date(options.header.date), title: options.header.title, type_name: options.header.typeName, template_name: options.header.templateName },
    order,
    positions,
    totals: { count: String(lines.length), quantity: f.count(quantity), without_vat: f.money(total - vat), vat: f.money(vat), total: f.money(total) },
    vat_lines: vatLines,
    company: {
      name: company?.name ?? '',
      email: company?.email ?? '',
      phone: company?.phone ?? '',
      tax_id: company?.taxId ?? '',
      reason_code: company?.reasonCode ?? '',
      registration_number: company?.registrationNumber ?? '',
      bank_name: company?.bankName ?? '',
      bank_code: company?.bankCode ?? '',
      correspondent_account: company?.correspondentAccount ?? '',
      payment_account: company?.paymentAccount ?? '',
    },
    contact: { name: row.contact?.name ?? '', email: row.contact?.email ?? '', phone: row.contact?.phone ?? '' },
    employee: { name: employee?.name ?? '', email: employee?.email ?? '', phone: employee?.phone ?? '' },
    account: { name: row.account.name, country: row.account.country ?? '' },
    seller: options.seller,
  };
  return { data, orderName: row.order.name, companyName: company?.name ?? null, contactName: row.contact?.name ?? null };
}
