import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default tolerance: a signed delivery older (or newer) than this is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The Stripe-Signature header of a body, as Stripe makes it (test fakes sign with this too). */
export function stripeSignatureHeader(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/**
 * Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, `${t}.${rawBody}`)> (several v1 while a secret is
 * rolled). The raw body exactly as received: a re-serialised JSON would not match. Null when it holds, else why not.
 */
export function stripeSignatureProblem(header: string | undefined, rawBody: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): string | null {
  if (!header) return 'The Stripe-Signature header is missing';
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || !signatures.length) return 'The Stripe-Signature header has no timestamp or v1 signature';
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'The Stripe signature is older than 5 minutes (a replay?)';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? null : 'The Stripe signature does not match the body (forged, or another webhook secret)';
}
