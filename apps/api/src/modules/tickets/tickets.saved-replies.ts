import type { Language } from '@lm/contracts';
import { PLACEHOLDER_PATTERN, type SavedReplyInput, type SavedReplyPlaceholder } from '@lm/contracts/tickets';
import type { TicketSavedReply, TicketSavedReplyFilled } from '@lm/contracts/tickets-api';
import { localized, type TranslatedLanguage, type Translations } from '@lm/contracts/translations';
import { eq, sql } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';
import { ticketSavedReplies } from './tickets.schema';

type SavedReplyTexts = Translations<'title' | 'body'>;

/**
 * Every saved reply (issue 36 "Helpdesk"), for its editors: the ones for every department first, then
 * by department and title; the department's name in `lang`.
 */
export async function listSavedReplies(database: Database, lang: Language): Promise<TicketSavedReply[]> {
  const rows = await database.db.execute<{
    id: number;
    department_id: number | null;
    department_name: string | null;
    department_translations: Translations<'department_name'> | null;
    title: string;
    body: string;
    translations: SavedReplyTexts;
    updated_at: Date | string;
  }>(sql`select r.id, r.department_id, d.department_name, d.translations as department_translations,
      r.title, r.body, r.translations, r.updated_at
    from ticket_saved_replies r left join tickets_departments d on d.id = r.department_id
    order by r.department_id nulls first, lower(d.department_name), lower(r.title), r.id`);
  return rows.rows.map((r) => ({
    id: r.id,
    department_id: r.department_id,
    department_name:
      r.department_name === null
        ? null
        : localized(r.department_name, r.department_translations, 'department_name', lang),
    title: r.title,
    body: r.body,
    translations: r.translations ?? {},
    updated_at: new Date(r.updated_at).toISOString(),
  }));
}

/**
 * Create a saved reply, or replace one's texts and department when `id` is given. Audited.
 * @param actor the staff member (holding `tickets.saved.replies.edit`, checked by the route)
 * @throws ValidationError 422 `title` 'tickets.saved_reply_exists' (same title, same department, any
 *   case), `department_id` 'tickets.saved_reply_department_unknown'; NotFoundError 404 (`id` unknown)
 */
export async function saveSavedReply(
  database: Database,
  actor: AuditActor,
  input: SavedReplyInput,
  id?: number,
): Promise<number> {
  try {
    return await withTransaction(database, async (tx) => {
      if (input.department_id !== null) {
        const dep = await tx.db.execute(
          sql`select 1 from tickets_departments where id = ${input.department_id} for key share`,
        );
        if (dep.rows.length === 0)
          throw new ValidationError({ department_id: ['tickets.saved_reply_department_unknown'] });
      }
      const values = {
        departmentId: input.department_id,
        title: input.title,
        body: input.body,
        translations: input.translations,
      };
      let savedId: number;
      if (id === undefined) {
        const [row] = await tx.db
          .insert(ticketSavedReplies)
          .values({ ...values, createdByAdminId: actor.type === 'admin' ? actor.id : null })
          .returning({ id: ticketSavedReplies.id });
        savedId = row!.id;
      } else {
        const [row] = await tx.db
          .update(ticketSavedReplies)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(ticketSavedReplies.id, id))
          .returning({ id: ticketSavedReplies.id });
        if (!row) throw new NotFoundError();
        savedId = row.id;
      }
      await audit(
        database,
        actor,
        {
          action: id === undefined ? 'tickets.saved_reply_create' : 'tickets.saved_reply_update',
          targetType: 'ticket_saved_reply',
          targetId: savedId,
          meta: { title: input.title, department_id: input.department_id },
        },
        tx,
      );
      return savedId;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'ticket_saved_replies_title_unique'))
      throw new ValidationError({ title: ['tickets.saved_reply_exists'] });
    throw err;
  }
}

/**
 * Delete a saved reply (answers already sent keep their text). Audited.
 * @throws NotFoundError 404
 */
export async function deleteSavedReply(database: Database, actor: AuditActor, id: number): Promise<void> {
  await withTransaction(database, async (tx) => {
    const [row] = await tx.db
      .delete(ticketSavedReplies)
      .where(eq(ticketSavedReplies.id, id))
      .returning({ title: ticketSavedReplies.title });
    if (!row) throw new NotFoundError();
    await audit(
      database,
      actor,
      {
        action: 'tickets.saved_reply_delete',
        targetType: 'ticket_saved_reply',
        targetId: id,
        meta: { title: row.title },
      },
      tx,
    );
  });
}

/**
 * Fill a saved reply's placeholders (`{{user.name}}`...) from `values`; a placeholder without a value
 * (saved before the list changed) is left as written so the agent sees it before sending.
 */
export function fillPlaceholders(text: string, values: Record<SavedReplyPlaceholder, string>): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    name in values ? values[name as SavedReplyPlaceholder] : whole,
  );
}

/**
 * The saved replies an agent may insert into ticket `ticketId`'s answer (`GET
 * /api/admin/tickets/{id}/saved-replies`): those of the ticket's department and those for every
 * department, each title in the agent's language `agentLang`, each body in the ticket user's language
 * (English when the reply has no text in it) with its placeholders filled: the user's first and full
 * name, the ticket's number and subject, its department in the user's language, the agent's name.
 * @throws NotFoundError 404 (no such ticket)
 */
export async function savedRepliesForTicket(
  database: Database,
  ticketId: number,
  agentId: number,
  agentLang: Language,
): Promise<TicketSavedReplyFilled[]> {
  const found = await database.db.execute<{
    id: number;
    department_id: number;
    ticket_subject: string;
    first_name: string;
    last_name: string;
    language: Language;
    department_name: string;
    department_translations: Translations<'department_name'> | null;
    agent_name: string | null;
  }>(sql`select t.id, t.department_id, t.ticket_subject, u.first_name, u.last_name, u.language,
      d.department_name, d.translations as department_translations,
      (select a.name from admins a where a.id = ${agentId}) as agent_name
    from tickets t join users u on u.id = t.user_id join tickets_departments d on d.id = t.department_id
    where t.id = ${ticketId}`);
  const ticket = found.rows[0];
  if (!ticket) throw new NotFoundError();
  const lang = ticket.language;
  const values: Record<SavedReplyPlaceholder, string> = {
    'user.name': ticket.first_name,
    'user.full_name': `${ticket.first_name} ${ticket.last_name}`.trim(),
    'ticket.number': String(ticket.id),
    'ticket.subject': ticket.ticket_subject,
    'ticket.department': localized(
      ticket.department_name,
      ticket.department_translations,
      'department_name',
      lang,
    ),
    'agent.name': ticket.agent_name ?? '',
  };
  const replies = await database.db.execute<{
    id: number;
    department_id: number | null;
    title: string;
    body: string;
    translations: SavedReplyTexts;
  }>(sql`select id, department_id, title, body, translations from ticket_saved_replies
    where department_id is null or department_id = ${ticket.department_id}
    order by department_id nulls last, lower(title), id`);
  return replies.rows.map((r) => {
    const own = lang !== 'en' && Boolean(r.translations?.body?.[lang as TranslatedLanguage]?.trim());
    return {
      id: r.id,
      department_id: r.department_id,
      title: localized(r.title, r.translations, 'title', agentLang),
      language: own ? lang : 'en',
      body: fillPlaceholders(localized(r.body, r.translations, 'body', lang), values),
    };
  });
}
