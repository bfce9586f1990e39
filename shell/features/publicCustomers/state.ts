import { atom } from 'nanostores';
import { addPublicCustomer, changeCustomerAccess, listPublicCustomers, shareOrderWith, type CustomerAccessAction } from '../../../src/api/business';
import { serverErrorText } from '../../../src/i18n/serverErrors';
import type { PublicCustomer } from '../../../src/contract/publicOrder';

/** The account's public-order customers; the list reloads after each change (spec 2 §4). */
export const $publicCustomers = atom<PublicCustomer[] | null>(null);

export async function loadPublicCustomers(): Promise<void> {
  const answer = await listPublicCustomers();
  if (answer.ok) $publicCustomers.set(answer.data.data);
}

export type Step = { ok: true; customer: PublicCustomer } | { ok: false; text: string };

const tagsOf = (text: string) => [...new Set(text.split(',').map((tag) => tag.trim()).filter(Boolean))];

/** Adds the customer (or finds nobody new: the server says why) and mails the invitation. */
export async function inviteCustomer(input: { name: string; email: string; tags: string }): Promise<Step> {
  const added = await addPublicCustomer({ name: input.name.trim(), email: input.email.trim(), tags: tagsOf(input.tags) });
  if (!added.ok) return { ok: false, text: serverErrorText(added.data) };
  const invited = await changeCustomerAccess('invite', added.data.id);
  await loadPublicCustomers();
  return invited.ok ? { ok: true, customer: invited.data } : { ok: false, text: serverErrorText(invited.data) };
}

export async function changeAccess(action: CustomerAccessAction, id: number): Promise<Step> {
  const answer = await changeCustomerAccess(action, id);
  await loadPublicCustomers();
  return answer.ok ? { ok: true, customer: answer.data } : { ok: false, text: serverErrorText(answer.data) };
}

export async function shareOrder(orderId: number, customerId: number): Promise<boolean> {
  const answer = await shareOrderWith(orderId, customerId);
  await loadPublicCustomers();
  return answer.ok;
}
