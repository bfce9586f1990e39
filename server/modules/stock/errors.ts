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

export const existingBatch = (batchId: number) => conflict(EXISTING_BATCH, { batch_id: batchId });
export const noSuchProduct = () => notFound(NO_SUCH_PRODUCT);
export const noSuchBatch = () => notFound(NO_SUCH_BATCH);
export const servicesHaveNoStock = () => badRequest(SERVICES_HAVE_NO_STOCK);
export const alreadyInThatWarehouse = () => badRequest(ALREADY_IN_THAT_WAREHOUSE);
export const belowWrittenOff = () => unprocessable(BELOW_WRITTEN_OFF);
