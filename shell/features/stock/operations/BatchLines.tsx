import { useEffect, useId, useState } from 'react';
import type { Batch } from '../../../../src/contract/stock';
import type { BatchLine } from '../../../../src/contract/stockOperations';
import { t } from '../../../../src/i18n';
import { getProduct } from './api';
import { ProblemText } from './ProblemText';
import { ProductSearch } from './ProductSearch';
import { parseDecimal, quantityProblem } from './quantities';

/** One line of a write-off or a move: a product, one of its batches in the source warehouse, and a count up to its available. */
export interface BatchLineState {
  key: number;
  productId: number;
  name: string;
  unit: string;
  /** The product's batches in the chosen warehouse that have anything available. */
  batches: Batch[];
  batchId: number | null;
  count: string;
}

let nextKey = 1;

async function lineFor(productId: number, warehouseId: number | null): Promise<BatchLineState | null> {
  const answer = await getProduct(productId);
  if (!answer.ok || answer.data.type !== 'product') return null;
  const batches = answer.data.batches.filter((batch) => batch.warehouse_id === warehouseId && batch.available > 0);
  return { key: nextKey++, productId, name: answer.data.name, unit: answer.data.unit, batches, batchId: batches[0]?.id ?? null, count: '' };
}

const availableOf = (line: BatchLineState) => line.batches.find((batch) => batch.id === line.batchId)?.available;

/** Whether every line names a batch and a count within its available (lines of one batch add up). */
export function linesReady(lines: readonly BatchLineState[]): boolean {
  if (!lines.length) return false;
  const taken = new Map<number, number>();
  for (const line of lines) {
    if (line.batchId === null || quantityProblem(line.count, availableOf(line)) !== null) return false;
    taken.set(line.batchId, (taken.get(line.batchId) ?? 0) + Math.round((parseDecimal(line.count) ?? 0) * 1000));
  }
  return lines.every((line) => (taken.get(line.batchId!) ?? 0) <= Math.round((availableOf(line) ?? 0) * 1000));
}

export const toBatchLines = (lines: readonly BatchLineState[]): BatchLine[] => lines.map((line) => ({ batch_id: line.batchId!, count: parseDecimal(line.count)! }));

/**
 * The lines of a write-off or move. The products chosen on the stock screen start as lines; choosing another source
 * warehouse reloads every line's batches, since a batch belongs to one warehouse.
 */
export function useBatchLines(warehouseId: number | null, initialProductIds: readonly number[]) {
  const [lines, setLines] = useState<BatchLineState[]>([]);
  useEffect(() => {
    let live = true;
    const ids = lines.length ? lines.map((line) => line.productId) : initialProductIds;
    Promise.all(ids.map((id) => lineFor(id, warehouseId))).then((loaded) => {
      if (live) setLines(loaded.filter((line): line is BatchLineState => line !== null));
    });
    return () => {
      live = false;
    };
    // Reloaded when the warehouse changes; the lines themselves are edited below.
  }, [warehouseId]);

  /** After a refusal (someone took stock meanwhile): fresh batches and available counts, the typed counts kept. */
  const reload = async () => {
    const fresh = await Promise.all(lines.map((line) => lineFor(line.productId, warehouseId)));
    setLines(
      lines.flatMap((line, index) => {
        const loaded = fresh[index];
        if (!loaded) return [];
        const batchId = loaded.batches.some((batch) => batch.id === line.batchId) ? line.batchId : (loaded.batches[0]?.id ?? null);
        return [{ ...line, batches: loaded.batches, batchId }];
      }),
    );
  };
  const add = async (productId: number) => {
    const line = await lineFor(productId, warehouseId);
    if (line) setLines((current) => [...current, line]);
  };
  const update = (key: number, change: Partial<BatchLineState>) => setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const remove = (key: number) => setLines((current) => current.filter((line) => line.key !== key));
  return { lines, add, update, remove, reload };
}

export function BatchLinesEditor({ model }: { model: ReturnType<typeof useBatchLines> }) {
  return (
    <div className="stock-ops__lines">
      <table className="stock-ops__table">
        <thead>
          <tr>
            <th>{t('stock.ops.product')}</th>
            <th>{t('stock.ops.batch')}</th>
            <th>{t('stock.ops.quantity')}</th>
            <th>
              <span className="ui-visually-hidden">{t('stock.ops.removeLine')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {model.lines.map((line) => (
            <BatchLineRow key={line.key} line={line} model={model} />
          ))}
        </tbody>
      </table>
      <ProductSearch label={t('stock.ops.addLine')} onPick={(item) => model.add(item.id)} />
    </div>
  );
}

function BatchLineRow({ line, model }: { line: BatchLineState; model: ReturnType<typeof useBatchLines> }) {
  const id = useId();
  const available = availableOf(line);
  const problem = line.count ? quantityProblem(line.count, available) : null;
  return (
    <tr data-testid="stock-ops-line">
      <td>{line.name}</td>
      <td>
        {line.batches.length ? (
          <select aria-label={t('stock.ops.batchOf', { name: line.name })} value={line.batchId ?? ''} onChange={(event) => model.update(line.key, { batchId: Number(event.target.value) })}>
            {line.batches.map((batch) => (
              <option key={batch.id} value={batch.id}>
                {t('stock.ops.batchChoice', { number: batch.number || t('stock.ops.noNumber'), count: batch.available, unit: line.unit })}
              </option>
            ))}
          </select>
        ) : (
          <span className="stock-ops__problem">{t('stock.ops.nothingAvailable')}</span>
        )}
      </td>
      <td>
        <input
          aria-label={t('stock.ops.quantityOf', { name: line.name })}
          inputMode="decimal"
          value={line.count}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => model.update(line.key, { count: event.target.value })}
        />
        {available !== undefined && <span className="stock-ops__muted"> {t('stock.ops.available', { count: available, unit: line.unit })}</span>}
        <ProblemText id={`${id}-problem`} problem={problem} available={available} />
      </td>
      <td>
        <button type="button" className="shell-button" aria-label={t('stock.ops.removeLineOf', { name: line.name })} onClick={() => model.remove(line.key)}>
          ×
        </button>
      </td>
    </tr>
  );
}
