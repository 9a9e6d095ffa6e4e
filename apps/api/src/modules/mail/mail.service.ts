import { desc, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config/env';
import type { Database, Tx } from '../../db/client';
import type { JobDefinition, Jobs } from '../../jobs/jobs';
import { getSettings } from '../settings/settings.service';
import { mailOutbox } from './mail.schema';

/** A message to send. `text` is required; `html` optional. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Outgoing mail. Every message is written to the outbox table (in the caller's transaction when one
 * is given). With the `outbox` driver that row is the delivery (dev mailbox); with `smtp` a job
 * delivers it through nodemailer and stamps `sent_at`, retrying on failure.
 */
export interface Mailer {
  driver: 'outbox' | 'smtp';
  send(message: MailMessage, tx?: Tx): Promise<number>;
  jobs(): JobDefinition[];
}

export const MAIL_QUEUE = 'mail.deliver';

/**
 * The From header of outgoing mail: the staff-chosen display name (setting `mail_from_name`) with the
 * address of `MAIL_FROM` (the address stays in configuration: it must match the sending domain's
 * SPF/DKIM records).
 */
export async function senderFor(mailFrom: string, db: Database | Tx): Promise<string> {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const { mail_from_name } = await getSettings(db);
  return `"${mail_from_name}" <${address}>`;
}

/** Build the mailer for `config.MAIL_DRIVER`. */
export function createMailer(config: Config, database: Database, jobs: Jobs): Mailer {
  const transport =
    config.MAIL_DRIVER === 'smtp' && config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    driver: config.MAIL_DRIVER,
    async send(message, tx) {
      const db = tx?.db ?? database.db;
      const [row] = await db
        .insert(mailOutbox)
        .values({
          toAddress: message.to,
          fromAddress: await senderFor(config.MAIL_FROM, tx ?? database),
          subject: message.subject,
          text: message.text,
          html: message.html,
          driver: config.MAIL_DRIVER,
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned nothing');
      if (transport) await jobs.send(MAIL_QUEUE, { id: row.id }, { singletonKey: `mail-${row.id}` }, tx);
      return row.id;
    },
    jobs() {
      if (!transport) return [];
      return [
        {
          name: MAIL_QUEUE,
          retryLimit: 8,
          handler: async (data) => {
            const { id } = data as { id: number };
            const rows = await database.db.execute<{
              to_address: string;
              from_address: string;
              subject: string;
              text: string;
              html: string | null;
              sent_at: Date | null;
            }>(
              sql`select to_address, from_address, subject, text, html, sent_at from mail_outbox where id = ${id}`,
            );
            const mail = rows.rows[0];
            if (!mail || mail.sent_at) return; // delivered already: the job ran twice
            await transport.sendMail({
              from: mail.from_address,
              to: mail.to_address,
              subject: mail.subject,
              text: mail.text,
              html: mail.html ?? undefined,
            });
            await database.db.execute(
              sql`update mail_outbox set sent_at = now(), error = null where id = ${id}`,
            );
          },
        },
      ];
    },
  };
}

/** Latest outbox mails, newest first (dev mailbox). */
export async function listOutbox(database: Database, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    database.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(limit)
      .offset((page - 1) * limit),
    database.db.$count(mailOutbox),
  ]);
  return { rows, total };
}
