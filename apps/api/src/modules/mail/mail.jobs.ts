import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/jobs';

/** Queue of the SMTP delivery of one outbox row (job data `{ id }`, one job per row by singleton key). */
export const MAIL_QUEUE = 'mail.deliver';

/**
 * `mail.deliver`: sends one outbox row through `transport` and stamps `sent_at`, retried on failure
 * (8 times); a row already sent is left alone, so the job is safe to run twice. None without a
 * transport (the `outbox` driver, where the row itself is the delivery).
 */
export function mailJobs(database: Database, transport: Transporter | null): JobDefinition[] {
  if (!transport) return [];
  return [
    {
      name: MAIL_QUEUE,
      retryLimit: 8,
      // Four deliveries at a time per process: one at a time paced delivery at one mail a second
      // (pg-boss waits the polling interval between fetches), slower than a burst of sign-ups.
      concurrency: 4,
      handler: async (data) => {
        const { id } = data as { id: number };
        const rows = await database.db.execute<{
          to_address: string;
          from_address: string;
          reply_to: string | null;
          subject: string;
          text: string;
          html: string | null;
          sent_at: Date | null;
        }>(
          sql`select to_address, from_address, reply_to, subject, text, html, sent_at from mail_outbox where id = ${id}`,
        );
        const mail = rows.rows[0];
        if (!mail || mail.sent_at) return; // delivered already: the job ran twice
        await transport.sendMail({
          from: mail.from_address,
          to: mail.to_address,
          replyTo: mail.reply_to ?? undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
        });
        await database.db.execute(sql`update mail_outbox set sent_at = now(), error = null where id = ${id}`);
      },
    },
  ];
}
