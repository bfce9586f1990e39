import type { DemoData, DemoKind, Ten } from './demoDataShape';

const ADJECTIVES: Ten = ['Compact', 'Heavy-duty', 'Cordless', 'Precision', 'Industrial', 'Mini', 'Pro', 'Classic', 'Smart', 'Steel'];
const NOUNS: Record<DemoKind, string> = { drill: 'drill', saw: 'circular saw', hammer: 'hammer', screwdrivers: 'screwdriver set', screws: 'wood screws' };
const SERVICES = ['Tool sharpening', 'Delivery', 'Assembly', 'Repair diagnostics', 'Calibration'];

/** The English demo: the words the demo has always had. */
export const DEMO_DATA_EN: DemoData = {
  account: 'Demo company',
  users: { admin: 'Demo admin', storekeeper: 'Storekeeper' },
  warehouses: { main: 'Main warehouse', second: 'Second warehouse' },
  priceTypes: { retail: 'Retail price', wholesale: 'Wholesale price' },
  units: { pcs: 'pcs', set: 'set', pack: 'pack', hour: 'hour' },
  wholesalePipeline: 'Wholesale',
  wholesaleStages: ['Request', 'Invoice issued', 'Paid', 'Shipped', 'Lost'],
  categories: { tools: 'Tools', power: 'Power tools', drills: 'Drills', saws: 'Saws', hand: 'Hand tools', fasteners: 'Fasteners', screws: 'Screws', services: 'Services' },
  fields: {
    images: 'Images',
    brand: 'Brand',
    notes: 'Notes',
    pack: 'Pieces per pack',
    weight: 'Weight, kg',
    color: 'Colour',
    materials: 'Materials',
    made: 'Manufacture date',
    checkedAt: 'Last checked',
    fragile: 'Fragile',
    voltage: 'Voltage, V',
    thread: 'Thread',
    minStock: 'Minimum stock',
  },
  colours: { warm: 'Warm', red: 'Red', orange: 'Orange', cold: 'Cold', blue: 'Blue', black: 'Black' },
  materials: { steel: 'Steel', plastic: 'Plastic', rubber: 'Rubber', wood: 'Wood' },
  brands: ['Bosch', 'Makita', 'DeWalt', 'Zubr', 'Interskol'],
  productName: (adjective, kind, number) => `${ADJECTIVES[adjective]} ${NOUNS[kind]} ${number}`,
  serviceName: (service, number) => `${SERVICES[service]} #${number}`,
  people: [
    { name: 'Ivan Petrov', email: 'ivan@example.com', phone: '+7 900 000-00-00' },
    { name: 'Anna Sokolova', email: 'anna@example.com', phone: '+7 900 000-00-01' },
    { name: 'Dmitry Volkov', email: 'dmitry@example.com', phone: '+7 900 000-00-02' },
    { name: 'Elena Kuznetsova', email: 'elena@example.com', phone: '+7 900 000-00-03' },
    { name: 'Sergey Morozov', email: 'sergey@example.com', phone: '+7 900 000-00-04' },
    { name: 'Maria Lebedeva', email: 'maria@example.com', phone: '+7 900 000-00-05' },
    { name: 'Pavel Novikov', email: 'pavel@example.com', phone: '+7 900 000-00-06' },
    { name: 'Olga Smirnova', email: 'olga@example.com', phone: '+7 900 000-00-07' },
    { name: 'Nikolai Fedorov', email: 'nikolai@example.com', phone: '+7 900 000-00-08' },
    { name: 'Tatiana Orlova', email: 'tatiana@example.com', phone: '+7 900 000-00-09' },
  ],
  firms: [{ name: 'Stroymaster LLC', bankName: 'Alfa-Bank' }, { name: 'Remont Plus' }, { name: 'Tools & Co' }, { name: 'North Builders' }, { name: 'Home Fix Service' }],
  orderName: (number) => `Order ${number}`,
  tags: { urgent: 'urgent', b2b: 'b2b' },
  openingBalance: 'Opening balance',
};
