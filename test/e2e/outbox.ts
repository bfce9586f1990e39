import { baseUrl } from './browser';

/** The newest message the server sent to this address (its outbox: no SMTP server in tests); `after` skips the one already read. */
export async function mailTo(address: string, after: string | null = null): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const { body } = (await (await fetch(`${baseUrl}/e2e/outbox?to=${encodeURIComponent(address)}`)).json()) as { body: string | null };
    if (body && body !== after) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no message to ${address}`);
}

/** The eight-digit confirmation code in a message. */
export const codeIn = (text: string) => /\b(\d{8})\b/.exec(text)?.[1] ?? '';
