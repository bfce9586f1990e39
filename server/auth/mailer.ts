import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export interface OutgoingMessage {
  channel: 'email' | 'phone';
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
}

/** What an outbox row's body becomes once the text (a code, a link) is of no more use to anyone. */
export const OUTBOX_PURGED = '[purged]';

export interface MailerOptions {
  smtpUrl: string | null;
  /** How long the local development outbox keeps a body: the life of the codes it carries. */
  localKeepMinutes: number;
  from?: string;
}

/**
 * Every message is recorded in the outbox, but bodies carry codes, so none is kept once it is no use:
 * - e-mail goes out through SMTP_URL when it is set, and its body is purged right after (sent or failed);
 * - without SMTP (a local machine), and for phone messages (no SMS provider is wired), the row is marked as
 *   the local development outbox and keeps its body only for the codes' lifetime; every send purges the
 *   expired ones.
 * The log never gets a body (codes, passwords): only that a message is in the local development outbox.
 */
export function createMailer(db: Db, options: MailerOptions, log: FastifyBaseLogger): Mailer {
  // nodemailer is loaded on the first mail, not while the server starts.
  let transport: Promise<Transporter> | null = null;
  const smtp = (url: string) => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  const from = options.from ?? 'Stockroom <no-reply@stockroom.local>';
  return {
    async send(message) {
      await purgeExpiredLocalOutbox(db, options.localKeepMinutes);
      const viaSmtp = options.smtpUrl !== null && message.channel === 'email';
      const [row] = await db
        .insert(outbox)
        .values({ channel: message.channel, recipient: message.to, subject: message.subject, body: message.body, localDev: !viaSmtp })
        .returning({ id: outbox.id });
      if (viaSmtp) {
        try {
          await (await smtp(options.smtpUrl!)).sendMail({ from, to: message.to, subject: message.subject, text: message.body });
          await db.update(outbox).set({ sentAt: new Date(), body: OUTBOX_PURGED }).where(eq(outbox.id, row.id));
        } catch (error) {
          // A failed message is not retried, so its code is of no use either.
          await db.update(outbox).set({ body: OUTBOX_PURGED }).where(eq(outbox.id, row.id));
          throw error;
        }
        return;
      }
      log.info({ outbox: row.id, channel: message.channel }, `message ${row.id} is in the local development outbox (no ${message.channel === 'email' ? 'SMTP_URL' : 'SMS provider'}); kept ${options.localKeepMinutes} min`);
    },
  };
}

/** Empties the bodies of local development outbox rows older than the codes' lifetime. */
export async function purgeExpiredLocalOutbox(db: Db, keepMinutes: number, now = Date.now()): Promise<void> {
  await db
    .update(outbox)
    .set({ body: OUTBOX_PURGED })
    .where(and(eq(outbox.localDev, true), ne(outbox.body, OUTBOX_PURGED), lt(outbox.createdAt, new Date(now - keepMinutes * 60_000))));
}
