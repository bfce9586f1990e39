#!/usr/bin/env node
// Writes the built-in document templates (invoice for payment, quote, delivery note; English and Russian) as real
// docx files into server/modules/documents/builtin/. The files are committed; run this again after changing it:
//   node scripts/build-document-templates.mjs
// Every placeholder sits in one run of its own, so Word's run splitting never cuts a tag in two.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';

const out = fileURLToPath(new URL('../server/modules/documents/builtin/', import.meta.url));

const TEXTS = {
  en: {
    invoice: 'Invoice for payment',
    quote: 'Quote',
    delivery_note: 'Delivery note',
    no: 'No.',
    of: 'of',
    supplier: 'Supplier',
    buyer: 'Buyer',
    order: 'Order',
    taxId: 'Tax id',
    reasonCode: 'Reason code',
    regNo: 'Registration No.',
    bank: 'Bank',
    bic: 'Bank code',
    account: 'Account',
    corr: 'Corr. account',
    contact: 'Contact',
    item: 'Item',
    article: 'Article',
    qty: 'Qty',
    unit: 'Unit',
    price: 'Price',
    vatRate: 'VAT, %',
    vat: 'VAT',
    amount: 'Amount',
    totalWithoutVat: 'Total without VAT',
    vatAt: 'VAT at',
    total: 'Total',
    totalDue: 'Total due',
    items: 'Items',
    amountOf: 'for the amount of',
    manager: 'Manager',
    quoteNote: 'This quote is valid for 14 days. Prices include VAT.',
    invoiceNote: 'Please state the invoice number with the payment.',
    handedOver: 'Handed over',
    received: 'Received',
    signature: 'signature',
  },
  ru: {
    invoice: 'Счёт на оплату',
    quote: 'Коммерческое предложение',
    delivery_note: 'Товарная накладная',
    no: '№',
    of: 'от',
    supplier: 'Поставщик',
    buyer: 'Покупатель',
    order: 'Заказ',
    taxId: 'ИНН',
    reasonCode: 'КПП',
    regNo: 'ОГРН',
    bank: 'Банк',
    bic: 'БИК',
    account: 'Р/с',
    corr: 'К/с',
    contact: 'Контакт',
    item: 'Товар (услуга)',
    article: 'Артикул',
    qty: 'Кол-во',
    unit: 'Ед.',
    price: 'Цена',
    vatRate: 'НДС, %',
    vat: 'НДС',
    amount: 'Сумма',
    totalWithoutVat: 'Итого без НДС',
    vatAt: 'НДС',
    total: 'Итого',
    totalDue: 'Всего к оплате',
    items: 'Всего наименований',
    amountOf: 'на сумму',
    manager: 'Менеджер',
    quoteNote: 'Предложение действительно 14 дней. Цены указаны с НДС.',
    invoiceNote: 'В назначении платежа укажите номер счёта.',
    handedOver: 'Отпустил',
    received: 'Получил',
    signature: 'подпись',
  },
};

const xml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const ACCENT = '1F4E79';
const LIGHT = 'DCE6F1';

/** A run: plain text or a placeholder (then always alone in its run). */
const run = (text, { bold = false, size, color } = {}) =>
  `<w:r><w:rPr>${bold ? '<w:b/>' : ''}${color ? `<w:color w:val="${color}"/>` : ''}${size ? `<w:sz w:val="${size}"/><w:szCs w:val="${size}"/>` : ''}</w:rPr><w:t xml:space="preserve">${xml(text)}</w:t></w:r>`;

/** A paragraph of pieces; a piece is text, or [text, options]. */
const para = (pieces, { align, after = 60, before = 0, keep = false } = {}) =>
  `<w:p><w:pPr>${keep ? '<w:keepNext/>' : ''}<w:spacing w:before="${before}" w:after="${after}"/>${align ? `<w:jc w:val="${align}"/>` : ''}</w:pPr>${pieces
    .map((piece) => (Array.isArray(piece) ? run(piece[0], piece[1]) : run(piece)))
    .join('')}</w:p>`;

const border = (color = '8EA9C8') =>
  ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="${color}"/>`).join('');

const cell = (width, content, { fill, align, bold } = {}) =>
  `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${fill ? `<w:shd w:val="clear" w:color="auto" w:fill="${fill}"/>` : ''}<w:vAlign w:val="center"/></w:tcPr>${para(
    (Array.isArray(content) ? content : [content]).map((piece) => [piece, { bold, size: 18 }]),
    { align, after: 0 },
  )}</w:tc>`;

const table = (widths, rows, { borders = true } = {}) =>
  `<w:tbl><w:tblPr><w:tblW w:w="${widths.reduce((a, b) => a + b, 0)}" w:type="dxa"/><w:tblLayout w:type="fixed"/>${borders ? `<w:tblBorders>${border()}</w:tblBorders>` : ''}<w:tblCellMar><w:top w:w="50" w:type="dxa"/><w:left w:w="80" w:type="dxa"/><w:bottom w:w="50" w:type="dxa"/><w:right w:w="80" w:type="dxa"/></w:tblCellMar></w:tblPr><w:tblGrid>${widths
    .map((width) => `<w:gridCol w:w="${width}"/>`)
    .join('')}</w:tblGrid>${rows.join('')}</w:tbl>`;

const row = (cells, { header = false } = {}) => `<w:tr>${header ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}${cells.join('')}</w:tr>`;

/** The requisites block of a party, each line shown only when it has a value (a condition around it). */
function party(label, group, t) {
  const line = (name, field) => `{#${group}.${field}}${name}: {${group}.${field}}{/${group}.${field}}`;
  const lines = [
    [[label, { bold: true, color: ACCENT }]],
    [[`{${group}.name}`, { bold: true }]],
    [line(t.taxId, 'tax_id'), '  ', line(t.reasonCode, 'reason_code'), '  ', line(t.regNo, 'registration_number')],
    [line(t.bank, 'bank_name'), '  ', line(t.bic, 'bank_code')],
    [line(t.account, 'payment_account'), '  ', line(t.corr, 'correspondent_account')],
  ];
  return lines.map((pieces) => para(pieces, { after: 20 })).join('');
}

function documentXml(kind, t) {
  const withVat = kind !== 'delivery_note';
  const widths = withVat ? [500, 3300, 1200, 800, 600, 1100, 700, 900, 1200] : [500, 4500, 1300, 900, 700, 1300, 1100];
  const full = widths.reduce((a, b) => a + b, 0);
  const head = withVat ? ['#', t.item, t.article, t.qty, t.unit, t.price, t.vatRate, t.vat, t.amount] : ['#', t.item, t.article, t.qty, t.unit, t.price, t.amount];
  const right = (index) => index >= 3;
  const headerRow = row(
    head.map((text, index) => cell(widths[index], text, { fill: ACCENT === '' ? undefined : LIGHT, bold: true, align: right(index) ? 'right' : 'left' })),
    { header: true },
  );
  const fields = withVat
    ? ['{#positions}{n}', '{name}', '{article}', '{quantity}', '{unit}', '{price}', '{vat_rate}', '{vat_amount}', '{amount}{/positions}']
    : ['{#positions}{n}', '{name}', '{article}', '{quantity}', '{unit}', '{price}', '{amount}{/positions}'];
  const lineRow = row(fields.map((text, index) => cell(widths[index], splitTags(text), { align: right(index) ? 'right' : 'left' })));
  const labelWidth = full - widths[widths.length - 1];
  const totalRow = (label, value, options = {}) => row([cell(labelWidth, label, { align: 'right', bold: options.bold, fill: options.fill }), cell(widths[widths.length - 1], splitTags(value), { align: 'right', bold: options.bold, fill: options.fill })]);
  const totals = table(
    [labelWidth, widths[widths.length - 1]],
    [
      totalRow(t.totalWithoutVat, '{totals.without_vat}'),
      // One line per VAT rate in the order.
      row([cell(labelWidth, ['{#vat_lines}', `${t.vatAt} `, '{rate}', '%'], { align: 'right' }), cell(widths[widths.length - 1], ['{amount}', '{/vat_lines}'], { align: 'right' })]),
      totalRow(kind === 'invoice' ? t.totalDue : t.total, '{totals.total}', { bold: true, fill: LIGHT }),
    ],
    { borders: false },
  );
  const title = para([[`${t[kind]} ${t.no} `, { bold: true, size: 32, color: ACCENT }], ['{document.number}', { bold: true, size: 32, color: ACCENT }], [` ${t.of} `, { bold: true, size: 32, color: ACCENT }], ['{document.date}', { bold: true, size: 32, color: ACCENT }]], { after: 200 });
  const parties = table(
    [full / 2, full / 2],
    [row([`<w:tc><w:tcPr><w:tcW w:w="${full / 2}" w:type="dxa"/></w:tcPr>${party(t.supplier, 'seller', t)}</w:tc>`, `<w:tc><w:tcPr><w:tcW w:w="${full / 2}" w:type="dxa"/></w:tcPr>${party(t.buyer, 'company', t)}${para([`{#contact.name}${t.contact}: `, '{contact.name}', '{#contact.phone}, ', '{contact.phone}', '{/contact.phone}', '{/contact.name}'], { after: 20 })}</w:tc>`])],
    { borders: false },
  );
  const body = [
    para([['{account.name}', { color: '7F7F7F', size: 18 }]], { after: 120 }),
    title,
    parties,
    para([`${t.order}: `, ['{order.name}', { bold: true }]], { before: 160, after: 120 }),
    table(widths, [headerRow, lineRow]),
    totals,
    para([`${t.items} `, '{totals.count}', `, ${t.amountOf} `, ['{totals.total}', { bold: true }], ' ', '{order.currency}'], { before: 160 }),
    withVat ? para([[kind === 'quote' ? t.quoteNote : t.invoiceNote, { color: '7F7F7F', size: 18 }]]) : '',
    kind === 'delivery_note'
      ? para([`${t.handedOver} ________________ `, '{employee.name}', `        ${t.received} ________________`], { before: 480 })
      : para([`${t.manager} ________________ `, '{employee.name}'], { before: 480 }),
  ].join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1000" w:right="850" w:bottom="1000" w:left="1134" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;
}

/** '{a}{b}' as separate pieces, each tag in its own run. */
function splitTags(text) {
  return text.match(/\{[^}]*\}|[^{]+/g) ?? [text];
}

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans" w:cs="Liberation Sans" w:eastAsia="Liberation Sans"/><w:sz w:val="20"/><w:szCs w:val="20"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="60" w:line="252" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`;
const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOC_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

for (const lang of Object.keys(TEXTS)) {
  for (const kind of ['invoice', 'quote', 'delivery_note']) {
    const zip = new PizZip();
    zip.file('[Content_Types].xml', CONTENT_TYPES);
    zip.file('_rels/.rels', RELS);
    zip.file('word/_rels/document.xml.rels', DOC_RELS);
    zip.file('word/styles.xml', STYLES);
    zip.file('word/document.xml', documentXml(kind, TEXTS[lang]));
    // A fixed date keeps the committed files byte-identical from run to run.
    const bytes = zip.generate({ type: 'nodebuffer', compression: 'DEFLATE', date: new Date('2026-01-01T00:00:00Z') });
    writeFileSync(`${out}${kind}.${lang}.docx`, bytes);
    console.log(`${kind}.${lang}.docx ${bytes.length} B`);
  }
}
