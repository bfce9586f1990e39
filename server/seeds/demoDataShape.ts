/**
 * What the demo seed writes that a user reads, one module per language. This is data, not interface text: it is
 * written once into the account's rows (and stays as the user edits it), so it lives with the seed rather than in
 * locales/, which the shell ships to the browser. Both languages have the same shape, and the seed draws from them
 * with the same random sequence, so the two demos differ only in their words (demoLanguage.test.ts checks it).
 */
export interface DemoData {
  account: string;
  users: { admin: string; storekeeper: string };
  warehouses: { main: string; second: string };
  priceTypes: { retail: string; wholesale: string };
  units: { pcs: string; set: string; pack: string; hour: string };
  wholesalePipeline: string;
  /** By position: request, invoice issued (reserves), paid (blocks products), shipped (write-off), lost. */
  wholesaleStages: Five;
  categories: { tools: string; power: string; drills: string; saws: string; hand: string; fasteners: string; screws: string; services: string };
  fields: {
    images: string;
    brand: string;
    notes: string;
    pack: string;
    weight: string;
    color: string;
    materials: string;
    made: string;
    checkedAt: string;
    fragile: string;
    voltage: string;
    thread: string;
    minStock: string;
  };
  /** The colour field's options: two groups and their colours (the stored values are the codes, not these names). */
  colours: { warm: string; red: string; orange: string; cold: string; blue: string; black: string };
  /** The multiselect's options, which are also its stored values. */
  materials: { steel: string; plastic: string; rubber: string; wood: string };
  brands: Five;
  /** A product's name from one of ten adjectives (by index), its kind and its number: Russian adjectives agree with the noun. */
  productName: (adjective: number, kind: DemoKind, number: number) => string;
  /** A service's name from one of five services (by index) and its number. */
  serviceName: (service: number, number: number) => string;
  people: Ten<{ name: string; email: string; phone: string }>;
  firms: Five<{ name: string; bankName?: string }>;
  orderName: (number: number) => string;
  tags: { urgent: string; b2b: string };
  /** The ledger comment of the opening stock's arrivals. */
  openingBalance: string;
}

export type DemoKind = 'drill' | 'saw' | 'hammer' | 'screwdrivers' | 'screws';
export const ADJECTIVE_COUNT = 10;
export type Five<T = string> = readonly [T, T, T, T, T];
export type Ten<T = string> = readonly [T, T, T, T, T, T, T, T, T, T];
