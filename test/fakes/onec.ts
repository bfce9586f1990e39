import PizZip from 'pizzip';

/**
 * A 1C-like exchange client: what 1C:Enterprise's 'exchange with a site' does, from the CommerceML 2 site-exchange
 * protocol (checkauth with basic auth → 'success\ncookie name\ncookie value'; init → 'zip=…\nfile_limit=…'; file in
 * parts of at most file_limit as raw POST bodies of the same name; import called again while it answers 'progress';
 * sale query/success), and the files it sends: import.xml (Классификатор with Группы and Свойства, Каталог with
 * Товары) and offers.xml (ПакетПредложений with ТипыЦен, Склады and Предложения with prices and rests per warehouse).
 */

export type Transport = (request: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body?: Buffer }) => Promise<{ status: number; body: string }>

export interface FakeCatalogue {
  products: number;
  /** 1C warehouse Ид → the count of product i there. */
  warehouses: { id: string; name: string; count: (index: number) => number }[];
  priceTypes: { id: string; name: string; price: (index: number) => number }[];
  /** Ид of product i (default 'p-<i>'). */
  idOf?: (index: number) => string;
  nameOf?: (index: number) => string;
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const idOf = (catalogue: FakeCatalogue, index: number) => catalogue.idOf?.(index) ?? `p-${index}`;
const nameOf = (catalogue: FakeCatalogue, index: number) => catalogue.nameOf?.(index) ?? `Товар ${index}`;

export function importXml(catalogue: FakeCatalogue, encoding = 'UTF-8'): string {
  const parts = [
    `<?xml version="1.0" encoding="${encoding}"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-26T09:00:00">`,
    '<Классификатор><Ид>cls</Ид><Наименование>Классификатор</Наименование>',
    '<Группы><Группа><Ид>g-tools</Ид><Наименование>Инструменты</Наименование><Группы><Группа><Ид>g-hand</Ид><Наименование>Ручной инструмент</Наименование></Группа></Группы></Группа></Группы>',
    '<Свойства><Свойство><Ид>prop-color</Ид><Наименование>Цвет</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство></Свойства>',
    '</Классификатор><Каталог СодержитТолькоИзменения="false"><Ид>cat</Ид><ИдКлассификатора>cls</ИдКлассификатора><Наименование>Каталог</Наименование><Товары>',
  ];
  for (let index = 0; index < catalogue.products; index += 1) {
    parts.push(
      `<Товар><Ид>${xmlText(idOf(catalogue, index))}</Ид><Артикул>A-${index}</Артикул><Наименование>${xmlText(nameOf(catalogue, index))}</Наименование><БазоваяЕдиница Код="796" НаименованиеПолное="Штука">шт</БазоваяЕдиница><Группы><Ид>${index % 2 ? 'g-hand' : 'g-tools'}</Ид></Группы><ЗначенияСвойств><ЗначенияСвойства><Ид>prop-color</Ид><Значение>${index % 3 ? 'Красный' : 'Синий'}</Значение></ЗначенияСвойства></ЗначенияСвойств></Товар>`,
    );
  }
  parts.push('</Товары></Каталог></КоммерческаяИнформация>');
  return parts.join('\n');
}

export function offersXml(catalogue: FakeCatalogue, encoding = 'UTF-8'): string {
  const parts = [
    `<?xml version="1.0" encoding="${encoding}"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-26T09:00:00">`,
    '<ПакетПредложений СодержитТолькоИзменения="false"><Ид>cat#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>cat</ИдКаталога><ИдКлассификатора>cls</ИдКлассификатора><ТипыЦен>',
    ...catalogue.priceTypes.map((type) => `<ТипЦены><Ид>${type.id}</Ид><Наименование>${xmlText(type.name)}</Наименование><Валюта>RUB</Валюта></ТипЦены>`),
    '</ТипыЦен><Склады>',
    ...catalogue.warehouses.map((store) => `<Склад><Ид>${store.id}</Ид><Наименование>${xmlText(store.name)}</Наименование></Склад>`),
    '</Склады><Предложения>',
  ];
  for (let index = 0; index < catalogue.products; index += 1) {
    const prices = catalogue.priceTypes.map((type) => `<Цена><Представление>${type.price(index)} RUB за шт</Представление><ИдТипаЦены>${type.id}</ИдТипаЦены><ЦенаЗаЕдиницу>${type.price(index)}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>`);
    const stores = catalogue.warehouses.map((store) => `<Склад ИдСклада="${store.id}" КоличествоНаСкладе="${store.count(index)}"/>`);
    const total = catalogue.warehouses.reduce((sum, store) => sum + store.count(index), 0);
    parts.push(
      `<Предложение><Ид>${xmlText(idOf(catalogue, index))}</Ид><Наименование>${xmlText(nameOf(catalogue, index))}</Наименование><БазоваяЕдиница Код="796">шт</БазоваяЕдиница><Цены>${prices.join('')}</Цены><Количество>${total}</Количество>${stores.join('')}</Предложение>`,
    );
  }
  parts.push('</Предложения></ПакетПредложений></КоммерческаяИнформация>');
  return parts.join('\n');
}

/** One of our orders as 1C sends it back, and the requisites (ЗначенияРеквизитов) 1C writes of it. */
export interface OrderBack {
  /** Our order's Ид, as we sent it in the sale query. */
  id: string;
  /** 1C's own document number ('Номер по 1С'). */
  number: string;
  sum?: number;
  requisites: Record<string, string>;
}

/**
 * orders.xml as 1C:Trade Management writes it back to a site (CommerceML 2.08 'Документ' with Контрагенты, Товары and
 * ЗначенияРеквизитов: Номер по 1С, Дата по 1С, Проведен, ПометкаУдаления, Дата оплаты по 1С, Номер оплаты по 1С,
 * Дата отгрузки по 1С, Номер отгрузки по 1С, Статус заказа…): the shape the public exchange modules read.
 */
export function ordersXml(documents: readonly OrderBack[], encoding = 'UTF-8'): string {
  const parts = [`<?xml version="1.0" encoding="${encoding}"?>`, '<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-26T10:15:03">'];
  for (const document of documents) {
    const requisites = Object.entries(document.requisites)
      .map(([name, value]) => `\t\t\t<ЗначениеРеквизита>\n\t\t\t\t<Наименование>${xmlText(name)}</Наименование>\n\t\t\t\t<Значение>${xmlText(value)}</Значение>\n\t\t\t</ЗначениеРеквизита>`)
      .join('\n');
    parts.push(`\t<Документ>
\t\t<Ид>${xmlText(document.id)}</Ид>
\t\t<Номер>${xmlText(document.id)}</Номер>
\t\t<Дата>2026-11-25</Дата>
\t\t<ХозОперация>Заказ товара</ХозОперация>
\t\t<Роль>Продавец</Роль>
\t\t<Валюта>руб</Валюта>
\t\t<Курс>1</Курс>
\t\t<Сумма>${(document.sum ?? 0).toFixed(2)}</Сумма>
\t\t<Контрагенты>
\t\t\t<Контрагент>
\t\t\t\t<Ид>c-17</Ид>
\t\t\t\t<Наименование>ООО "Ромашка"</Наименование>
\t\t\t\t<Роль>Покупатель</Роль>
\t\t\t\t<ПолноеНаименование>Общество с ограниченной ответственностью "Ромашка"</ПолноеНаименование>
\t\t\t</Контрагент>
\t\t</Контрагенты>
\t\t<Время>10:14:55</Время>
\t\t<Комментарий>Изменено в 1С</Комментарий>
\t\t<Товары>
\t\t\t<Товар>
\t\t\t\t<Ид>p-1</Ид>
\t\t\t\t<Наименование>Товар 1</Наименование>
\t\t\t\t<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>
\t\t\t\t<ЦенаЗаЕдиницу>101.00</ЦенаЗаЕдиницу>
\t\t\t\t<Количество>1</Количество>
\t\t\t\t<Сумма>101.00</Сумма>
\t\t\t\t<ЗначенияРеквизитов>
\t\t\t\t\t<ЗначениеРеквизита>
\t\t\t\t\t\t<Наименование>ВидНоменклатуры</Наименование>
\t\t\t\t\t\t<Значение>Товар</Значение>
\t\t\t\t\t</ЗначениеРеквизита>
\t\t\t\t</ЗначенияРеквизитов>
\t\t\t</Товар>
\t\t</Товары>
\t\t<ЗначенияРеквизитов>
\t\t\t<ЗначениеРеквизита>
\t\t\t\t<Наименование>Номер по 1С</Наименование>
\t\t\t\t<Значение>${xmlText(document.number)}</Значение>
\t\t\t</ЗначениеРеквизита>
\t\t\t<ЗначениеРеквизита>
\t\t\t\t<Наименование>Дата по 1С</Наименование>
\t\t\t\t<Значение>2026-11-25T10:14:55</Значение>
\t\t\t</ЗначениеРеквизита>
${requisites}
\t\t</ЗначенияРеквизитов>
\t</Документ>`);
  }
  parts.push('</КоммерческаяИнформация>');
  return parts.join('\n');
}

/** windows-1251 bytes of a text of ASCII and Russian letters (what 1C writes when told to). */
export function windows1251(text: string): Buffer {
  const bytes = Buffer.alloc(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes[index] = code;
    else if (code >= 0x410 && code <= 0x44f) bytes[index] = code - 0x410 + 0xc0;
    else if (code === 0x401) bytes[index] = 0xa8;
    else if (code === 0x451) bytes[index] = 0xb8;
    else throw new Error(`windows1251: no byte for U+${code.toString(16)}`);
  }
  return bytes;
}

export function zipOf(files: Record<string, Buffer>): Buffer {
  const zip = new PizZip();
  for (const [name, bytes] of Object.entries(files)) zip.file(name, bytes);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

export class OneCClient {
  cookie = '';
  zip = false;
  fileLimit = 0;
  /** Calls of mode=import per file, to see the steps. */
  importCalls: Record<string, number> = {};

  constructor(
    private readonly send: Transport,
    private readonly path: string,
    private readonly login: string,
    private readonly password: string,
  ) {}

  private async call(method: 'GET' | 'POST', query: Record<string, string>, body?: Buffer) {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (query.mode === 'checkauth') headers.authorization = `Basic ${Buffer.from(`${this.login}:${this.password}`).toString('base64')}`;
    if (body) headers['content-type'] = 'application/octet-stream';
    return this.send({ method, url: `${this.path}?${new URLSearchParams(query).toString()}`, headers, body });
  }

  async checkauth(type = 'catalog'): Promise<string> {
    const answer = await this.call('GET', { type, mode: 'checkauth' });
    const [status, name, value] = answer.body.split('\n');
    if (status === 'success') this.cookie = `${name}=${value}`;
    return answer.body;
  }

  async init(type = 'catalog'): Promise<string> {
    const answer = await this.call('GET', { type, mode: 'init' });
    for (const line of answer.body.split('\n')) {
      const [key, value] = line.split('=');
      if (key === 'zip') this.zip = value === 'yes';
      if (key === 'file_limit') this.fileLimit = Number(value);
    }
    return answer.body;
  }

  /** Sends a file in parts of at most file_limit (or `chunk`), each a POST of the same name, as 1C does. */
  async upload(name: string, bytes: Buffer, chunk = this.fileLimit || bytes.length, type = 'catalog'): Promise<string[]> {
    const answers: string[] = [];
    for (let start = 0; start < bytes.length; start += chunk) answers.push((await this.call('POST', { type, mode: 'file', filename: name }, bytes.subarray(start, start + chunk))).body);
    return answers;
  }

  /** Calls mode=import until it stops answering 'progress'; answers the last answer. */
  async import(name: string, limit = 1000): Promise<string> {
    for (let call = 0; call < limit; call += 1) {
      this.importCalls[name] = (this.importCalls[name] ?? 0) + 1;
      const answer = await this.call('GET', { type: 'catalog', mode: 'import', filename: name });
      if (!answer.body.startsWith('progress')) return answer.body;
    }
    throw new Error(`import of ${name} never finished`);
  }

  /** A whole catalogue exchange: sign in, init, the files (zipped when the site asks), then import of each. */
  async catalogueExchange(files: Record<string, Buffer>, options: { chunk?: number } = {}): Promise<Record<string, string>> {
    const auth = await this.checkauth();
    if (!auth.startsWith('success')) return { checkauth: auth };
    await this.init();
    if (this.zip) await this.upload('exchange.zip', zipOf(files), options.chunk);
    else for (const [name, bytes] of Object.entries(files)) await this.upload(name, bytes, options.chunk);
    const answers: Record<string, string> = {};
    for (const name of Object.keys(files)) answers[name] = await this.import(name);
    return answers;
  }

  /** type=sale&mode=file: 1C's changes to our orders, sent back after it took them. */
  async saleFile(name: string, bytes: Buffer): Promise<string> {
    return (await this.call('POST', { type: 'sale', mode: 'file', filename: name }, bytes)).body;
  }

  async saleQuery(): Promise<string> {
    return (await this.call('GET', { type: 'sale', mode: 'query' })).body;
  }

  async saleSuccess(): Promise<string> {
    return (await this.call('GET', { type: 'sale', mode: 'success' })).body;
  }

  async raw(query: Record<string, string>, body?: Buffer) {
    return this.call(body ? 'POST' : 'GET', query, body);
  }
}
