import { useEffect, useState } from 'react';
import type { LedgerOrder } from '../../../../src/contract/common';
import type { ProductHistoryPage } from '../../../../src/contract/productEditor';
import { MOVEMENT_KINDS, type MovementKind } from '../../../../src/domain/movementKinds';
import { t } from '../../../../src/i18n';
import { orderCommentText } from '../../../../src/i18n/ledgerComment';
import { productHistory } from './editorApi';
import { formatDateTimeText } from '../../../../src/i18n/dates';

const isKind = (kind: string): kind is MovementKind => (MOVEMENT_KINDS as readonly string[]).includes(kind);
// Typed by the kind, so a kind added to MOVEMENT_KINDS without a label under stock.editor.kinds does not compile.
const kindText = (kind: string) => (isKind(kind) ? t(`stock.editor.kinds.${kind}`) : kind);

/** An order's ledger row names the order in the user's language and opens it. */
function OrderLink({ order, openOrder }: { order: LedgerOrder; openOrder: (path: string) => void }) {
  const path = `/addToDeal?order_id=${order.id}`;
  return (
    <a
      className="shell-link"
      href={`#${path}`}
      onClick={(event) => {
        event.preventDefault();
        openOrder(path);
      }}
    >
      {orderCommentText(order)}
    </a>
  );
}

/** The product's ledger rows, newest first, a page at a time (product/history). An order's row links to the order: `openOrder` leaves the editor for it. */
export function HistoryTab({ productId, openOrder }: { productId: number; openOrder: (path: string) => void }) {
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<ProductHistoryPage | null>(null);

  useEffect(() => {
    let live = true;
    void productHistory(productId, page).then((result) => live && result.ok && setAnswer(result.data));
    return () => {
      live = false;
    };
  }, [productId, page]);

  if (!answer) return <p>{t('app.loading')}</p>;
  if (!answer.data.length) return <p>{t('stock.editor.noHistory')}</p>;
  const last = answer.meta.last_page ?? 1;
  return (
    <div className="product-editor__history">
      <table>
        <thead>
          <tr>
            {(['date', 'movement', 'user', 'from', 'to', 'batch', 'quantity', 'comment'] as const).map((key) => (
              <th key={key} scope="col">
                {t(`stock.editor.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {answer.data.map((row) => (
            <tr key={row.id}>
              <td>{formatDateTimeText(row.date)}</td>
              <td>{kindText(row.type)}</td>
              <td>{row.user ?? ''}</td>
              <td>{row.from_warehouse ?? ''}</td>
              <td>{row.to_warehouse ?? ''}</td>
              <td>{row.batch}</td>
              <td>{row.quantity}</td>
              <td>{row.order ? <OrderLink order={row.order} openOrder={openOrder} /> : row.comment}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {last > 1 && (
        <nav className="product-editor__pages">
          <button type="button" className="shell-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('stock.editor.prevPage')}
          </button>
          <span>{t('stock.editor.pageOf', { page, last })}</span>
          <button type="button" className="shell-button" disabled={page >= last} onClick={() => setPage(page + 1)}>
            {t('stock.editor.nextPage')}
          </button>
        </nav>
      )}
    </div>
  );
}
