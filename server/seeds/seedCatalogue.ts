import type { Tx } from '../db/client';
import { openingStock } from '../modules/stock/api';
import { categories, fields, products, warehouses } from '../db/schema';
import type { DemoLang } from '../modules/demo/defaultNames';
import { ADJECTIVE_COUNT, DEMO_DATA } from './demoData';

/** A small deterministic generator, so every fresh demo database looks the same. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}

/** The demo catalogue: two warehouses, nested categories, fields of every type, ~200 products and services with stock. */
export async function seedCatalogue(tx: Tx, accountId: number, userId: number, size = 200, lang: DemoLang = 'en'): Promise<void> {
  const rng = random(20261122);
  const texts = DEMO_DATA[lang];
  const [main, second] = await tx
    .insert(warehouses)
    .values([
      { accountId, name: texts.warehouses.main, code: 'main', isMain: true },
      { accountId, name: texts.warehouses.second, code: 'second' },
    ])
    .returning();

  const category = async (name: string, parentId: number | null = null) =>
    (await tx.insert(categories).values({ accountId, name, parentId }).returning({ id: categories.id }))[0].id;
  const names = texts.categories;
  const tools = await category(names.tools);
  const power = await category(names.power, tools);
  const leaves = {
    drills: await category(names.drills, power),
    saws: await category(names.saws, power),
    hand: await category(names.hand, tools),
    screws: await category(names.screws, await category(names.fasteners)),
    services: await category(names.services),
  };

  const { colours, materials } = texts;
  const visible = { visible: 1, public_order_visible: 1, editable: 1 };
  await tx.insert(fields).values([
    { accountId, code: 'retail', name: texts.priceTypes.retail, type: 11, component: 'price', leadConfig: visible, sort: 0, isSystem: true },
    { accountId, code: 'wholesale', name: texts.priceTypes.wholesale, type: 11, component: 'price', leadConfig: { ...visible, public_order_visible: 0 }, sort: 1 },
    { accountId, code: 'images', name: texts.fields.images, type: 15, component: 'carousel', leadConfig: visible, sort: 2 },
    { accountId, code: 'brand', name: texts.fields.brand, type: 3, component: 'text', leadConfig: visible, sort: 3 },
    { accountId, code: 'notes', name: texts.fields.notes, type: 4, component: 'textarea', leadConfig: { visible: 1, public_order_visible: 0, editable: 1 }, sort: 4 },
    { accountId, code: 'pack', name: texts.fields.pack, type: 1, component: 'number', leadConfig: visible, sort: 5 },
    { accountId, code: 'weight', name: texts.fields.weight, type: 2, component: 'decimal', leadConfig: visible, sort: 6 },
    {
      accountId,
      code: 'color',
      name: texts.fields.color,
      type: 5,
      component: 'select',
      leadConfig: visible,
      sort: 7,
      data: [
        { name: colours.warm, value: 'warm', optgroup: true },
        { name: colours.red, value: 'red', color: '#f8d7da' },
        { name: colours.orange, value: 'orange', color: '#ffe5cc' },
        { name: colours.cold, value: 'cold', optgroup: true },
        { name: colours.blue, value: 'blue', color: '#d6e4ff' },
        { name: colours.black, value: 'black' },
      ],
    },
    { accountId, code: 'materials', name: texts.fields.materials, type: 6, component: 'multiselect', leadConfig: visible, sort: 8, data: [materials.steel, materials.plastic, materials.rubber, materials.wood] },
    { accountId, code: 'made', name: texts.fields.made, type: 7, component: 'date', leadConfig: visible, sort: 9 },
    { accountId, code: 'checked_at', name: texts.fields.checkedAt, type: 8, component: 'datetime', leadConfig: { visible: 1, public_order_visible: 0, editable: 0 }, sort: 10 },
    { accountId, code: 'fragile', name: texts.fields.fragile, type: 9, component: 'checkbox', leadConfig: visible, sort: 11 },
    { accountId, code: 'voltage', name: texts.fields.voltage, type: 1, component: 'number', leadConfig: visible, sort: 12, categoryId: power },
    { accountId, code: 'thread', name: texts.fields.thread, type: 3, component: 'text', leadConfig: visible, sort: 13, categoryId: leaves.screws },
    { accountId, code: 'min_stock', name: texts.fields.minStock, type: 13, component: 'stock', leadConfig: { visible: 1, public_order_visible: 0, editable: 1 }, sort: 14 },
  ]);

  const kinds = [
    { kind: 'drill', sku: 'DR', category: leaves.drills, unit: 'pcs', price: [3000, 25000] },
    { kind: 'saw', sku: 'CI', category: leaves.saws, unit: 'pcs', price: [5000, 40000] },
    { kind: 'hammer', sku: 'HA', category: leaves.hand, unit: 'pcs', price: [300, 2500] },
    { kind: 'screwdrivers', sku: 'SC', category: leaves.hand, unit: 'set', price: [400, 3000] },
    { kind: 'screws', sku: 'WO', category: leaves.screws, unit: 'pack', price: [80, 900] },
  ] as const;
  // Drawn by index, so both languages take the same random sequence and differ only in words.
  const SERVICE_COUNT = 5;

  const rows = Array.from({ length: size }, (_, index) => {
    const isService = index % 7 === 6;
    const kind = rng.pick(kinds);
    const cost = rng.int(kind.price[0], kind.price[1]);
    const values: Record<string, unknown> = {
      retail: { cost, currency: 'RUB', nds: 20, is_nds: true, is_price_include_nds: true, is_manager_can_change_nds: false },
      wholesale: { cost: Math.round(cost * 0.85), currency: 'RUB', nds: 20, is_nds: true, is_price_include_nds: true, is_manager_can_change_nds: false },
      images: Array.from({ length: rng.int(1, 3) }, (_, i) => `/demo/images/${(index * 3 + i) % 24}.svg`),
      brand: rng.pick(texts.brands),
      weight: Math.round(rng.next() * 5000) / 1000,
      color: rng.pick(['red', 'orange', 'blue', 'black']),
      materials: [materials.steel, rng.pick([materials.plastic, materials.rubber, materials.wood])],
      made: `2026-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
      fragile: rng.next() < 0.2,
      pack: kind.unit === 'pack' ? rng.pick([50, 100, 200]) : 1,
    };
    // Every third product keeps a minimum stock (type 13); taken from the index, so the generator's sequence is unchanged.
    if (index % 3 === 0) values.min_stock = { count: 5 + (index % 4) * 5, reserve: index % 2 };
    return isService
      ? { accountId, type: 'service', categoryId: leaves.services, name: texts.serviceName(index % SERVICE_COUNT, index + 1), article: `SRV-${index + 1}`, unit: texts.units.hour, values: { retail: values.retail } }
      : { accountId, type: 'product', categoryId: kind.category, name: texts.productName(rng.int(0, ADJECTIVE_COUNT - 1), kind.kind, index + 1), article: `${kind.sku}-${1000 + index}`, unit: texts.units[kind.unit], values };
  });
  const inserted = await tx.insert(products).values(rows).returning({ id: products.id, type: products.type, name: products.name, article: products.article, values: products.values });

  const stock = inserted
    .filter((product) => product.type === 'product')
    .flatMap((product, index) => {
      const retail = (product.values.retail as { cost: number }).cost;
      return Array.from({ length: rng.int(1, 2) }, (_, b) => ({
        productId: product.id,
        warehouseId: b === 0 ? main.id : second.id,
        number: `P-${2026}${String(index).padStart(3, '0')}-${b + 1}`,
        costPrice: (Math.round(retail * 0.6 * 100) / 100).toFixed(2),
        count: String(rng.int(0, 60)),
      }));
    });
  await openingStock(tx, { accountId, userId, comment: texts.openingBalance, products: new Map(inserted.map((product) => [product.id, product])) }, stock);
}
