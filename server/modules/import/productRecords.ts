/** A product as the plan leaves it, with its balances: 'warehouse\0batch' → thousandths. */
export interface ProductRecord<P> {
  product: P;
  balances: Map<string, number>;
}

export const balanceKey = (warehouseId: number, batch: string) => `${warehouseId}\u0000${batch}`;

/**
 * The products an import has seen (stored, or added by an earlier row), held compactly for the whole run: a later
 * row may match any of them, but most never are. Each is a small number (its handle); the products of the slices
 * still being planned or written are live objects, every other one is kept as one JSON text with its balances (no
 * object graph of prices, fields, tags and balance maps per product) and made live again only when a row matches it.
 */
export class ProductRecords<P> {
  private readonly frozen: string[] = [];
  /** Products of the slice being planned: changed in place by its rows, and handed to the writer with take(). */
  private live = new Map<number, ProductRecord<P>>();
  /** Products of the slice last taken: the writer gives the added ones their ids, so they are frozen a slice later. */
  private taken = new Map<number, ProductRecord<P>>();

  /** Keeps a product; answers its handle. A stored product is frozen at once, a new one stays live with its slice. */
  add(record: ProductRecord<P>, live: boolean): number {
    const handle = this.frozen.length;
    this.frozen.push(live ? '' : freeze(record));
    if (live) this.live.set(handle, record);
    return handle;
  }

  /** The product as the plan has left it, live until the slice after the next take. */
  get(handle: number): ProductRecord<P> {
    const record = this.live.get(handle) ?? this.taken.get(handle) ?? thaw<P>(this.frozen[handle]);
    this.live.set(handle, record);
    return record;
  }

  /** A slice was taken: what the slice before it left (its ids written by now) is frozen, and its products wait for their ids. */
  take(): void {
    for (const [handle, record] of this.taken) if (!this.live.has(handle)) this.frozen[handle] = freeze(record);
    this.taken = this.live;
    this.live = new Map();
  }
}

const freeze = <P>({ product, balances }: ProductRecord<P>) => JSON.stringify([product, [...balances]]);

function thaw<P>(text: string): ProductRecord<P> {
  const [product, balances] = JSON.parse(text) as [P, [string, number][]];
  return { product, balances: new Map(balances) };
}
