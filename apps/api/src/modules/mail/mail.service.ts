import { isolateTextParams, type Language } from '@lm/contracts';
import type { MessageParams } from '@lm/contracts/i18n/index';
import { MAIL_GREETING, type MailMessageKey, type NotificationMessage } from '@lm/contracts/messages';
import { desc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config/env';
import { type Database, type Db, type Tx, writeLaterInsert } from '../../db/client';
import type { JobDefinition, Jobs } from '../../jobs/jobs';
import { NotFoundError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { traceProvider } from '../../platform/tracing';
import { getSettings, SETTING_DEFAULTS } from '../settings';
import { formatDevMail, keepDevMail } from './dev-mail';
import { MAIL_QUEUE, mailJobs } from './mail.jobs';
import { mailOutbox } from './mail.schema';

/** What a mail says: one of the catalog's mail messages, or a notification repeated by mail. */
export type MailContent =
  | {
      /** `<key>.subject` and `<key>.body` of the shared catalog. */
      key: MailMessageKey;
      params?: MessageParams;
    }
  | {
      /** The notification's title is the subject; the body sits between a greeting and the link. */
      notification: NotificationMessage;
      params?: MessageParams;
      /** The recipient's first name, for the greeting. */
      name: string;
      /** Absolute link to open the thing the notification is about. */
      link: string;
    };

/**
 * A message to send: who to, in which language (the recipient's: `users.language` or
 * `admins.language`; for a guest flow such as "forgot password", the language of the request), and
 * what, as message keys. The mailer writes subject and text in that language.
 */
export type MailMessage = { to: string; language: Language; replyTo?: string } & MailContent;

/**
 * Subject and text of a mail in its language: the catalog's `<key>.subject|body`, or, for a
 * notification, its `title` as subject and `mail.greeting`, `body` and the link as text.
 * `product` is the product's name (setting `mail_from_name`), `{{product}}` in the texts.
 */
export function renderMail(
  message: MailMessage,
  product: string = SETTING_DEFAULTS.mail_from_name,
): { subject: string; text: string } {
  const lang = message.language;
  const params = isolateTextParams(lang, { product, ...(message.params ?? {}) });
  if ('key' in message)
    return {
      subject: t(lang, `${message.key}.subject`, params),
      text: t(lang, `${message.key}.body`, params),
    };
  const subject = t(lang, `${message.notification}.title`, params);
  const body = t(lang, `${message.notification}.body`, params);
  return {
    subject,
    text: `${t(lang, MAIL_GREETING, isolateTextParams(lang, { name: message.name }))}\n\n${body}\n\n${message.link}`,
  };
}

/**
 * Outgoing mail. Every message is written to the outbox table (in the caller's transaction when one
 * is given), already in its recipient's language. With the `outbox` driver that row is the delivery
 * (dev mailbox); with `smtp` a job delivers it through nodemailer and stamps `sent_at`, retrying on
 * failure.
 */
export interface Mailer {
  driver: 'outbox' | 'smtp';
  /** Writes the message to the outbox; answers its row id (0, nothing written, for an undeliverable address). */
  send(message: MailMessage, tx?: Tx): Promise<number>;
  /**
   * {@link Mailer.send} in `tx` for a caller that does not need the outbox row's id: with the `outbox`
   * driver the row is queued with the transaction's other writes (`writeLater`); with `smtp`
   * it is written at once, as its delivery job needs the id.
   */
  queue(message: MailMessage, tx: Tx): Promise<void>;
  /**
   * Send a message written elsewhere (CRM templates and campaigns): subject, text and HTML
   * as given, its own From and extra headers, DKIM-signed when `dkim` is given. It is written to the
   * outbox (the dev mailbox shows it); with `smtp` it is delivered at once through nodemailer and
   * stamped `sent_at` (the caller paces and retries). Never inside a transaction.
   * @throws the transport's error (the outbox row keeps it in `error`)
   */
  sendRaw(mail: RawMail): Promise<number>;
  jobs(): JobDefinition[];
}

/**
 * Addresses under the `.invalid` top-level domain (RFC 2606) can never be delivered: managed artist
 * profiles (issue 35, `managed-<uuid>@managed.invalid`) have one, as they have no mailbox. Their
 * notifications stay in the app; no mail is written for them, not even to the outbox.
 */
export function isUndeliverable(address: string): boolean {
  return /\.invalid$/i.test(address.trim());
}

/** DKIM signing options of nodemailer: the domain, its selector and the PEM private key. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** A message already written (see `Mailer.sendRaw`). */
export interface RawMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  dkim?: DkimKey;
}

/**
 * The From header of outgoing mail: the staff-chosen display name (setting `mail_from_name`) with the
 * address of `MAIL_FROM` (the address stays in configuration: it must match the sending domain's
 * SPF/DKIM records).
 */
export async function senderFor(mailFrom: string, db: Database | Tx): Promise<string> {
  return senderNamed(mailFrom, (await getSettings(db)).mail_from_name);
}

/** The From header for a display name already read from the settings (one read per mail, not two). */
function senderNamed(mailFrom: string, name: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `"${name}" <${address}>`;
}

/**
 * Build the mailer for `config.MAIL_DRIVER`. Outside production every mail is also kept for the
 * browser session that caused it (`GET /api/dev/mail`), and in development printed to the server log
 * through `print` as a readable block (modules/mail/dev-mail.ts).
 */
export function createMailer(
  config: Config,
  database: Database,
  jobs: Jobs,
  print: (block: string) => void = (block) => process.stdout.write(`${block}\n`),
): Mailer {
  const development = (mail: { to: string; from?: string; subject: string; text: string }) => {
    if (!config.devMail) return;
    keepDevMail({ to: mail.to, subject: mail.subject, text: mail.text });
    if (config.NODE_ENV === 'development') print(formatDevMail(mail));
  };
  // Pooled SMTP connections (nodemailer's SMTPPool, 5 at most): a new connection per message capped a
  // campaign at about 8 messages a second (bench:crm); `?pool=false` in SMTP_URL turns it off.
  const transport =
    config.MAIL_DRIVER === 'smtp' && config.SMTP_URL
      ? traceProvider('mail', 'smtp', nodemailer.createTransport({ url: config.SMTP_URL, pool: true }), [
          'sendMail',
        ])
      : null;
  /** The outbox row of a message: written in its language, From the current sender name. */
  const outboxRow = async (message: MailMessage, tx?: Tx): Promise<typeof mailOutbox.$inferInsert> => {
    const product = (await getSettings(tx ?? database)).mail_from_name;
    const { subject, text } = renderMail(message, product);
    return {
      toAddress: message.to,
      replyTo: message.replyTo ?? null,
      fromAddress: senderNamed(config.MAIL_FROM, product),
      subject,
      text,
      driver: config.MAIL_DRIVER,
    };
  };
  return {
    driver: config.MAIL_DRIVER,
    async send(message, tx) {
      if (isUndeliverable(message.to)) return 0;
      const db = tx?.db ?? database.db;
      const values = await outboxRow(message, tx);
      const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
      development({
        to: values.toAddress,
        from: values.fromAddress,
        subject: values.subject,
        text: values.text,
      });
      if (!row) throw new Error('outbox insert returned nothing');
      if (transport) await jobs.send(MAIL_QUEUE, { id: row.id }, { singletonKey: `mail-${row.id}` }, tx);
      return row.id;
    },
    async queue(message, tx) {
      if (isUndeliverable(message.to)) return;
      if (transport) {
        await this.send(message, tx);
        return;
      }
      const values = await outboxRow(message, tx);
      writeLaterInsert(tx, mailOutbox, values);
      development({
        to: values.toAddress,
        from: values.fromAddress,
        subject: values.subject,
        text: values.text,
      });
    },
    async sendRaw(mail) {
      const [row] = await database.db
        .insert(mailOutbox)
        .values({
          toAddress: mail.to,
          fromAddress: mail.from,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers ?? null,
          driver: config.MAIL_DRIVER,
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned nothing');
      development(mail);
      if (!transport) return row.id;
      try {
        await transport.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          dkim: mail.dkim,
        });
      } catch (error) {
        await database.db.execute(
          sql`update mail_outbox set error = ${String((error as Error).message).slice(0, 500)} where id = ${row.id}`,
        );
        throw error;
      }
      await database.db.execute(
        sql`update mail_outbox set sent_at = now(), error = null where id = ${row.id}`,
      );
      return row.id;
    },
    jobs: () => mailJobs(database, transport),
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

/**
 * One outbox mail by id (the dev mailbox's "reply as the recipient" control).
 * @throws NotFoundError for an unknown id
 */
export async function outboxMail(database: Database, id: number) {
  const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!mail) throw new NotFoundError();
  return mail;
}

/** Mail the SMTP driver has still to deliver (issue 33, metrics `liberty_mail_outbox_*`). */
export interface OutboxBacklog {
  /** Rows written for SMTP, not sent and without an error (waiting for their delivery job). */
  waiting: number;
  /** Seconds since the oldest of them was written; 0 when none waits. */
  oldestSeconds: number;
  /** Rows written for SMTP, not sent, whose last attempt failed (`error` set; retries may follow). */
  failed: number;
}

/**
 * The outbox's SMTP backlog: mail written but not delivered. Rows of the `outbox` driver are
 * delivered by being written (dev mailbox) and never count.
 * @param db drizzle over the pool or a transaction
 */
export async function outboxBacklog(db: Db): Promise<OutboxBacklog> {
  const { rows } = await db.execute<{ waiting: number; oldest_seconds: number; failed: number }>(sql`
    select count(*) filter (where error is null)::int as waiting,
           coalesce(extract(epoch from now() - min(created_at) filter (where error is null)), 0)::float8
             as oldest_seconds,
           count(*) filter (where error is not null)::int as failed
      from mail_outbox
     where driver = 'smtp' and sent_at is null`);
  const row = rows[0]!;
  return { waiting: row.waiting, oldestSeconds: row.oldest_seconds, failed: row.failed };
}
