import { describe, expect, it } from 'vitest';
import * as account from '../../../src/api/account';
import * as archive from '../../../shell/features/archive/api';
import { ARCHIVE_TABS } from '../../../shell/features/archive/rows';
import * as orderArchive from '../../../src/api/orderArchive';
import * as positions from '../../../shell/features/positions/api';
import * as auth from '../../../src/api/auth';
import * as customers from '../../../src/api/customers';
import * as order from '../../../shell/features/deal/api';
import * as http from '../../../src/api/http';
import * as orderDocuments from '../../../shell/features/deal/documentsApi';
import * as orderSharing from '../../../src/api/orderSharing';
import * as orders from '../../../shell/features/orders/api';
import * as pipelines from '../../../src/api/pipelines';
import * as profile from '../../../shell/features/profile/api';
import * as publicOrder from '../../../src/api/publicOrder';
import * as customerOrder from '../../../shell/features/publicOrder/orderApi';
import * as transport from '../../../src/api/transport';
import * as widget from '../../../src/api/widget';
import { PUBLIC_SIGN_IN_PATH } from '../../../src/domain/publicMode';
import { $path, setNavigator } from '../../../shell/stores/navigation';
import { contractBreach, findServerRoute, useApiFake } from '../../support/apiFake';

/*
 * The client cannot call what the server lacks: every exported function of src/api and of the features' API modules is called (with the
 * arguments below where it takes some, every path-shaping value tried) against the fake, and each call it
 * sends must be a route the real app registers (app.apiRoutes, listed by test/setup/apiRoutes.ts).
 */

const api = useApiFake();

type Recipe = (() => unknown)[];
const both = [false, true] as const;
const kinds = customers.CUSTOMER_KINDS;
const modes = ['email', 'phone'] as const;
const file = (kind: 'custom' | 'generated') => ({ id: 1, order_id: 2, kind });

/** How to call each function whose path depends on its arguments; the rest are called with none. */
const RECIPES: Record<string, Recipe> = {
  getAccountConfig: [() => account.getAccountConfig(), () => inPublicMode(() => account.getAccountConfig())],
  listPipelines: [() => pipelines.listPipelines(), () => inPublicMode(() => pipelines.listPipelines())],
  listCustomers: kinds.map((kind) => () => customers.listCustomers(kind, {})),
  getCustomer: kinds.map((kind) => () => customers.getCustomer(kind, 1)),
  addCustomer: kinds.map((kind) => () => customers.addCustomer(kind, { name: 'A' })),
  updateCustomer: kinds.map((kind) => () => customers.updateCustomer(kind, { id: 1 })),
  deleteCustomer: kinds.map((kind) => () => customers.deleteCustomer(kind, 1)),
  linkCustomers: kinds.flatMap((kind) => both.map((linked) => () => customers.linkCustomers(kind, { contact_id: 1, company_id: 2 }, linked))),
  customerOrders: kinds.map((kind) => () => customers.customerOrders(kind, 1)),
  autocompleteCustomers: kinds.map((kind) => () => customers.autocompleteCustomers(kind, 'acme')),
  listCustomerFields: kinds.map((kind) => () => customers.listCustomerFields(kind)),
  searchProducts: [() => order.searchProducts('drill')],
  listOrderFiles: (['custom', 'generated'] as const).map((kind) => () => orderDocuments.listOrderFiles(1, kind)),
  deleteOrderFile: (['custom', 'generated'] as const).map((kind) => () => orderDocuments.deleteOrderFile(file(kind))),
  downloadOrderFile: (['custom', 'generated'] as const).map((kind) => () => orderDocuments.downloadOrderFile(file(kind))),
  fetchOrderFiles: (['custom', 'generated'] as const).map((kind) => () => customerOrder.fetchOrderFiles(1, kind)),
  fetchOrderFile: (['custom', 'generated'] as const).map((kind) => () => customerOrder.fetchOrderFile(file(kind))),
  uploadOrderFile: [() => orderDocuments.uploadOrderFile(1, new Blob(['x']))],
  listOrders: both.map((testAccount) => () => orders.listOrders({}, { testAccount })),
  sendLoginCode: (['old', 'new'] as const).flatMap((step) => modes.map((mode) => () => profile.sendLoginCode(step, mode, 'a@b.c'))),
  confirmOldLogin: modes.map((mode) => () => profile.confirmOldLogin(mode, 'a@b.c', '1234')),
  confirmNewLogin: modes.map((mode) => () => profile.confirmNewLogin(mode, 'a@b.c', '1234')),
  listArchived: ARCHIVE_TABS.map((tab) => () => archive.listArchived(tab, { page: 1, per_page: 20, search: 'a' })),
  unarchive: ARCHIVE_TABS.map((tab) => () => archive.unarchive(tab, 1)),
  createWidgetApi: (['widget', 'bitrix/widget'] as const).map((base) => () => callEveryMethod(widget.createWidgetApi({ baseURL: '/integration', base, token: () => 't', log: () => {} }))),
};

/** Exports that build or shape calls but send none themselves (each checked through its callers). */
const SENDS_NOTHING = new Set(['toPublicPath', 'mapPaths', 'setHttpClients', 'otherKind', 'publicOrderUrl', 'errorText', 'dispositionFileName', 'createClient', 'downloadFile', 'getFile', 'logFailure', 'consoleLog', 'archiveListBody']);

const MODULES = { account, archive, orderArchive, positions, auth, http, customers, order, orderDocuments, orderSharing, orders, pipelines, profile, publicOrder, customerOrder, transport, widget };

async function inPublicMode(call: () => Promise<unknown>) {
  $path.set(PUBLIC_SIGN_IN_PATH);
  try {
    return await call();
  } finally {
    $path.set('/');
  }
}

async function callEveryMethod(target: object) {
  for (const method of Object.values(target)) if (typeof method === 'function') await (method as (...args: unknown[]) => Promise<unknown>)({ leadId: 1, productId: '1', page: 1 }).catch(() => undefined);
}

describe('src/api against the server (the contract the fake holds to)', () => {
  it('rule: every call an src/api function sends is a route the server registers', async () => {
    setNavigator(() => undefined);
    const sent = new Map<string, string>();
    const silent: string[] = [];
    for (const [moduleName, exports] of Object.entries(MODULES)) {
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value !== 'function' || SENDS_NOTHING.has(name)) continue;
        const before = api.calls.length;
        // Without a recipe: one argument, an empty body or query (a function that throws on it needs a recipe).
        for (const call of RECIPES[name] ?? [() => (value as (body: object) => unknown)({})]) await (async () => call())().catch(() => undefined);
        if (api.calls.length === before) silent.push(`${moduleName}.${name}`);
        for (const call of api.calls.slice(before)) sent.set(`${call.method} ${call.path}`, `${moduleName}.${name}`);
      }
    }
    expect(silent, 'functions that sent no call: give them a recipe, or list them as sending nothing').toEqual([]);
    const missing = [...sent].filter(([call]) => !findServerRoute(call.split(' ')[0], call.split(' ')[1])).map(([call, from]) => `${call} (${from})`);
    expect(missing).toEqual([]);
    // A floor, so that a broken walk (nothing called) cannot pass: the client sends this many distinct calls today.
    expect(sent.size).toBeGreaterThan(90);
    const exported = new Set(Object.values(MODULES).flatMap((exports) => Object.keys(exports)));
    expect(Object.keys(RECIPES).filter((name) => !exported.has(name)), 'recipes for functions that are gone').toEqual([]);
  });

  it('rule: the fake refuses a path the server lacks and a fixture the contract rejects', () => {
    expect(contractBreach({ method: 'GET', path: '/api/contact/get' }, { body: { id: 1 } })).toMatch(/contract rejects: .*name/);
    expect(contractBreach({ method: 'GET', path: '/api/no/such/route' }, { body: {} })).toBe('GET /api/no/such/route is not a route of the server');
    expect(contractBreach({ method: 'GET', path: '/api/contact/list' }, { body: {} })).toBe('GET /api/contact/list is not a route of the server');
    // Failures and file bytes are not held to the 200 schema; a fixture the schema accepts passes.
    expect(contractBreach({ method: 'GET', path: '/api/contact/get' }, { status: 404, body: { error: 'Not found' } })).toBeNull();
    expect(contractBreach({ method: 'GET', path: '/api/orders/doc/download' }, { bytes: 'PDF' })).toBeNull();
    expect(contractBreach({ method: 'GET', path: '/api/account/users' }, { body: [{ id: 1, name: 'Ann' }] })).toBeNull();
  });
});
