/** A product as the plan leaves it, with its balances: 'warehouse\0batch' → thousandths. */
export interface ProductRecord<P> {
  product: P;
  balances: Map<string, number>;
}

export const balanceKey = (warehouseId: number, batch: string) => `${warehouseId}\u0000${batch}`;

/** A product the run wrote, kept as its id and category path (the database holds the rest). */
export interface WrittenProduct {
  id: number;
  category: string;
}

/** Marks a frozen entry that holds only a written product's id and category, not its JSON. */
const WRITTEN = '\u0001';

/**
 * The products an import has seen (stored, or added by an earlier row), held compactly for the whole run: a later
 * row may match any of them, but most never are. Each is a small number (its handle); the products of the slices
 * still being planned or written are live objects. Every other one is frozen: as one JSON text with its balances,
 * or — once the run has written it, so the database holds exactly that — as its id and category path alone, read
 * back (recall) before a slice whose rows match it is planned.
 */
export class ProductRecords<P extends { id: number | null; category: string }> {
  private readonly frozen: string[] = [];
  /** Products of the slice being planned: changed in place by its rows, and handed to the writer with take(). */
  private live = new Map<number, ProductRecord<P>>();
  /** Products of the slice last taken: the writer gives the added ones their ids, so they are frozen a slice later. */
  private taken = new Map<number, ProductRecord<P>>();
  /** Whether the slice last taken was written (the run says so); a dry run, or a run stopped by wrong rows, writes nothing. */
  private takenWritten = false;

  /** Keeps a product; answers its handle. A stored product is frozen at once, a new one stays live with its slice. */
  add(record: ProductRecord<P>, live: boolean): number {
    const handle = this.frozen.length;
    this.frozen.push(live ? '' : freeze(record));
    if (live) this.live.set(handle, record);
    return handle;
  }

  /** The product as the plan has left it, live until the slice after the next take. A written one must be recalled first. */
  get(handle: number): ProductRecord<P> {
    let record = this.live.get(handle) ?? this.taken.get(handle);
    if (!record) {
      const text = this.frozen[handle];
      if (text.startsWith(WRITTEN)) throw new Error(`The written product of handle ${handle} was not recalled`);
      record = thaw<P>(text);
    }
    this.live.set(handle, record);
    return record;
  }

  /** The written products among these handles that are kept only as their ids: what recall needs to read back. */
  written(handles: Iterable<number>): Map<number, WrittenProduct> {
    const found = new Map<number, WrittenProduct>();
    for (const handle of handles) {
      const text = this.live.has(handle) || this.taken.has(handle) ? '' : this.frozen[handle];
      if (!text.startsWith(WRITTEN)) continue;
      const [id, category] = text.slice(1).split('\u0000');
      found.set(handle, { id: Number(id), category });
    }
    return found;
  }

  /** Makes a written product live again, as read back from the database. */
  recall(handle: number, record: ProductRecord<P>): void {
    this.live.set(handle, record);
  }

  /** The slice last taken is written: its products are kept as their ids from the next take on. */
  wroteTaken(): void {
    this.takenWritten = true;
  }

  /** A slice was taken: what the slice before it left (its ids written by now) is frozen, and its products wait for their ids. */
  take(): void {
    for (const [handle, record] of this.taken) {
      if (this.live.has(handle)) continue;
      const id = record.product.id;
      this.frozen[handle] = this.takenWritten && id !== null ? `${WRITTEN}${id}\u0000${record.product.category}` : freeze(record);
    }
    this.taken = this.live;
    this.takenWritten = false;
    this.live = new Map();
  }
}

const freeze = <P>({ product, balances }: ProductRecord<P>) => JSON.stringify([product, [...balances]]);

function thaw<P>(text: string): ProductRecord<P> {
  const [product, balances] = JSON.parse(text) as [P, [string, number][]];
  return { product, balances: new Map(balances) };
}
