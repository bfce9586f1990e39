import { plainRefusal, refusal, type RefusalParams } from '../../http/refusal';

/**
 * Every refusal the inventory module answers, declared once, each with its code (locales serverErrors): callers
 * (public orders) know a shortage by its code, so a public customer gets one without the count.
 */
export const SHORTAGE_CODES: ReadonlySet<string> = new Set(['notEnoughStock', 'notEnoughStockOf', 'notEnoughStockOfBatch']);

/** A position asked for more than its product's batches have free: names the product and what is left. */
export function productShortage(product: { id: number; name: string }, availableThousandths: number): never {
  const amount = availableThousandths / 1000;
  throw plainRefusal(422, 'notEnoughStockOf', { name: product.name, available: amount }, { available: amount, product_id: product.id });
}

/** A write-off or move asked for more than one batch has free. */
export function batchShortage(available: number): never {
  throw plainRefusal(422, 'notEnoughStock', { available }, { available });
}

/** A line of a multi-line document asked for more than its batch has free: names the line, the product and what is left. */
export function lineShortage(line: number, product: { id: number; name: string }, batch: { id: number; number: string }, availableThousandths: number): never {
  const amount = availableThousandths / 1000;
  const params: RefusalParams = batch.number ? { name: product.name, batch: batch.number, available: amount } : { name: product.name, available: amount };
  throw plainRefusal(422, batch.number ? 'notEnoughStockOfBatch' : 'notEnoughStockOf', params, {
    available: amount,
    product_id: product.id,
    batch_id: batch.id,
    line,
  });
}

export const notInThatWarehouse = (line: number) => refusal(400, 'batchNotInWarehouse', undefined, { line });
export const sameWarehouse = () => refusal(400, 'sameWarehouse');
export const notInTransit = () => refusal(409, 'moveNotInTransit');
export const onePerLine = (line: number) => refusal(400, 'onePerLine', undefined, { line });
export const existingBatch = (batchId: number) => refusal(409, 'existingBatch', undefined, { batch_id: batchId });
export const noSuchProduct = () => refusal(404, 'noSuchProduct');
export const noSuchBatch = () => refusal(404, 'noSuchBatch');
export const servicesHaveNoStock = () => refusal(400, 'servicesHaveNoStock');
export const alreadyInThatWarehouse = () => refusal(400, 'alreadyInThatWarehouse');
export const belowWrittenOff = () => refusal(422, 'belowWrittenOff');
