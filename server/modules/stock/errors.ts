import { badRequest, conflict, notFound, unprocessable } from '../../http/errors';

/**
 * Every refusal the inventory module answers, declared once: callers (orders, public orders) match on these texts,
 * e.g. a public customer gets a shortage without the count.
 */
export const NOT_ENOUGH_STOCK = 'Not enough stock';
export const EXISTING_BATCH = 'Existing batch';
export const NO_SUCH_PRODUCT = 'No such product';
export const NO_SUCH_BATCH = 'No such batch';
export const SERVICES_HAVE_NO_STOCK = 'Services have no stock';
export const ALREADY_IN_THAT_WAREHOUSE = 'The goods are already in that warehouse';
export const NOT_IN_THAT_WAREHOUSE = 'The batch is not in the chosen warehouse';
export const SAME_WAREHOUSE = 'Choose a different destination warehouse';
export const NOT_IN_TRANSIT = 'This move is no longer in transit';
export const ONE_PRODUCT_PER_LINE = 'Each line needs either a product from the catalogue or a new product';
export const BELOW_WRITTEN_OFF = 'The quantity cannot be lower than what this position has already written off';

/** A position asked for more than its product's batches have free: names the product and what is left. */
export function productShortage(product: { id: number; name: string }, availableThousandths: number): never {
  const amount = availableThousandths / 1000;
  throw unprocessable(`${NOT_ENOUGH_STOCK} of "${product.name}": ${amount} available`, { available: amount, product_id: product.id });
}

/** A write-off or move asked for more than one batch has free. */
export function batchShortage(available: number): never {
  throw unprocessable(`${NOT_ENOUGH_STOCK}: ${available} available`, { available });
}

/** A line of a multi-line document asked for more than its batch has free: names the line, the product and what is left. */
export function lineShortage(line: number, product: { id: number; name: string }, batch: { id: number; number: string }, availableThousandths: number): never {
  const amount = availableThousandths / 1000;
  throw unprocessable(`${NOT_ENOUGH_STOCK} of "${product.name}"${batch.number ? ` (batch ${batch.number})` : ''}: ${amount} available`, {
    available: amount,
    product_id: product.id,
    batch_id: batch.id,
    line,
  });
}

export const notInThatWarehouse = (line: number) => badRequest(NOT_IN_THAT_WAREHOUSE, { line });
export const sameWarehouse = () => badRequest(SAME_WAREHOUSE);
export const notInTransit = () => conflict(NOT_IN_TRANSIT);
export const onePerLine = (line: number) => badRequest(ONE_PRODUCT_PER_LINE, { line });
export const existingBatch = (batchId: number) => conflict(EXISTING_BATCH, { batch_id: batchId });
export const noSuchProduct = () => notFound(NO_SUCH_PRODUCT);
export const noSuchBatch = () => notFound(NO_SUCH_BATCH);
export const servicesHaveNoStock = () => badRequest(SERVICES_HAVE_NO_STOCK);
export const alreadyInThatWarehouse = () => badRequest(ALREADY_IN_THAT_WAREHOUSE);
export const belowWrittenOff = () => unprocessable(BELOW_WRITTEN_OFF);
