import type { DemoData, DemoKind, Ten } from './demoDataShape';

type Gender = 'm' | 'f' | 'pl';

/** The adjective in the masculine, feminine and plural: a Russian name agrees with its noun ('Компактная дрель', 'Компактный молоток'). */
const ADJECTIVES: Ten<Record<Gender, string>> = [
  { m: 'Компактный', f: 'Компактная', pl: 'Компактные' },
  { m: 'Усиленный', f: 'Усиленная', pl: 'Усиленные' },
  { m: 'Аккумуляторный', f: 'Аккумуляторная', pl: 'Аккумуляторные' },
  { m: 'Прецизионный', f: 'Прецизионная', pl: 'Прецизионные' },
  { m: 'Промышленный', f: 'Промышленная', pl: 'Промышленные' },
  { m: 'Лёгкий', f: 'Лёгкая', pl: 'Лёгкие' },
  { m: 'Профессиональный', f: 'Профессиональная', pl: 'Профессиональные' },
  { m: 'Классический', f: 'Классическая', pl: 'Классические' },
  { m: 'Универсальный', f: 'Универсальная', pl: 'Универсальные' },
  { m: 'Стальной', f: 'Стальная', pl: 'Стальные' },
];
const NOUNS: Record<DemoKind, { noun: string; gender: Gender }> = {
  drill: { noun: 'дрель', gender: 'f' },
  saw: { noun: 'циркулярная пила', gender: 'f' },
  hammer: { noun: 'молоток', gender: 'm' },
  screwdrivers: { noun: 'набор отвёрток', gender: 'm' },
  screws: { noun: 'шурупы по дереву', gender: 'pl' },
};
const SERVICES = ['Заточка инструмента', 'Доставка', 'Сборка', 'Диагностика неисправностей', 'Калибровка'];

/** The Russian demo: a tool shop's catalogue, customers and companies as a Russian shop would write them. */
export const DEMO_DATA_RU: DemoData = {
  account: 'Демо-компания',
  users: { admin: 'Администратор демо', storekeeper: 'Кладовщик' },
  warehouses: { main: 'Основной склад', second: 'Второй склад' },
  priceTypes: { retail: 'Розничная цена', wholesale: 'Оптовая цена' },
  units: { pcs: 'шт', set: 'компл', pack: 'уп', hour: 'ч' },
  wholesalePipeline: 'Опт',
  wholesaleStages: ['Заявка', 'Счёт выставлен', 'Оплачен', 'Отгружен', 'Потерян'],
  categories: { tools: 'Инструменты', power: 'Электроинструмент', drills: 'Дрели', saws: 'Пилы', hand: 'Ручной инструмент', fasteners: 'Крепёж', screws: 'Шурупы', services: 'Услуги' },
  fields: {
    images: 'Изображения',
    brand: 'Бренд',
    notes: 'Примечания',
    pack: 'Штук в упаковке',
    weight: 'Вес, кг',
    color: 'Цвет',
    materials: 'Материалы',
    made: 'Дата производства',
    checkedAt: 'Последняя проверка',
    fragile: 'Хрупкое',
    voltage: 'Напряжение, В',
    thread: 'Резьба',
    minStock: 'Минимальный остаток',
  },
  colours: { warm: 'Тёплые', red: 'Красный', orange: 'Оранжевый', cold: 'Холодные', blue: 'Синий', black: 'Чёрный' },
  materials: { steel: 'Сталь', plastic: 'Пластик', rubber: 'Резина', wood: 'Дерево' },
  // Bosch, Makita and DeWalt are sold in Russia under their Latin names; the two Russian brands are written as at home.
  brands: ['Bosch', 'Makita', 'DeWalt', 'ЗУБР', 'Интерскол'],
  productName: (adjective, kind, number) => `${ADJECTIVES[adjective][NOUNS[kind].gender]} ${NOUNS[kind].noun} ${number}`,
  serviceName: (service, number) => `${SERVICES[service]} №${number}`,
  people: [
    { name: 'Иван Петров', email: 'ivan@example.com', phone: '+7 (900) 000-00-00' },
    { name: 'Анна Соколова', email: 'anna@example.com', phone: '+7 (900) 000-00-01' },
    { name: 'Дмитрий Волков', email: 'dmitry@example.com', phone: '+7 (900) 000-00-02' },
    { name: 'Елена Кузнецова', email: 'elena@example.com', phone: '+7 (900) 000-00-03' },
    { name: 'Сергей Морозов', email: 'sergey@example.com', phone: '+7 (900) 000-00-04' },
    { name: 'Мария Лебедева', email: 'maria@example.com', phone: '+7 (900) 000-00-05' },
    { name: 'Павел Новиков', email: 'pavel@example.com', phone: '+7 (900) 000-00-06' },
    { name: 'Ольга Смирнова', email: 'olga@example.com', phone: '+7 (900) 000-00-07' },
    { name: 'Николай Фёдоров', email: 'nikolai@example.com', phone: '+7 (900) 000-00-08' },
    { name: 'Татьяна Орлова', email: 'tatiana@example.com', phone: '+7 (900) 000-00-09' },
  ],
  firms: [{ name: 'ООО «СтройМастер»', bankName: 'АО «Альфа-Банк»' }, { name: 'ООО «Ремонт Плюс»' }, { name: 'ООО «Инструменты и Ко»' }, { name: 'АО «Северстрой»' }, { name: 'ИП Захаров А. В.' }],
  orderName: (number) => `Заказ ${number}`,
  tags: { urgent: 'срочно', b2b: 'опт' },
  openingBalance: 'Начальный остаток',
};
