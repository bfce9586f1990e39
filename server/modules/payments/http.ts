import { callJson, gateFor, OutboundError, type OutboundAnswer } from '../integrations/outbound';
import { ProviderRejected } from './provider';

/**
 * A provider call: within a per-account gate, 429/500/503 retried with the same idempotence key (both providers ask
 * for that: a 500's result is unknown, the repeat returns the first one's payment), other 4xx answered as refusals.
 */
export async function providerCall<T>(gateKey: string, url: string, init: RequestInit, describe: (body: unknown) => string): Promise<OutboundAnswer<T>> {
  const answer = await callJson<T>(url, init, { gate: gateFor(gateKey, 20), retries: 3, backoffMs: 300, timeoutMs: 15_000, retryable: (status) => status === 500 });
  if (answer.status >= 400) throw new ProviderRejected(describe(answer.body), answer.status);
  return answer;
}

/** A text for the log and the admin from a failed call, whatever failed. */
export function failureText(error: unknown): string {
  if (error instanceof OutboundError) {
    if (error.failure === 'unauthorized') return 'The payment provider refused the keys';
    if (error.failure === 'rate') return 'The payment provider kept answering "too many requests"';
    if (error.failure === 'network') return `The payment provider could not be reached: ${error.message}`;
    return `The payment provider is unavailable: ${error.message}`;
  }
  if (error instanceof ProviderRejected) return `The payment provider refused the request: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
