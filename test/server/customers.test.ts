import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, companies, contactCompanies, contacts, fields, orders, pipelines, pipelineStatuses, tariffs } from '../../server/db/schema';
import { useTestServer } from './harness';

/**
 * Route tests of contacts and companies (spec 2 §3, §5, §7 "Contacts and companies", §9): every
 * call's answer and the rows it wrote, the customer edit texts, the tariff's limit on contacts and
 * companies, refusals that change nothing, another account's ids, and the rights the server enforces.
 */
const server = useTestServer();
const db = () => server.database.db;

type Body = Record<string, unknown>;
type Answer = { status: number; body: any };
type Kind = 'contact' | 'company';

/** The calls of one user. */
function as(token: string) {
  return {
    post: (path: string, body?: unknown): Promise<Answer> => server.call('POST', path, { token, body }),
    get: (path: string, query: Record<string, string | number> = {}): Promise<Answer> => server.call('GET', path, { token, query }),
  };
}

const contactRow = async (id: number) => (await db().select().from(contacts).where(eq(contacts.id, id)))[0];
const companyRow = async (id: number) => (await db().select().from(companies).where(eq(companies.id, id)))[0];
const linkRows = (accountId: number) =>
  db().select().from(contactCompanies).where(eq(contactCompanies.accountId, accountId)).orderBy(asc(contactCompanies.contactId), asc(contactCompanies.companyId));
const fieldRows = (accountId: number) =>
  db()
    .select()
    .from(fields)
    .where(and(eq(fields.accountId, accountId), inArray(fields.entity, ['contact', 'company'])))
    .orderBy(asc(fields.id));

/** Every customer row of an account: a refused call must leave this unchanged. */
async function customersOf(accountId: number) {
  return {
    contacts: await db().select().from(contacts).where(eq(contacts.accountId, accountId)).orderBy(asc(contacts.id)),
    companies: await db().select().from(companies).where(eq(companies.accountId, accountId)).orderBy(asc(companies.id)),
    links: await linkRows(accountId),
    fields: await fieldRows(accountId),
    orders: await db().select().from(orders).where(eq(orders.accountId, accountId)).orderBy(asc(orders.id)),
  };
}

/** A contact or company field definition, written straight to the table so most tests do not depend on field/add. */
async function addField(accountId: number, entity: Kind | 'product', code: string, type: number, data: unknown[] = []) {
  const [row] = await db().insert(fields).values({ accountId, entity, code, name: code, type, data }).returning();
  return row;
}

/** Contacts straight into the table (created_at one minute apart unless given). */
async function insertContacts(accountId: number, rows: Partial<typeof contacts.$inferInsert>[]) {
  return db()
    .insert(contacts)
    .values(rows.map((row, i) => ({ accountId, name: `Contact ${String(i + 1).padStart(2, '0')}`, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i + 1)), ...row })))
    .returning();
}

async function insertCompanies(accountId: number, rows: Partial<typeof companies.$inferInsert>[]) {
  return db()
    .insert(companies)
    .values(rows.map((row, i) => ({ accountId, name: `Company ${String(i + 1).padStart(2, '0')}`, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i + 1)), ...row })))
    .returning();
}

const ids = (answer: Answer) => answer.body.data.map((item: { id: number }) => item.id);
/** A missing contact or company is refused with its own code (serverErrors.noSuchContact / noSuchCompany). */
const noSuchCode = (error: unknown) =>
  error === 'No such contact' ? 'noSuchContact' : error === 'No such company' ? 'noSuchCompany' : expect.stringMatching(/^noSuch(Contact|Company)$/);
const RIGHTS_TEXT = 'You do not have the right to edit contacts and companies';
const SETTINGS_TEXT = 'Only administrators change the fields of contacts and companies';

describe('contact/add and company/add', () => {
  it('stores a contact with trimmed texts and the defaults (rating 0, no link, values or tags, not archived); the answer is the row, with no companies', async () => {
    const account = await server.newAccount();
    const answer = await as(account.token).post('contact/add', {
      name: '  Anna Smith ',
      email: ' anna@example.com ',
      phone: ' +7 900 000 ',
      link: ' https://crm.example.com/contacts/1 ',
      tags: [' vip ', 'vip', 'b2b'],
    });
    expect(answer.status).toBe(200);
    const row = await contactRow(answer.body.id);
    expect(row).toMatchObject({
      accountId: account.id,
      name: 'Anna Smith',
      email: 'anna@example.com',
      phone: '+7 900 000',
      rating: 0,
      link: 'https://crm.example.com/contacts/1',
      values: {},
      tags: ['vip', 'b2b'],
      archived: false,
    });
    expect(answer.body).toEqual({
      id: row.id,
      name: 'Anna Smith',
      email: 'anna@example.com',
      phone: '+7 900 000',
      rating: 0,
      link: 'https://crm.example.com/contacts/1',
      values: {},
      tags: ['vip', 'b2b'],
      archived: false,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      companies: [],
    });
  });

  it('stores a company with rating, link and its accounting fields (tax id, reason code, state registration number, bank account name, correspondent account, bank id code, payment account)', async () => {
    const account = await server.newAccount();
    const accounting = {
      tax_number: ' 7707083893 ',
      reason_code: '773601001',
      registration_number: '1027700132195',
      bank_name: 'Sberbank',
      correspondent_account: '30101810400000000225',
      bank_code: '044525225',
      payment_account: '40702810938000000001',
    };
    const answer = await as(account.token).post('company/add', { name: 'Horns and Hooves', rating: 5, link: 'https://example.com', ...accounting });
    expect(answer.status).toBe(200);
    const row = await companyRow(answer.body.id);
    expect(row).toMatchObject({
      accountId: account.id,
      name: 'Horns and Hooves',
      rating: 5,
      link: 'https://example.com',
      taxId: '7707083893',
      reasonCode: '773601001',
      registrationNumber: '1027700132195',
      bankName: 'Sberbank',
      correspondentAccount: '30101810400000000225',
      bankCode: '044525225',
      paymentAccount: '40702810938000000001',
      archived: false,
    });
    expect(answer.body).toEqual({
      id: row.id,
      name: 'Horns and Hooves',
      email: '',
      phone: '',
      rating: 5,
      link: 'https://example.com',
      values: {},
      tags: [],
      archived: false,
      ...accounting,
      tax_number: '7707083893',
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      contacts: [],
    });
  });

  it("coerces field values by type code (spec 2 §3) against the kind's own fields: a company field is not a contact field", async () => {
    const account = await server.newAccount();
    await addField(account.id, 'contact', 'weight', 2);
    await addField(account.id, 'contact', 'vip', 9);
    await addField(account.id, 'contact', 'sizes', 6);
    await addField(account.id, 'contact', 'visits', 1);
    await addField(account.id, 'company', 'employees', 1);
    const { post } = as(account.token);
    const contact = await post('contact/add', { name: 'Boris', values: { weight: '1 234,5', vip: '1', sizes: 'steel', visits: '12' } });
    expect(contact.status).toBe(200);
    const coerced = { weight: 1234.5, vip: true, sizes: ['steel'], visits: 12 };
    expect(contact.body.values).toEqual(coerced);
    expect((await contactRow(contact.body.id)).values).toEqual(coerced);

    const before = await customersOf(account.id);
    const wrongKind = await post('contact/add', { name: 'Boris', values: { employees: 5 } });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body).toEqual({ error: 'Unknown fields: employees', fields: { employees: 'no such field' }, code: 'unknownFields', params: { fields: 'employees' } });
    const badValue = await post('contact/add', { name: 'Boris', values: { weight: 'heavy' } });
    expect(badValue.status).toBe(400);
    expect(badValue.body.error).toContain('weight');
    expect(await customersOf(account.id)).toEqual(before);

    const company = await post('company/add', { name: 'Acme', values: { employees: '250' } });
    expect(company.body.values).toEqual({ employees: 250 });
    expect((await companyRow(company.body.id)).values).toEqual({ employees: 250 });
  });

  it("refuses another account's field code, unknown keys, out-of-range ratings and more than 1000 values; nothing is written", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await addField(other.id, 'contact', 'secret', 3);
    const before = await customersOf(account.id);
    const { post } = as(account.token);
    const answers = [
      await post('contact/add', { name: 'Boris', values: { secret: 'x' } }),
      await post('contact/add', { name: 'Boris', tax_number: '123' }),
      await post('contact/add', { name: 'Boris', rating: 6 }),
      await post('company/add', { name: 'Acme', rating: -1 }),
      await post('company/add', { name: 'Acme', colour: 'red' }),
      // More values than any account has fields: refused before any lookup (the lookup binds one parameter per code).
      await post('contact/add', { name: 'Boris', values: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i])) }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400]);
    for (const answer of answers) expect(answer.body.error).toEqual(expect.any(String));
    expect(await customersOf(account.id)).toEqual(before);
    expect((await customersOf(other.id)).contacts).toEqual([]);
  });
});

describe('customer edit validation texts (spec 2 §5, §9)', () => {
  it("add: no name or a blank one → 'Empty field'; a name under 3 characters → 'Minimum of 3 characters'; a bad e-mail → 'Email invalid'; nothing is written", async () => {
    const account = await server.newAccount();
    const before = await customersOf(account.id);
    for (const kind of ['contact', 'company'] as const) {
      const cases: [Body, Body][] = [
        [{}, { error: 'Empty field', code: 'emptyField', fields: { name: 'Empty field' } }],
        [{ name: '   ' }, { error: 'Empty field', code: 'emptyField', fields: { name: 'Empty field' } }],
        [{ name: ' Al ' }, { error: 'Minimum of 3 characters', code: 'minThreeCharacters', fields: { name: 'Minimum of 3 characters' } }],
        [{ name: 'Anna', email: 'anna@example' }, { error: 'Email invalid', code: 'emailNotValid', fields: { email: 'Email invalid' } }],
        [{ name: 'Anna', phone: '12' }, { error: 'Minimum of 3 characters', code: 'minThreeCharacters', fields: { phone: 'Minimum of 3 characters' } }],
        [
          { name: '', email: 'not an e-mail', phone: '1' },
          { error: 'Empty field', code: 'emptyField', fields: { name: 'Empty field', email: 'Email invalid', phone: 'Minimum of 3 characters' } },
        ],
      ];
      for (const [body, expected] of cases) {
        const answer = await as(account.token).post(`${kind}/add`, body);
        expect(answer.status, `${kind} ${JSON.stringify(body)}`).toBe(400);
        expect(answer.body).toEqual(expected);
      }
    }
    expect(await customersOf(account.id)).toEqual(before);
  });

  it('exactly 3 characters pass (counted after trimming, an emoji counts once); an empty e-mail or phone is no value, not an error', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const three = await post('contact/add', { name: ' Ann ', email: '', phone: '' });
    expect(three.status).toBe(200);
    expect(await contactRow(three.body.id)).toMatchObject({ name: 'Ann', email: '', phone: '' });
    const emoji = await post('company/add', { name: '🙂🙂🙂' });
    expect(emoji.status).toBe(200);
    expect((await companyRow(emoji.body.id)).name).toBe('🙂🙂🙂');
  });

  it("update: the same texts for a given name, e-mail or phone; keys not given are not checked; the row is unchanged on refusal", async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const contact = (await post('contact/add', { name: 'Anna', email: 'anna@example.com' })).body;
    const company = (await post('company/add', { name: 'Acme' })).body;
    const before = await customersOf(account.id);
    const cases: [string, Body, Body][] = [
      ['contact/update', { id: contact.id, name: ' ' }, { error: 'Empty field', code: 'emptyField', fields: { name: 'Empty field' } }],
      ['contact/update', { id: contact.id, email: 'anna.example.com' }, { error: 'Email invalid', code: 'emailNotValid', fields: { email: 'Email invalid' } }],
      ['contact/update', { id: contact.id, phone: '+7' }, { error: 'Minimum of 3 characters', code: 'minThreeCharacters', fields: { phone: 'Minimum of 3 characters' } }],
      ['company/update', { id: company.id, name: 'AB' }, { error: 'Minimum of 3 characters', code: 'minThreeCharacters', fields: { name: 'Minimum of 3 characters' } }],
      ['company/update', { id: company.id, email: '@' }, { error: 'Email invalid', code: 'emailNotValid', fields: { email: 'Email invalid' } }],
    ];
    for (const [path, body, expected] of cases) {
      const answer = await post(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual(expected);
    }
    expect(await customersOf(account.id)).toEqual(before);
    const rating = await post('contact/update', { id: contact.id, rating: 3 });
    expect(rating.status).toBe(200);
    expect(await contactRow(contact.id)).toMatchObject({ name: 'Anna', email: 'anna@example.com', rating: 3 });
  });
});

describe('contact/update and company/update', () => {
  it('changes only the given keys, merges and coerces values over the stored ones, and moves updated_at', async () => {
    const account = await server.newAccount();
    await addField(account.id, 'contact', 'weight', 2);
    await addField(account.id, 'contact', 'note', 3);
    const { post } = as(account.token);
    const contact = (await post('contact/add', { name: 'Anna', email: 'anna@example.com', values: { weight: 1, note: 'first' }, tags: ['a'] })).body;
    const answer = await post('contact/update', { id: contact.id, name: ' Anna Smith ', values: { weight: '2,5' }, tags: ['a', 'b'], link: 'https://x.example', rating: 2 });
    expect(answer.status).toBe(200);
    const row = await contactRow(contact.id);
    expect(row).toMatchObject({ name: 'Anna Smith', email: 'anna@example.com', values: { weight: 2.5, note: 'first' }, tags: ['a', 'b'], link: 'https://x.example', rating: 2 });
    expect(row.updatedAt.getTime()).toBeGreaterThan(new Date(contact.updated_at).getTime());
    expect(row.createdAt.toISOString()).toBe(contact.created_at);
    expect(answer.body).toMatchObject({ id: contact.id, name: 'Anna Smith', values: { weight: 2.5, note: 'first' }, updated_at: row.updatedAt.toISOString(), companies: [] });
  });

  it('a company update changes one accounting field and keeps the others; e-mail and phone can be emptied', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const company = (await post('company/add', { name: 'Acme', email: 'acme@example.com', phone: '123 45', tax_number: '111', bank_code: '044' })).body;
    const answer = await post('company/update', { id: company.id, bank_code: ' 045 ', email: '', phone: '' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ tax_number: '111', bank_code: '045', email: '', phone: '' });
    expect(await companyRow(company.id)).toMatchObject({ taxId: '111', bankCode: '045', email: '', phone: '', name: 'Acme' });
  });

  it('archived: true moves a customer to the archive (kept, out of the list); false brings it back', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const contact = (await post('contact/add', { name: 'Anna' })).body;
    expect((await post('contact/update', { id: contact.id, archived: true })).body.archived).toBe(true);
    expect((await contactRow(contact.id)).archived).toBe(true);
    expect(ids(await post('contact/list', {}))).toEqual([]);
    expect(ids(await post('contact/list', { filter: { archived: true } }))).toEqual([contact.id]);
    expect((await post('contact/update', { id: contact.id, archived: false })).body.archived).toBe(false);
    expect(ids(await post('contact/list', {}))).toEqual([contact.id]);
  });

  it("another account's or an unknown id → 404 with nothing changed in either account", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const theirContact = (await as(other.token).post('contact/add', { name: 'Theirs' })).body;
    const theirCompany = (await as(other.token).post('company/add', { name: 'Theirs Ltd' })).body;
    const before = await customersOf(account.id);
    const theirs = await customersOf(other.id);
    const { post } = as(account.token);
    for (const [path, body, error] of [
      ['contact/update', { id: theirContact.id, name: 'Mine now' }, 'No such contact'],
      ['contact/update', { id: 2_000_000_000, name: 'Ghost' }, 'No such contact'],
      ['company/update', { id: theirCompany.id, name: 'Mine now' }, 'No such company'],
      ['contact/update', { id: theirCompany.id, name: 'Wrong kind' }, 'No such contact'],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ error, code: noSuchCode(error) });
    }
    expect(await customersOf(account.id)).toEqual(before);
    expect(await customersOf(other.id)).toEqual(theirs);
  });

  it('concurrent updates of different field values all survive (no lost update)', async () => {
    const account = await server.newAccount();
    const codes = Array.from({ length: 6 }, (_, i) => `f${i}`);
    for (const code of codes) await addField(account.id, 'company', code, 3);
    const { post } = as(account.token);
    const company = (await post('company/add', { name: 'Acme' })).body;
    const answers = await Promise.all(codes.map((code) => post('company/update', { id: company.id, values: { [code]: `value ${code}` } })));
    expect(answers.map((answer) => answer.status)).toEqual(codes.map(() => 200));
    expect((await companyRow(company.id)).values).toEqual(Object.fromEntries(codes.map((code) => [code, `value ${code}`])));
  });
});

describe('contact/get and company/get', () => {
  it('answer the customer with its linked companies or contacts by name; another account\'s id → 404', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const { post, get } = as(account.token);
    const anna = (await post('contact/add', { name: 'Anna' })).body;
    const zeta = (await post('company/add', { name: 'Zeta' })).body;
    const acme = (await post('company/add', { name: 'Acme', tax_number: '77' })).body;
    await post('contact/companies/link', { contact_id: anna.id, company_id: zeta.id });
    await post('contact/companies/link', { contact_id: anna.id, company_id: acme.id });
    const contact = await get('contact/get', { id: anna.id });
    expect(contact.status).toBe(200);
    expect(contact.body).toMatchObject({ id: anna.id, name: 'Anna', companies: [{ id: acme.id, name: 'Acme' }, { id: zeta.id, name: 'Zeta' }] });
    expect((await get('company/get', { id: acme.id })).body).toMatchObject({ id: acme.id, tax_number: '77', contacts: [{ id: anna.id, name: 'Anna' }] });
    expect(await as(other.token).get('contact/get', { id: anna.id })).toEqual({ status: 404, body: { error: 'No such contact', code: 'noSuchContact' } });
    expect(await as(other.token).get('company/get', { id: acme.id })).toEqual({ status: 404, body: { error: 'No such company', code: 'noSuchCompany' } });
  });
});

describe('contact/delete and company/delete', () => {
  /** An order of the account pointing at a contact and a company. */
  async function orderOf(accountId: number, name: string, contactId: number | null, companyId: number | null) {
    const [row] = await db().insert(orders).values({ accountId, name, contactId, companyId }).returning();
    return row;
  }

  it('removes the contact and its links; its orders stay with the contact emptied (history kept); the company stays', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const anna = (await post('contact/add', { name: 'Anna' })).body;
    const boris = (await post('contact/add', { name: 'Boris' })).body;
    const acme = (await post('company/add', { name: 'Acme' })).body;
    await post('company/contacts/link', { contact_id: anna.id, company_id: acme.id });
    await post('company/contacts/link', { contact_id: boris.id, company_id: acme.id });
    const order = await orderOf(account.id, 'Order 1', anna.id, acme.id);
    const answer = await get('contact/delete', { id: anna.id });
    expect(answer).toEqual({ status: 200, body: { success: true } });
    expect(await contactRow(anna.id)).toBeUndefined();
    expect(await linkRows(account.id)).toEqual([{ accountId: account.id, contactId: boris.id, companyId: acme.id }]);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ contactId: null, companyId: acme.id, name: 'Order 1' });
    expect(await companyRow(acme.id)).toMatchObject({ name: 'Acme' });
    expect((await get('company/get', { id: acme.id })).body.contacts).toEqual([{ id: boris.id, name: 'Boris' }]);
  });

  it('removes a company and its links; the linked contacts and the orders stay', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const anna = (await post('contact/add', { name: 'Anna' })).body;
    const acme = (await post('company/add', { name: 'Acme' })).body;
    await post('contact/companies/link', { contact_id: anna.id, company_id: acme.id });
    const order = await orderOf(account.id, 'Order 1', anna.id, acme.id);
    expect(await get('company/delete', { id: acme.id })).toEqual({ status: 200, body: { success: true } });
    expect(await companyRow(acme.id)).toBeUndefined();
    expect(await linkRows(account.id)).toEqual([]);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ contactId: anna.id, companyId: null });
    expect(await contactRow(anna.id)).toMatchObject({ name: 'Anna' });
  });

  it("another account's, an unknown, an already deleted or the other kind's id → 404; nothing is deleted in either account", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const theirContact = (await as(other.token).post('contact/add', { name: 'Theirs' })).body;
    const theirCompany = (await as(other.token).post('company/add', { name: 'Theirs Ltd' })).body;
    const { post, get } = as(account.token);
    const mine = (await post('contact/add', { name: 'Mine' })).body;
    const gone = (await post('company/add', { name: 'Gone' })).body;
    await get('company/delete', { id: gone.id });
    const before = await customersOf(account.id);
    const theirs = await customersOf(other.id);
    for (const [path, id, error] of [
      ['contact/delete', theirContact.id, 'No such contact'],
      ['company/delete', theirCompany.id, 'No such company'],
      ['company/delete', gone.id, 'No such company'],
      ['company/delete', mine.id, 'No such company'],
      ['contact/delete', 2_000_000_000, 'No such contact'],
    ] as const) {
      expect(await get(path, { id }), `${path} ${id}`).toEqual({ status: 404, body: { error, code: noSuchCode(error) } });
    }
    expect((await get('contact/delete', { id: 'abc' })).status).toBe(400);
    expect(await customersOf(account.id)).toEqual(before);
    expect(await customersOf(other.id)).toEqual(theirs);
  });
});

describe('contact/companies/link and unlink, company/contacts/link and unlink', () => {
  it('contact/companies/link writes one link row and answers the contact with its companies; linking twice keeps one row', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const anna = (await post('contact/add', { name: 'Anna' })).body;
    const acme = (await post('company/add', { name: 'Acme' })).body;
    const answer = await post('contact/companies/link', { contact_id: anna.id, company_id: acme.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: anna.id, name: 'Anna', companies: [{ id: acme.id, name: 'Acme' }] });
    expect(answer.body).not.toHaveProperty('contacts');
    const again = await post('contact/companies/link', { contact_id: anna.id, company_id: acme.id });
    expect(again.body.companies).toEqual([{ id: acme.id, name: 'Acme' }]);
    expect(await linkRows(account.id)).toEqual([{ accountId: account.id, contactId: anna.id, companyId: acme.id }]);
  });

  it('company/contacts/link answers the company with its contacts by name; the link is seen from both sides', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const zoe = (await post('contact/add', { name: 'Zoe' })).body;
    const anna = (await post('contact/add', { name: 'Anna' })).body;
    const acme = (await post('company/add', { name: 'Acme', tax_number: '77' })).body;
    await post('company/contacts/link', { contact_id: zoe.id, company_id: acme.id });
    const answer = await post('company/contacts/link', { contact_id: anna.id, company_id: acme.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: acme.id, tax_number: '77', contacts: [{ id: anna.id, name: 'Anna' }, { id: zoe.id, name: 'Zoe' }] });
    expect(answer.body).not.toHaveProperty('companies');
    expect((await get('contact/get', { id: zoe.id })).body.companies).toEqual([{ id: acme.id, name: 'Acme' }]);
    expect(await linkRows(account.id)).toHaveLength(2);
  });

  it('unlink removes the link from either side (a link made from the company can be removed from the contact); unlinking what is not linked is no change', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const anna = (await post('contact/add', { name: 'Anna' })).body;
    const boris = (await post('contact/add', { name: 'Boris' })).body;
    const acme = (await post('company/add', { name: 'Acme' })).body;
    await post('company/contacts/link', { contact_id: anna.id, company_id: acme.id });
    await post('contact/companies/link', { contact_id: boris.id, company_id: acme.id });
    const fromContact = await post('contact/companies/unlink', { contact_id: anna.id, company_id: acme.id });
    expect(fromContact.status).toBe(200);
    expect(fromContact.body).toMatchObject({ id: anna.id, companies: [] });
    expect(await linkRows(account.id)).toEqual([{ accountId: account.id, contactId: boris.id, companyId: acme.id }]);
    const fromCompany = await post('company/contacts/unlink', { contact_id: boris.id, company_id: acme.id });
    expect(fromCompany.body).toMatchObject({ id: acme.id, contacts: [] });
    expect(await linkRows(account.id)).toEqual([]);
    const nothing = await post('company/contacts/unlink', { contact_id: boris.id, company_id: acme.id });
    expect(nothing.status).toBe(200);
    expect(await linkRows(account.id)).toEqual([]);
    expect(await contactRow(anna.id)).toMatchObject({ name: 'Anna' });
    expect(await companyRow(acme.id)).toMatchObject({ name: 'Acme' });
  });

  it("another account's contact or company → 404 on link and unlink; no link is written or removed in either account", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const { post } = as(account.token);
    const anna = (await post('contact/add', { name: 'Anna' })).body;
    const acme = (await post('company/add', { name: 'Acme' })).body;
    const theirContact = (await as(other.token).post('contact/add', { name: 'Theirs' })).body;
    const theirCompany = (await as(other.token).post('company/add', { name: 'Theirs Ltd' })).body;
    await as(other.token).post('contact/companies/link', { contact_id: theirContact.id, company_id: theirCompany.id });
    await post('contact/companies/link', { contact_id: anna.id, company_id: acme.id });
    const before = await customersOf(account.id);
    const theirs = await customersOf(other.id);
    for (const path of ['contact/companies/link', 'contact/companies/unlink', 'company/contacts/link', 'company/contacts/unlink']) {
      for (const [body, error] of [
        [{ contact_id: anna.id, company_id: theirCompany.id }, 'No such company'],
        [{ contact_id: theirContact.id, company_id: acme.id }, 'No such contact'],
        [{ contact_id: theirContact.id, company_id: theirCompany.id }, 'No such contact'],
        // Ids of the other kind (a company's id as a contact's): meaningful only when the two sequences differ here,
        // which on a shared PostgreSQL they need not (then these ids are Anna's and Acme's own and the link is fine).
        ...(acme.id === anna.id ? [] : ([[{ contact_id: acme.id, company_id: anna.id }, expect.stringMatching(/^No such (contact|company)$/)]] as const)),
      ] as const) {
        const answer = await post(path, body);
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(404);
        expect(answer.body).toEqual({ error, code: noSuchCode(error) });
      }
    }
    expect(await customersOf(account.id)).toEqual(before);
    expect(await customersOf(other.id)).toEqual(theirs);
  });

  it('concurrent links of one contact to several companies all take effect', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const anna = (await post('contact/add', { name: 'Anna' })).body;
    const firms = await insertCompanies(account.id, [{}, {}, {}, {}, {}]);
    const answers = await Promise.all(firms.map((firm, i) => post(i % 2 ? 'company/contacts/link' : 'contact/companies/link', { contact_id: anna.id, company_id: firm.id })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await get('contact/get', { id: anna.id })).body.companies.map((ref: { id: number }) => ref.id)).toEqual(firms.map((firm) => firm.id));
    expect(await linkRows(account.id)).toHaveLength(5);
  });
});

describe('contact/list and company/list', () => {
  it('default to page 1 of 20, sorted by id, not archived, with links and meta (data, links, meta); a call without a body is the default', async () => {
    const account = await server.newAccount();
    const rows = await insertContacts(account.id, Array.from({ length: 25 }, () => ({})));
    const { post } = as(account.token);
    const answer = await post('contact/list', {});
    expect(answer.status).toBe(200);
    expect(ids(answer)).toEqual(rows.slice(0, 20).map((row) => row.id));
    expect(answer.body.links).toEqual({ first: '?page=1', prev: null, next: '?page=2', last: '?page=2' });
    expect(answer.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(answer.body.data[0]).toEqual({
      id: rows[0].id,
      name: 'Contact 01',
      email: '',
      phone: '',
      rating: 0,
      link: '',
      values: {},
      tags: [],
      archived: false,
      created_at: rows[0].createdAt.toISOString(),
      updated_at: rows[0].updatedAt.toISOString(),
      companies: [],
    });
    const second = await post('contact/list', { page: 2 });
    expect(ids(second)).toEqual(rows.slice(20).map((row) => row.id));
    expect(second.body.links).toEqual({ first: '?page=1', prev: '?page=1', next: null, last: '?page=2' });
    const bare = await post('contact/list');
    expect(bare.status).toBe(200);
    expect(bare.body.meta).toEqual(answer.body.meta);
  });

  it('paging edges: an empty list is one empty page; a page past the end is empty with the real total; exact multiples add no page', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    expect((await post('company/list', {})).body).toEqual({ data: [], links: { first: '?page=1', prev: null, next: null, last: '?page=1' }, meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } });
    await insertCompanies(account.id, Array.from({ length: 6 }, () => ({})));
    const exact = await post('company/list', { per_page: 3, page: 2 });
    expect(exact.body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 6 });
    expect(exact.body.links).toEqual({ first: '?page=1', prev: '?page=1', next: null, last: '?page=2' });
    const past = await post('company/list', { per_page: 3, page: 5 });
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toEqual({ current_page: 5, last_page: 2, per_page: 3, total: 6 });
    expect(past.body.links.prev).toBe('?page=4');
  });

  it('refuse a page below 1, per_page outside 1..200, an unknown filter or sort field, or the other kind\'s link filter (400)', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    for (const [path, body] of [
      ['contact/list', { page: 0 }],
      ['contact/list', { per_page: 0 }],
      ['company/list', { per_page: 201 }],
      ['company/list', { page: 1.5 }],
      ['contact/list', { filter: { colour: 'red' } }],
      ['contact/list', { filter: { contact_id: 1 } }],
      ['company/list', { filter: { company_id: 1 } }],
      ['contact/list', { sort: { field: 'email' } }],
      ['company/list', { sort: { field: 'name', order: 'up' } }],
      ['company/list', { filter: { rating: 6 } }],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.error).toEqual(expect.any(String));
    }
  });

  it('sort by name, rating, created_at, updated_at or id, ascending or descending, ties broken by id', async () => {
    const account = await server.newAccount();
    const day = (d: number) => new Date(Date.UTC(2024, 0, d));
    const rows = await insertCompanies(account.id, [
      { name: 'Delta', rating: 2, createdAt: day(3), updatedAt: day(9) },
      { name: 'Alpha', rating: 5, createdAt: day(1), updatedAt: day(7) },
      { name: 'Charlie', rating: 2, createdAt: day(4), updatedAt: day(6) },
      { name: 'Alpha', rating: 0, createdAt: day(2), updatedAt: day(8) },
    ]);
    const [d, a1, c, a2] = rows.map((row) => row.id);
    const { post } = as(account.token);
    const sorted = async (sort: Body) => ids(await post('company/list', { sort }));
    expect(await sorted({ field: 'name' })).toEqual([a1, a2, c, d]);
    expect(await sorted({ field: 'name', order: 'desc' })).toEqual([d, c, a1, a2]);
    expect(await sorted({ field: 'rating', order: 'desc' })).toEqual([a1, d, c, a2]);
    expect(await sorted({ field: 'rating' })).toEqual([a2, d, c, a1]);
    expect(await sorted({ field: 'created_at' })).toEqual([a1, a2, d, c]);
    expect(await sorted({ field: 'updated_at', order: 'desc' })).toEqual([d, a2, a1, c]);
    expect(await sorted({ field: 'id', order: 'desc' })).toEqual([a2, c, a1, d]);
  });

  it('search finds the text in the name, e-mail or phone (companies: also the tax id), case-insensitively; % and _ are plain characters; blank search is no filter', async () => {
    const account = await server.newAccount();
    const [anna, boris, percent] = await insertContacts(account.id, [
      { name: 'Anna Smith', email: 'anna@mail.example' },
      { name: 'Boris', phone: '+7 912 555' },
      { name: '100% cotton' },
      { name: 'Other' },
    ]);
    const [acme, , under] = await insertCompanies(account.id, [{ name: 'Acme', taxId: '7707083893' }, { name: 'Globex' }, { name: 'A_B company' }]);
    const { post } = as(account.token);
    const found = async (path: string, search: string) => ids(await post(path, { filter: { search } }));
    expect(await found('contact/list', 'SMITH')).toEqual([anna.id]);
    expect(await found('contact/list', 'MAIL.exa')).toEqual([anna.id]);
    expect(await found('contact/list', '912')).toEqual([boris.id]);
    expect(await found('contact/list', '%')).toEqual([percent.id]);
    expect(await found('contact/list', '   ')).toHaveLength(4);
    expect(await found('company/list', '708389')).toEqual([acme.id]);
    expect(await found('company/list', '_')).toEqual([under.id]);
  });

  it('filter by archived flag, tags (any of them), rating and the linked company or contact', async () => {
    const account = await server.newAccount();
    const [anna, boris, clara, old] = await insertContacts(account.id, [
      { name: 'Anna', tags: ['vip', 'b2b'], rating: 5 },
      { name: 'Boris', tags: ['b2b'], rating: 3 },
      { name: 'Clara', tags: [], rating: 5 },
      { name: 'Old one', tags: ['vip'], rating: 5, archived: true },
    ]);
    const [acme, globex] = await insertCompanies(account.id, [{ name: 'Acme' }, { name: 'Globex' }]);
    await db().insert(contactCompanies).values([
      { accountId: account.id, contactId: anna.id, companyId: acme.id },
      { accountId: account.id, contactId: boris.id, companyId: acme.id },
      { accountId: account.id, contactId: old.id, companyId: acme.id },
      { accountId: account.id, contactId: clara.id, companyId: globex.id },
    ]);
    const { post } = as(account.token);
    const list = async (path: string, filter: Body) => ids(await post(path, { filter }));
    expect(await list('contact/list', {})).toEqual([anna.id, boris.id, clara.id]);
    expect(await list('contact/list', { archived: true })).toEqual([old.id]);
    expect(await list('contact/list', { tags: ['vip'] })).toEqual([anna.id]);
    expect(await list('contact/list', { tags: ['vip', 'b2b'] })).toEqual([anna.id, boris.id]);
    expect(await list('contact/list', { rating: 5 })).toEqual([anna.id, clara.id]);
    expect(await list('contact/list', { company_id: acme.id })).toEqual([anna.id, boris.id]);
    expect(await list('contact/list', { company_id: acme.id, archived: true })).toEqual([old.id]);
    expect(await list('company/list', { contact_id: clara.id })).toEqual([globex.id]);
    const withLinks = await post('company/list', {});
    expect(withLinks.body.data.map((item: { contacts: unknown }) => item.contacts)).toEqual([
      [
        { id: anna.id, name: 'Anna' },
        { id: boris.id, name: 'Boris' },
        { id: old.id, name: 'Old one' },
      ],
      [{ id: clara.id, name: 'Clara' }],
    ]);
  });

  it("list only the caller's account's customers, whatever the filter (another account's company or contact id finds nothing)", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const [mine] = await insertContacts(account.id, [{ name: 'Shared name' }]);
    const [theirs] = await insertContacts(other.id, [{ name: 'Shared name' }]);
    const [theirFirm] = await insertCompanies(other.id, [{ name: 'Shared firm' }]);
    await db().insert(contactCompanies).values({ accountId: other.id, contactId: theirs.id, companyId: theirFirm.id });
    const { post } = as(account.token);
    expect(ids(await post('contact/list', { filter: { search: 'shared' } }))).toEqual([mine.id]);
    expect(ids(await post('contact/list', { filter: { company_id: theirFirm.id } }))).toEqual([]);
    expect(ids(await post('company/list', { filter: { contact_id: theirs.id } }))).toEqual([]);
    expect((await post('company/list', {})).body.meta.total).toBe(0);
  });
});

describe('contact/autocomplete and company/autocomplete', () => {
  it('a blank query answers nothing; a missing query is refused (400)', async () => {
    const account = await server.newAccount();
    await insertContacts(account.id, [{ name: 'Anna' }]);
    const { get } = as(account.token);
    for (const kind of ['contact', 'company']) {
      expect(await get(`${kind}/autocomplete`, { query: '' })).toEqual({ status: 200, body: [] });
      expect(await get(`${kind}/autocomplete`, { query: '   ' })).toEqual({ status: 200, body: [] });
      expect((await get(`${kind}/autocomplete`)).status).toBe(400);
    }
  });

  it('finds names containing the query, case-insensitively, names starting with it first; contacts with e-mail and phone, companies also with the tax id', async () => {
    const account = await server.newAccount();
    const [smithson, anna] = await insertContacts(account.id, [
      { name: 'Mary Smithson', email: 'mary@example.com', phone: '555-01' },
      { name: 'Smith Anna', email: 'anna@example.com' },
      { name: 'Boris' },
    ]);
    const [acme] = await insertCompanies(account.id, [{ name: 'Acme Smith Ltd', taxId: '7707', email: 'info@acme.example' }]);
    const { get } = as(account.token);
    expect((await get('contact/autocomplete', { query: 'SMITH' })).body).toEqual([
      { id: anna.id, name: 'Smith Anna', email: 'anna@example.com', phone: '' },
      { id: smithson.id, name: 'Mary Smithson', email: 'mary@example.com', phone: '555-01' },
    ]);
    expect((await get('company/autocomplete', { query: 'smith' })).body).toEqual([{ id: acme.id, name: 'Acme Smith Ltd', email: 'info@acme.example', phone: '', tax_number: '7707' }]);
  });

  it("never shows archived customers or another account's; answers at most 20", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await insertContacts(other.id, [{ name: 'Lantern of theirs' }]);
    const [mine] = await insertContacts(account.id, [{ name: 'Lantern' }, { name: 'Lantern old', archived: true }]);
    const { get } = as(account.token);
    expect((await get('contact/autocomplete', { query: 'lantern' })).body.map((item: { id: number }) => item.id)).toEqual([mine.id]);
    await insertCompanies(account.id, Array.from({ length: 30 }, (_, i) => ({ name: `Bolt ${i}` })));
    expect((await get('company/autocomplete', { query: 'bolt' })).body).toHaveLength(20);
  });
});

describe('contact/orders and company/orders (order history)', () => {
  async function stage(accountId: number, name: string) {
    const [pipeline] = await db().insert(pipelines).values({ accountId, name: 'Sales' }).returning();
    const [status] = await db().insert(pipelineStatuses).values({ accountId, pipelineId: pipeline.id, name }).returning();
    return { pipeline, status };
  }

  it("answers the customer's orders newest first with sum, stage name, CRM lead and status, archived flag; paged with links and meta", async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const anna = (await post('contact/add', { name: 'Anna' })).body;
    const acme = (await post('company/add', { name: 'Acme' })).body;
    const { pipeline, status } = await stage(account.id, 'Negotiation');
    const at = (d: number) => new Date(Date.UTC(2024, 1, d));
    const [first, second, third] = await db()
      .insert(orders)
      .values([
        { accountId: account.id, name: 'First', contactId: anna.id, sum: '100.50', createdAt: at(1), pipelineId: pipeline.id, statusId: status.id },
        { accountId: account.id, name: 'Second', contactId: anna.id, companyId: acme.id, sum: '20', createdAt: at(2), leadId: 9_000_000_001, crmStatus: 2 },
        { accountId: account.id, name: 'Third', contactId: anna.id, sum: '3', createdAt: at(3), archived: true },
        { accountId: account.id, name: 'Not hers', sum: '1', createdAt: at(4) },
      ])
      .returning();
    const answer = await get('contact/orders', { id: anna.id });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { id: third.id, name: 'Third', sum: 3, status_id: null, status: null, lead_id: null, crm_status: null, archived: true, created_at: at(3).toISOString() },
      { id: second.id, name: 'Second', sum: 20, status_id: null, status: null, lead_id: 9_000_000_001, crm_status: 2, archived: false, created_at: at(2).toISOString() },
      { id: first.id, name: 'First', sum: 100.5, status_id: status.id, status: 'Negotiation', lead_id: null, crm_status: null, archived: false, created_at: at(1).toISOString() },
    ]);
    expect(answer.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 3 });
    const paged = await get('contact/orders', { id: anna.id, per_page: 2, page: 2 });
    expect(paged.body.data.map((order: { id: number }) => order.id)).toEqual([first.id]);
    expect(paged.body.links).toEqual({ first: '?page=1', prev: '?page=1', next: null, last: '?page=2' });
    expect(paged.body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect((await get('company/orders', { id: acme.id })).body.data.map((order: { id: number }) => order.id)).toEqual([second.id]);
    const none = (await post('company/add', { name: 'No orders' })).body;
    expect((await get('company/orders', { id: none.id })).body).toEqual({ data: [], links: { first: '?page=1', prev: null, next: null, last: '?page=1' }, meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } });
  });

  it("another account's customer → 404; an order row of another account pointing at our customer is never shown", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const anna = (await as(account.token).post('contact/add', { name: 'Anna' })).body;
    await db().insert(orders).values({ accountId: other.id, name: 'Foreign order', contactId: anna.id });
    expect((await as(account.token).get('contact/orders', { id: anna.id })).body.data).toEqual([]);
    expect(await as(other.token).get('contact/orders', { id: anna.id })).toEqual({ status: 404, body: { error: 'No such contact', code: 'noSuchContact' } });
    expect((await as(account.token).get('company/orders', { id: anna.id })).status).toBe(404);
  });
});

describe('customer fields: company/field/types, field/list, field/add, field/update, field/delete', () => {
  it('company/field/types (contacts use it too) lists the types with their defaults, without the image carousel (15)', async () => {
    const account = await server.newAccount();
    const answer = await as(account.token).get('company/field/types');
    expect(answer.status).toBe(200);
    expect(answer.body.map((type: { id: number }) => type.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13]);
    const byId = new Map(answer.body.map((type: { id: number }) => [type.id, type]));
    expect(byId.get(1)).toMatchObject({ code: 'integer', default: 0 });
    expect(byId.get(9)).toMatchObject({ code: 'flag', default: false });
    expect(byId.get(11)).toMatchObject({ code: 'price', default: expect.objectContaining({ currency: 'RUB' }) });
    await db().update(accounts).set({ isKommo: true }).where(eq(accounts.id, account.id));
    const kommo = await server.newMember(account, { admin: true });
    const usd = await as(kommo.token).get('company/field/types');
    expect(usd.body.find((type: { id: number }) => type.id === 11).default.currency).toBe('USD');
  });

  it('field/add stores a field of its kind with a code made from the name (Cyrillic transliterated), last in order, default card flags and component; the answer is the definition', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const first = await post('contact/field/add', { name: ' Дата рождения ', type: 7 });
    expect(first.status).toBe(200);
    const second = await post('contact/field/add', { name: 'Size', type: 5, data: [' S ', { name: 'M', value: 'm', color: '#fff' }], lead_config: { public_order_visible: true, editable: '0' } });
    const company = await post('company/field/add', { name: 'Size', type: 3, code: 'size' });
    const rows = await fieldRows(account.id);
    expect(rows).toMatchObject([
      { entity: 'contact', code: 'data_rozhdeniya', name: 'Дата рождения', type: 7, sort: 0, categoryId: null, component: 'date', data: [], leadConfig: { visible: 1, public_order_visible: 0, editable: 1 } },
      { entity: 'contact', code: 'size', name: 'Size', type: 5, sort: 1, component: 'select', data: ['S', { name: 'M', value: 'm', color: '#fff' }], leadConfig: { visible: 1, public_order_visible: 1, editable: 0 } },
      { entity: 'company', code: 'size', type: 3, sort: 0, component: 'text' },
    ]);
    expect(first.body).toEqual({
      id: rows[0].id,
      code: 'data_rozhdeniya',
      name: 'Дата рождения',
      type: 7,
      category: null,
      sort: 0,
      is_system: false,
      is_virtual: false,
      component: 'date',
      config: { sort: 0 },
      data: [],
      lead_config: { visible: 1, public_order_visible: 0, editable: 1 },
      created_at: rows[0].createdAt.toISOString(),
    });
    expect(second.body).toMatchObject({ id: rows[1].id, code: 'size', sort: 1 });
    expect(company.body).toMatchObject({ id: rows[2].id, code: 'size' });
  });

  it('a field-add error returns the error object: a taken code → 409 { error }, an image carousel, an unknown type or a blank name → 400 { error }; nothing is written', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    await post('contact/field/add', { name: 'Birthday', type: 7 });
    const before = await customersOf(account.id);
    const cases: [string, Body, number, Body][] = [
      ['contact/field/add', { name: 'Birthday', type: 3 }, 409, { error: 'A field with the code birthday already exists' }],
      ['contact/field/add', { name: 'Other name', type: 3, code: 'birthday' }, 409, { error: 'A field with the code birthday already exists' }],
      ['contact/field/add', { name: 'Photos', type: 15 }, 400, { error: 'Image fields are not available for contacts and companies' }],
      ['company/field/add', { name: 'Odd', type: 10 }, 400, { error: 'Unknown field type 10' }],
      ['company/field/add', { name: '   ', type: 3 }, 400, { error: 'Empty field', code: 'emptyField', fields: { name: 'Empty field' } }],
      ['company/field/add', { name: 'Choice', type: 5, data: ['A', ' '] }, 400, { error: 'An option name must not be empty' }],
    ];
    for (const [path, body, status, expected] of cases) {
      const answer = await post(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      // The English text as before, and a code the shell says in the user's language (serverErrors.<code>).
      expect(answer.body).toMatchObject(expected);
      expect(answer.body.code, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect(await customersOf(account.id)).toEqual(before);
  });

  it('concurrent adds of one code: exactly one is written, the others are refused with 409', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('company/field/add', { name: 'Region', type: 3 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await fieldRows(account.id)).map((row) => row.code)).toEqual(['region']);
  });

  it("field/list answers the kind's own fields by position, or by creation with sort=created; never another account's or another kind's", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const [late] = await db()
      .insert(fields)
      .values({ accountId: account.id, entity: 'contact', code: 'late', name: 'Late', type: 3, sort: 0, createdAt: new Date(Date.UTC(2024, 5, 1)) })
      .returning();
    const [early] = await db()
      .insert(fields)
      .values({ accountId: account.id, entity: 'contact', code: 'early', name: 'Early', type: 3, sort: 1, createdAt: new Date(Date.UTC(2024, 0, 1)) })
      .returning();
    const firm = await addField(account.id, 'company', 'firm', 3);
    await addField(account.id, 'product', 'product_only', 3);
    await addField(other.id, 'contact', 'theirs', 3);
    const { get } = as(account.token);
    const listed = async (path: string, query: Record<string, string> = {}) => (await get(path, query)).body.map((field: { id: number }) => field.id);
    expect(await listed('contact/field/list')).toEqual([late.id, early.id]);
    expect(await listed('contact/field/list', { sort: 'created' })).toEqual([early.id, late.id]);
    expect(await listed('company/field/list')).toEqual([firm.id]);
    expect((await get('contact/field/list', { sort: 'name' })).status).toBe(400);
  });

  it('field/update changes name, options and card flags; type and code stay', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const added = (await post('company/field/add', { name: 'Grade', type: 5, data: ['A'] })).body;
    const answer = await post('company/field/update', { id: added.id, name: ' Quality ', data: ['A', 'B'], lead_config: { visible: 0 }, config: { width: 2, sort: 99 } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: added.id, code: 'grade', type: 5, name: 'Quality', data: ['A', 'B'], lead_config: { visible: 0, public_order_visible: 0, editable: 1 }, config: { width: 2, sort: 0 } });
    expect((await fieldRows(account.id))[0]).toMatchObject({ code: 'grade', type: 5, name: 'Quality', data: ['A', 'B'], config: { width: 2 }, leadConfig: { visible: 0, public_order_visible: 0, editable: 1 } });
    const blank = await post('company/field/update', { id: added.id, name: '' });
    expect(blank).toEqual({ status: 400, body: { error: 'Empty field', fields: { name: 'Empty field' }, code: 'emptyField' } });
    expect((await fieldRows(account.id))[0].name).toBe('Quality');
  });

  it('field/delete removes the definition and its values from the rows of that kind only', async () => {
    const account = await server.newAccount();
    const contactField = await addField(account.id, 'contact', 'note', 3);
    await addField(account.id, 'company', 'note', 3);
    const [anna, boris] = await insertContacts(account.id, [{ name: 'Anna', values: { note: 'a', other: 1 } }, { name: 'Boris', values: { other: 2 } }]);
    const [acme] = await insertCompanies(account.id, [{ name: 'Acme', values: { note: 'kept' } }]);
    const answer = await as(account.token).post('contact/field/delete', { id: contactField.id });
    expect(answer).toEqual({ status: 200, body: { success: true } });
    expect((await fieldRows(account.id)).map((row) => `${row.entity}/${row.code}`)).toEqual(['company/note']);
    expect((await contactRow(anna.id)).values).toEqual({ other: 1 });
    expect((await contactRow(boris.id)).values).toEqual({ other: 2 });
    expect((await companyRow(acme.id)).values).toEqual({ note: 'kept' });
  });

  it("another account's field, a field of the other kind or a product field → 404 on update and delete; nothing changes", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const theirs = await addField(other.id, 'contact', 'theirs', 3);
    const companyField = await addField(account.id, 'company', 'firm', 3);
    const productField = await addField(account.id, 'product', 'weight', 2);
    const before = await customersOf(account.id);
    const theirsBefore = await customersOf(other.id);
    const { post } = as(account.token);
    for (const id of [theirs.id, companyField.id, productField.id, 2_000_000_000]) {
      expect(await post('contact/field/update', { id, name: 'Hijacked' })).toEqual({ status: 404, body: { error: 'No such field', code: 'noSuchField' } });
      expect(await post('contact/field/delete', { id })).toEqual({ status: 404, body: { error: 'No such field', code: 'noSuchField' } });
    }
    expect(await customersOf(account.id)).toEqual(before);
    expect(await customersOf(other.id)).toEqual(theirsBefore);
    expect((await db().select().from(fields).where(eq(fields.id, productField.id)))[0]).toMatchObject({ name: 'weight' });
  });
});

describe("the tariff's limit on contacts and companies (spec 2 §9)", () => {
  const limitOf = async (code: string) => (await db().select({ limit: tariffs.contactsLimit }).from(tariffs).where(eq(tariffs.code, code)))[0].limit;
  const bulkContacts = (accountId: number, n: number) =>
    db().execute(sql`insert into contacts (account_id, name) select ${accountId}, 'Bulk contact ' || i from generate_series(1, ${n}) as i`);
  const bulkCompanies = (accountId: number, n: number) =>
    db().execute(sql`insert into companies (account_id, name) select ${accountId}, 'Bulk company ' || i from generate_series(1, ${n}) as i`);
  const activeCount = async (accountId: number) => {
    const [people, firms] = await Promise.all([
      db().select({ id: contacts.id }).from(contacts).where(and(eq(contacts.accountId, accountId), eq(contacts.archived, false))),
      db().select({ id: companies.id }).from(companies).where(and(eq(companies.accountId, accountId), eq(companies.archived, false))),
    ]);
    return people.length + firms.length;
  };

  it('rule: contacts and companies together count; the last free place is taken once by concurrent adds of either kind, the rest are refused with 422 and nothing more is written', async () => {
    const account = await server.newAccount({ tariff: 'start' });
    const limit = await limitOf('start');
    await bulkContacts(account.id, limit - 3);
    await bulkCompanies(account.id, 1);
    const { post } = as(account.token);
    expect((await post('company/add', { name: 'Last but one' })).status).toBe(200);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => post(i % 2 ? 'contact/add' : 'company/add', { name: `Racer ${i}` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    const refused = answers.find((answer) => answer.status === 422)!;
    expect(refused.body).toMatchObject({ error: `Your tariff allows ${limit} contacts and companies on the Start plan. Archive some or choose a larger tariff.`, limit, used: limit, plan: 'Start', code: 'limitCustomers' });
    expect(await activeCount(account.id)).toBe(limit);
    const racers = await db().select().from(contacts).where(and(eq(contacts.accountId, account.id), sql`${contacts.name} like 'Racer %'`));
    const racerFirms = await db().select().from(companies).where(and(eq(companies.accountId, account.id), sql`${companies.name} like 'Racer %'`));
    expect(racers.length + racerFirms.length).toBe(1);
  });

  it('rule: archived customers take no place — an archived add passes when full; taking one out of the archive needs a free place, also against a concurrent add', async () => {
    const account = await server.newAccount({ tariff: 'start' });
    const limit = await limitOf('start');
    await bulkContacts(account.id, limit);
    const { post } = as(account.token);
    expect((await post('contact/add', { name: 'One too many' })).status).toBe(422);
    const archived = await post('contact/add', { name: 'Archived one', archived: true });
    expect(archived.status).toBe(200);
    expect(await contactRow(archived.body.id)).toMatchObject({ archived: true });
    const back = await post('contact/update', { id: archived.body.id, archived: false, name: 'Back again' });
    expect(back.status).toBe(422);
    expect(await contactRow(archived.body.id)).toMatchObject({ archived: true, name: 'Archived one' });

    // An active customer saved with archived: false is not taking a new place.
    const [active] = await db().select().from(contacts).where(and(eq(contacts.accountId, account.id), eq(contacts.archived, false))).limit(1);
    expect((await post('contact/update', { id: active.id, archived: false, name: 'Still active' })).status).toBe(200);

    // One place freed: an un-archive and an add race for it; exactly one wins.
    expect((await post('contact/update', { id: active.id, archived: true })).status).toBe(200);
    const race = await Promise.all([post('contact/update', { id: archived.body.id, archived: false }), post('company/add', { name: 'Racer' })]);
    expect(race.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(await activeCount(account.id)).toBe(limit);
  });

  it('an account without a tariff (trial) has no limit', async () => {
    const account = await server.newAccount();
    await bulkContacts(account.id, 600);
    expect((await as(account.token).post('company/add', { name: 'One more' })).status).toBe(200);
  });
});

describe('rights', () => {
  /** An account with a contact linked to a company, a contact field, and a member with the given rights. */
  async function withMember(rights: { activity?: boolean; admin?: boolean; editingRemains?: boolean; changeRemains?: boolean }, separateRights = true) {
    const account = await server.newAccount({ separateRights });
    const { post } = as(account.token);
    const contact = (await post('contact/add', { name: 'Anna' })).body;
    const company = (await post('company/add', { name: 'Acme' })).body;
    const spare = (await post('company/add', { name: 'Spare' })).body;
    await post('contact/companies/link', { contact_id: contact.id, company_id: company.id });
    const field = (await post('contact/field/add', { name: 'Note', type: 3 })).body;
    const member = await server.newMember(account, rights);
    return { account, contact, company, spare, field, member, ...as(member.token) };
  }

  it('a member whose activity is off cannot add, update, delete, link or unlink customers (422); nothing changes', async () => {
    const { account, contact, company, spare, post, get } = await withMember({ activity: false }, false);
    const before = await customersOf(account.id);
    const answers = [
      await post('contact/add', { name: 'New one' }),
      await post('company/add', { name: 'New firm' }),
      await post('contact/update', { id: contact.id, name: 'Renamed' }),
      await post('company/update', { id: company.id, archived: true }),
      await get('contact/delete', { id: contact.id }),
      await get('company/delete', { id: company.id }),
      await post('contact/companies/link', { contact_id: contact.id, company_id: spare.id }),
      await post('company/contacts/link', { contact_id: contact.id, company_id: spare.id }),
      await post('contact/companies/unlink', { contact_id: contact.id, company_id: company.id }),
      await post('company/contacts/unlink', { contact_id: contact.id, company_id: company.id }),
    ];
    for (const answer of answers) expect(answer).toEqual({ status: 422, body: { error: RIGHTS_TEXT, code: 'notCustomerEditor' } });
    expect(await customersOf(account.id)).toEqual(before);
  });

  it("an active member with no other right edits customers, with or without 'Separate rights' (no right separates customers)", async () => {
    for (const separate of [true, false]) {
      const { account, contact, spare, post, get } = await withMember({}, separate);
      const added = await post('contact/add', { name: 'By member' });
      expect(added.status).toBe(200);
      expect((await post('contact/update', { id: contact.id, name: 'Renamed' })).status).toBe(200);
      expect((await post('contact/companies/link', { contact_id: contact.id, company_id: spare.id })).status).toBe(200);
      expect((await get('company/delete', { id: spare.id })).status).toBe(200);
      expect(await contactRow(added.body.id)).toMatchObject({ accountId: account.id, name: 'By member' });
      expect(await contactRow(contact.id)).toMatchObject({ name: 'Renamed' });
      expect(await companyRow(spare.id)).toBeUndefined();
    }
  });

  it('reading needs no right: a member whose activity is off still lists, gets, autocompletes, reads order history and the fields', async () => {
    const { contact, company, post, get } = await withMember({ activity: false });
    expect((await post('contact/list', {})).body.meta.total).toBe(1);
    expect((await post('company/list', {})).body.meta.total).toBe(2);
    expect((await get('contact/get', { id: contact.id })).body.companies).toEqual([{ id: company.id, name: 'Acme' }]);
    expect((await get('company/autocomplete', { query: 'acm' })).body).toHaveLength(1);
    expect((await get('contact/orders', { id: contact.id })).status).toBe(200);
    expect((await get('contact/field/list')).body).toHaveLength(1);
    expect((await get('company/field/types')).status).toBe(200);
  });

  it('only an administrator adds, changes or deletes the fields of contacts and companies (422 for others); an admin member can', async () => {
    const { account, field, post } = await withMember({ editingRemains: true, changeRemains: true });
    const before = await customersOf(account.id);
    for (const answer of [
      await post('contact/field/add', { name: 'Mine', type: 3 }),
      await post('company/field/add', { name: 'Mine', type: 3 }),
      await post('contact/field/update', { id: field.id, name: 'Changed' }),
      await post('contact/field/delete', { id: field.id }),
    ]) {
      expect(answer).toEqual({ status: 422, body: { error: SETTINGS_TEXT, code: 'notCustomerFieldEditor' } });
    }
    expect(await customersOf(account.id)).toEqual(before);
    const admin = await server.newMember(account, { admin: true });
    expect((await as(admin.token).post('company/field/add', { name: 'By admin', type: 3 })).status).toBe(200);
    expect((await as(admin.token).post('contact/field/update', { id: field.id, name: 'Changed' })).status).toBe(200);
    expect((await fieldRows(account.id)).map((row) => row.name)).toEqual(['Changed', 'By admin']);
  });

  it('without a token every customer call answers 403 and writes nothing', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const contact = (await post('contact/add', { name: 'Anna' })).body;
    const company = (await post('company/add', { name: 'Acme' })).body;
    const field = (await post('company/field/add', { name: 'Note', type: 3 })).body;
    const before = await customersOf(account.id);
    const posts: [string, unknown][] = [
      ['contact/list', {}],
      ['company/list', {}],
      ['contact/add', { name: 'X name' }],
      ['company/add', { name: 'X name' }],
      ['contact/update', { id: contact.id, name: 'X name' }],
      ['company/update', { id: company.id, name: 'X name' }],
      ['contact/companies/link', { contact_id: contact.id, company_id: company.id }],
      ['company/contacts/unlink', { contact_id: contact.id, company_id: company.id }],
      ['company/field/add', { name: 'X', type: 3 }],
      ['company/field/update', { id: field.id, name: 'X' }],
      ['company/field/delete', { id: field.id }],
    ];
    for (const [path, body] of posts) expect((await server.call('POST', path, { body })).status, path).toBe(403);
    const gets: [string, Record<string, string | number>][] = [
      ['contact/delete', { id: contact.id }],
      ['company/delete', { id: company.id }],
      ['contact/get', { id: contact.id }],
      ['company/orders', { id: company.id }],
      ['contact/autocomplete', { query: 'ann' }],
      ['company/field/types', {}],
      ['contact/field/list', {}],
    ];
    for (const [path, query] of gets) expect((await server.call('GET', path, { query })).status, path).toBe(403);
    expect(await customersOf(account.id)).toEqual(before);
  });
});
