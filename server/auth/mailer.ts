import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
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

/**
 * Every message is recorded in the outbox. E-mail goes out through SMTP_URL when it is set;
 * without it (a local machine) the message is written to the log so the user can read the code.
 * No SMS provider is wired, so phone messages are always outbox + log.
 */
export function createMailer(db: Db, smtpUrl: string | null, log: FastifyBaseLogger, from = 'Stockroom <no-reply@stockroom.local>'): Mailer {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({ channel: message.channel, recipient: message.to, subject: message.subject, body: message.body })
        .returning({ id: outbox.id });
      if (transport && message.channel === 'email') {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.body });
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
        return;
      }
      log.info({ outbox: row.id, to: message.to }, `message for ${message.to}: ${message.subject} — ${message.body}`);
    },
  };
}
