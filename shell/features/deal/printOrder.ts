import type { OrderFile } from '../../../src/contract/orderDocuments';
import { inlineType, saveBlob, showBlobIn } from './DocumentsFiles';
import { downloadOrderFile, listOrderFiles } from './documentsApi';

/** A document's name that says it is the invoice (the templates' names in English and Russian). */
const INVOICE_NAME = /invoice|сч[её]т/i;

/** The order's invoice among its documents: a generated one before an uploaded one, the newest of each. */
export function invoiceOf(generated: readonly OrderFile[], custom: readonly OrderFile[]): OrderFile | null {
  for (const files of [generated, custom]) {
    const invoices = files.filter((file) => INVOICE_NAME.test(file.name));
    if (invoices.length > 0) return invoices.reduce((newest, file) => (file.created_at > newest.created_at ? file : newest));
  }
  return null;
}

/** What the browser side of printing needs: opening a tab, and the page's own print. */
export interface PrintTarget {
  open: (url: string, target: string) => Window | null;
  print: () => void;
}

/**
 * The deal's Print (issue 19 §5): the order's invoice document when it has one — shown in a new tab, where the
 * browser's viewer prints it, or downloaded when the browser cannot show its type — else the order page itself,
 * which the print stylesheet (shell/app/print.css) strips to its content. The documents are read afresh: the
 * documents tab may never have been opened. Answers what it printed.
 */
export async function printOrder(orderId: number, target: PrintTarget = window): Promise<'invoice' | 'page'> {
  const [generated, custom] = await Promise.all([listOrderFiles(orderId, 'generated'), listOrderFiles(orderId, 'custom')]);
  const invoice = invoiceOf(generated.ok ? generated.data : [], custom.ok ? custom.data : []);
  if (!invoice) {
    target.print();
    return 'page';
  }
  const bytes = await downloadOrderFile(invoice);
  if (!bytes.ok) return 'invoice';
  const type = inlineType(invoice.mime);
  const tab = type ? target.open('', '_blank') : null;
  if (tab && type) {
    tab.opener = null;
    showBlobIn(tab, bytes.data.blob, type);
  } else saveBlob(bytes.data.blob, invoice.name);
  return 'invoice';
}
