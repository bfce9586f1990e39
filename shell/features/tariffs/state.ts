import { atom } from 'nanostores';
import { connectTariff, getInvoiceFile, getMeters, getTariffs, listInvoices, requestInvoice } from '../../../src/api/business';
import { loadAccount } from '../../../src/stores/account';
import type { TariffsResponse } from '../../../src/contract/account';
import type { InvoiceRecord, TariffMeters } from '../../../src/contract/business';
import { saveFile } from '../../../src/ui/saveFile';

/** The tariffs screen: plans, what the account uses against its plan's limits, and the invoices it asked for. */
export const $plans = atom<TariffsResponse | null>(null);
export const $meters = atom<TariffMeters | null>(null);
export const $invoices = atom<InvoiceRecord[]>([]);

export async function loadTariffs(): Promise<void> {
  const [plans, meters, invoices] = await Promise.all([getTariffs(), getMeters(), listInvoices()]);
  if (plans.ok) $plans.set(plans.data);
  if (meters.ok) $meters.set(meters.data);
  if (invoices.ok) $invoices.set(invoices.data);
}

/**
 * Connects a free plan at once (tariffs/connect); a paid one goes through its invoice instead. The account is
 * reloaded too: every screen reads the plan's limits and what it includes from it. A refusal (the account is over
 * one of the plan's limits) is shown by the failure notice, in the user's language.
 */
export async function connectPlan(tariffId: number): Promise<boolean> {
  const answer = await connectTariff(tariffId);
  await Promise.all([loadTariffs(), answer.ok ? loadAccount({ force: true }) : null]);
  return answer.ok;
}

/** Records the request and hands its invoice file to the browser. */
export async function invoiceFor(tariffId: number): Promise<InvoiceRecord | null> {
  const answer = await requestInvoice(tariffId);
  if (!answer.ok) return null;
  await Promise.all([loadTariffs(), downloadInvoice(answer.data.id)]);
  return answer.data;
}

export async function downloadInvoice(id: number): Promise<void> {
  const file = await getInvoiceFile(id);
  if (file.ok) saveFile(file.data, `invoice-${id}.xlsx`);
}
