import type { Language } from '@lm/contracts';
import type { MailMessageKey, NotificationMessage } from '@lm/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { t } from '../../platform/i18n';
import { notify } from '../notifications';
import type { TicketDeps } from './tickets.context';
import { replyAddress } from './tickets.inbound-address';
import { ticketsDepartmentAdmins } from './tickets.schema';

type Person = {
  id: number;
  email: string;
  name: string;
  language: Language;
};

/** The user to tell about their ticket, if they still exist. */
export async function userPerson(db: Database | Tx, userId: number): Promise<Person | undefined> {
  const rows = await db.db.execute<Person>(sql`select id, email, first_name as name, language
    from users where id = ${userId} and deleted_at is null`);
  return rows.rows[0];
}

/** The active admins among `ids`, to tell about a ticket. */
export async function adminPeople(db: Database | Tx, ids: number[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  const rows = await db.db.execute<Person>(sql`select id, email, name, language from admins
    where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) and status = 'active' and deleted_at is null`);
  return rows.rows;
}

/** The assignee, or when there is none every admin of the department. */
export async function staffToTell(
  db: Database | Tx,
  ticket: { adminId: number | null; departmentId: number },
) {
  if (ticket.adminId !== null) return adminPeople(db, [ticket.adminId]);
  const rows = await db.db
    .select({ id: ticketsDepartmentAdmins.adminId })
    .from(ticketsDepartmentAdmins)
    .where(eq(ticketsDepartmentAdmins.departmentId, ticket.departmentId));
  return adminPeople(
    db,
    rows.map((r) => r.id),
  );
}

const userLink = (id: number) => `/my-ticket/details/${id}`;
const staffLink = (id: number) => `/tickets/details/${id}`;

/**
 * Tell one person about a ticket event: an in-app notification linking to `link` (an app path) and,
 * when `mail` is given, an e-mail whose params are the ticket's id and subject, the person's name and
 * `mail.params`.
 */
async function tell(
  deps: TicketDeps,
  tx: Tx,
  to: { userId: number } | { adminId: number },
  person: Person,
  ticket: { id: number; subject: string },
  message: NotificationMessage,
  link: string,
  mail: { key: MailMessageKey; params: Record<string, string | number>; replyTo?: string } | null,
  extra: Record<string, string | number> = {},
) {
  await notify(tx, {
    ...to,
    type: `tickets.${message.split('.').pop()}`,
    message,
    params: { id: ticket.id, subject: ticket.subject, ...extra },
    link,
    data: { ticket_id: ticket.id },
  });
  if (!mail) return;
  await deps.mail.send(
    {
      to: person.email,
      language: person.language,
      key: mail.key,
      params: { id: ticket.id, subject: ticket.subject, name: person.name, ...mail.params },
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    },
    tx,
  );
}

/** Tell the ticket's user: an in-app notification and, when `mail` is given, an email they can answer. */
export async function tellUser(
  deps: TicketDeps,
  tx: Tx,
  person: Person,
  ticket: { id: number; subject: string },
  message: NotificationMessage,
  mail: { key: MailMessageKey; text?: string } | null,
  /** Further message parameters, and the ticket the link and the reply address go to (default: this one). */
  more: { params?: Record<string, string | number>; linkTicketId?: number } = {},
) {
  const linkId = more.linkTicketId ?? ticket.id;
  const replyTo = mail ? replyAddress(deps.config, linkId) : null;
  await tell(
    deps,
    tx,
    { userId: person.id },
    person,
    ticket,
    message,
    userLink(linkId),
    mail && {
      key: mail.key,
      params: {
        message: mail.text ?? '',
        link: `${deps.config.appUrl}${userLink(linkId)}`,
        reply_hint: replyTo ? t(person.language, 'tickets.mail.reply_hint') : '',
        ...more.params,
      },
      ...(replyTo ? { replyTo } : {}),
    },
    more.params,
  );
}

/** Tell each of `people` (staff): an in-app notification and, when `mail` is given, an email. */
export async function tellStaff(
  deps: TicketDeps,
  tx: Tx,
  people: Person[],
  ticket: { id: number; subject: string },
  message: NotificationMessage,
  mail: { key: MailMessageKey; text?: string; author?: string } | null,
) {
  for (const person of people) {
    await tell(
      deps,
      tx,
      { adminId: person.id },
      person,
      ticket,
      message,
      staffLink(ticket.id),
      mail && {
        key: mail.key,
        params: {
          author: mail.author ?? '',
          message: mail.text ?? '',
          link: `${deps.config.appUrl}/admin${staffLink(ticket.id)}`,
        },
      },
    );
  }
}
