import { atom } from 'nanostores';
import { getInvoiceFile, getMeters, getTariffs, listInvoices, requestInvoice } from '../../../src/api/business';
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

/** A free plan is asked for as a paid one is (the request is recorded; sales connect it), without a file to pay. */
export async function connectPlan(tariffId: number): Promise<boolean> {
  const answer = await requestInvoice(tariffId);
  await loadTariffs();
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
