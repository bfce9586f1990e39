import type { Readable } from 'node:stream';
import { XLSX_TYPE } from '../../http/downloads';
import { xlsxTable, type XlsxColumn } from '../../http/xlsxTable';

/**
 * The invoice file of a 'request an invoice' (issue 17 §6: payment is an adapter, no fake payment). invoiceDocument
 * is the one seam: today a plain xlsx table; a template-made document (the documents module's docx templates) can
 * replace `plainXlsxInvoice` in tariffs/routes.ts without touching the request, its record or the screen.
 */
export interface InvoiceFacts {
  number: number;
  date: Date;
  account: { id: number; name: string };
  plan: { name: string; period: string; price: number };
  /** Seats billed for a per-user plan, else 1. */
  quantity: number;
  amount: number;
}

export interface InvoiceFile {
  name: string;
  mime: string;
  body: Readable;
}

export type InvoiceDocument = (invoice: InvoiceFacts) => Promise<InvoiceFile>;

const PERIOD_TEXT: Record<string, string> = { year: 'per year', once: 'one-time', user: 'per user per year' };

interface Line {
  text: string;
  quantity: number | null;
  price: number | null;
  amount: number | null;
}

const COLUMNS: readonly XlsxColumn<Line>[] = [
  { header: 'Description', width: 60, kind: 'text', value: (line) => line.text },
  { header: 'Quantity', width: 10, kind: 'number', value: (line) => line.quantity },
  { header: 'Price, USD', width: 14, kind: 'money', value: (line) => line.price },
  { header: 'Amount, USD', width: 14, kind: 'money', value: (line) => line.amount },
];

export const plainXlsxInvoice: InvoiceDocument = async (invoice) => {
  const day = invoice.date.toISOString().slice(0, 10);
  const lines: Line[] = [
    { text: `Invoice No. ${invoice.number} of ${day}`, quantity: null, price: null, amount: null },
    { text: `Customer: ${invoice.account.name} (account ${invoice.account.id})`, quantity: null, price: null, amount: null },
    { text: `Tariff ${invoice.plan.name}, ${PERIOD_TEXT[invoice.plan.period] ?? invoice.plan.period}`, quantity: invoice.quantity, price: invoice.plan.price, amount: invoice.amount },
    { text: 'Total', quantity: null, price: null, amount: invoice.amount },
  ];
  async function* pages() {
    yield lines;
  }
  const body = await xlsxTable('Invoice', COLUMNS, pages(), () => undefined);
  return { name: `invoice-${invoice.number}.xlsx`, mime: XLSX_TYPE, body };
};
