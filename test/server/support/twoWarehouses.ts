import { settingUp, type TestAccount, type TestServer } from '../harness';

/**
 * A new account with warehouses First (its main one, made first) and Second, and an "Angle grinder" with 5 in First
 * and 7 in Second: which warehouse is 'main' shows in the grinder's balance.
 */
export async function grinderInTwoWarehouses(server: TestServer): Promise<{ account: TestAccount; first: { id: number }; second: { id: number } }> {
  const account = await server.newAccount();
  const post = settingUp(server, account.token);
  const first = await post('warehouse/add', { name: 'First' });
  const second = await post('warehouse/add', { name: 'Second' });
  const product = await post('product/add', { name: 'Angle grinder' });
  await post('product/arrival', { product_id: product.id, warehouse_id: first.id, batch: 'F1', count: 5, cost_price: 10 });
  await post('product/arrival', { product_id: product.id, warehouse_id: second.id, batch: 'S1', count: 7, cost_price: 10 });
  return { account, first, second };
}
