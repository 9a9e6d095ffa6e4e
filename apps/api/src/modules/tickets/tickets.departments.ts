import type { Language } from '@lm/contracts';
import type { Translations } from '@lm/contracts/translations';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import { localizedSql } from '../../db/localized';
import { isUniqueViolation } from '../../db/pg-error';
import { containsPattern } from '../../db/search';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';
import { OPEN_SQL } from './tickets.context';
import { ticketsDepartmentAdmins, ticketsDepartments } from './tickets.schema';

/** A department with its admins and open tickets (`GET tickets_departments`). */
export interface DepartmentView {
  id: number;
  department_name: string;
  /** The name in the other languages (staff edit every language; readers get theirs). */
  translations: Translations<'department_name'>;
  admins: { id: number; name: string }[];
  open_tickets: number;
  tickets: number;
}

/** Every department, by name, with its admins and ticket counts. */
export async function listDepartments(database: Database): Promise<DepartmentView[]> {
  const rows = await database.db.execute<{
    id: number;
    department_name: string;
    translations: Translations<'department_name'>;
    admins: { id: number; name: string }[] | null;
    open_tickets: number;
    tickets: number;
  }>(sql`select d.id, d.department_name, d.translations,
      (select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.name)
         from tickets_department_admins da join admins a on a.id = da.admin_id
        where da.department_id = d.id and a.deleted_at is null) as admins,
      (select count(*)::int from tickets t where t.department_id = d.id and t.status_id in ${OPEN_SQL}) as open_tickets,
      (select count(*)::int from tickets t where t.department_id = d.id) as tickets
    from tickets_departments d order by lower(d.department_name), d.id`);
  return rows.rows.map((r) => ({ ...r, admins: r.admins ?? [] }));
}

/**
 * Departments matching `q` (`tickets_department_q`), for pickers: names in the reader's language,
 * English where a department has none, matched and ordered as shown.
 */
export async function searchDepartments(
  database: Database,
  q: string | undefined,
  limit: number,
  lang: Language = 'en',
) {
  const like = q ? containsPattern(q) : '%';
  const name = localizedSql(
    ticketsDepartments.departmentName,
    ticketsDepartments.translations,
    'department_name',
    lang,
  );
  const rows = await database.db
    .select({ id: ticketsDepartments.id, department_name: name })
    .from(ticketsDepartments)
    .where(sql`${name} ilike ${like}`)
    .orderBy(sql`lower(${name})`, ticketsDepartments.id)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: r.department_name, department_name: r.department_name }));
}

/**
 * Create or rename a department; the name is unique in any case.
 * @throws ValidationError 422 'tickets.department_exists' on `department_name`; NotFoundError 404 (rename)
 */
export async function saveDepartment(
  database: Database,
  actor: AuditActor,
  input: { id?: number; department_name: string; translations?: Translations<'department_name'> },
): Promise<number> {
  try {
    return await withTransaction(database, async (tx) => {
      let id: number;
      if (input.id === undefined) {
        const [row] = await tx.db
          .insert(ticketsDepartments)
          .values({ departmentName: input.department_name, translations: input.translations })
          .returning({ id: ticketsDepartments.id });
        id = row!.id;
      } else {
        const [row] = await tx.db
          .update(ticketsDepartments)
          .set({ departmentName: input.department_name, translations: input.translations })
          .where(eq(ticketsDepartments.id, input.id))
          .returning({ id: ticketsDepartments.id });
        if (!row) throw new NotFoundError();
        id = row.id;
      }
      await audit(
        database,
        actor,
        {
          action: input.id === undefined ? 'tickets.department_create' : 'tickets.department_update',
          targetType: 'ticket_department',
          targetId: id,
          meta: { department_name: input.department_name },
        },
        tx,
      );
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'tickets_departments_name_unique'))
      throw new ValidationError({ department_name: ['tickets.department_exists'] });
    throw err;
  }
}

/**
 * Delete a department (`DELETE delete_department/{id}`) that no ticket uses (tickets keep their
 * department for history; move them first).
 * @throws NotFoundError 404; ConflictError 409 'tickets.department_in_use'
 */
export async function deleteDepartment(database: Database, actor: AuditActor, id: number): Promise<void> {
  await withTransaction(database, async (tx) => {
    const [dep] = await tx.db
      .select()
      .from(ticketsDepartments)
      .where(eq(ticketsDepartments.id, id))
      .for('update');
    if (!dep) throw new NotFoundError();
    const used = await tx.db.execute(sql`select 1 from tickets where department_id = ${id} limit 1`);
    if (used.rows.length > 0) throw new ConflictError('tickets.department_in_use');
    await tx.db.delete(ticketsDepartments).where(eq(ticketsDepartments.id, id));
    await audit(
      database,
      actor,
      {
        action: 'tickets.department_delete',
        targetType: 'ticket_department',
        targetId: id,
        meta: { department_name: dep.departmentName },
      },
      tx,
    );
  });
}

/**
 * Assign admins to a department, or remove them (`assign_admins_tickets_departments`,
 * `remove_assigned_admins_tickets_departments`). Assigning twice is a no-op; tickets already
 * assigned keep their assignee.
 * @throws NotFoundError 404 (department); ValidationError 422 `admin_ids` (unknown or inactive admin)
 */
export async function changeDepartmentAdmins(
  database: Database,
  actor: AuditActor,
  input: { department_id: number; admin_ids: number[] },
  mode: 'assign' | 'remove',
): Promise<void> {
  await withTransaction(database, async (tx) => {
    const [dep] = await tx.db
      .select({ id: ticketsDepartments.id })
      .from(ticketsDepartments)
      .where(eq(ticketsDepartments.id, input.department_id))
      .for('update');
    if (!dep) throw new NotFoundError();
    const ids = [...new Set(input.admin_ids)];
    if (mode === 'assign') {
      const live = await tx.db.execute<{ id: number }>(sql`select id from admins
        where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) and status = 'active' and deleted_at is null`);
      if (live.rows.length !== ids.length)
        throw new ValidationError({ admin_ids: ['tickets.admin_unknown'] });
      await tx.db
        .insert(ticketsDepartmentAdmins)
        .values(ids.map((adminId) => ({ departmentId: dep.id, adminId })))
        .onConflictDoNothing();
    } else {
      await tx.db
        .delete(ticketsDepartmentAdmins)
        .where(
          and(
            eq(ticketsDepartmentAdmins.departmentId, dep.id),
            inArray(ticketsDepartmentAdmins.adminId, ids),
          ),
        );
    }
    await audit(
      database,
      actor,
      {
        action: 'tickets.department_admins',
        targetType: 'ticket_department',
        targetId: dep.id,
        meta: { [mode]: ids },
      },
      tx,
    );
  });
}

/** Admins of a department (`assigned_admins_q/{id}`), matching `q`. */
export async function departmentAdmins(
  database: Database,
  departmentId: number,
  q: string | undefined,
  limit: number,
) {
  const like = q ? containsPattern(q) : '%';
  const rows = await database.db.execute<{ id: number; name: string }>(sql`
    select a.id, a.name from tickets_department_admins da join admins a on a.id = da.admin_id
     where da.department_id = ${departmentId} and a.deleted_at is null and a.name ilike ${like}
     order by a.name, a.id limit ${limit}`);
  return rows.rows;
}

/** A campaign the ticket form offers: number, song, platform, and which series its id belongs to. */
export interface CampaignOption {
  id: number;
  /** `#5 Lucky Skyline (TikTok)`, for clients that show one text (brand names: not translated). */
  name: string;
  kind: 'express' | 'custom';
  platform: 'spotify' | 'tiktok' | 'instagram';
  track_name: string;
}

/**
 * The user's own campaigns for the ticket form (`campaign/getUserCampaignWithQ/{id}`), newest first:
 * express campaigns as artist or seller, each with its platform, and with `includeCustom` the artist's
 * custom (managed) campaigns too, since a ticket may be about either. `q` matches the song or the number.
 */
export async function userCampaigns(
  database: Database,
  userId: number,
  q: string | undefined,
  limit: number,
  options: { includeCustom?: boolean } = {},
): Promise<CampaignOption[]> {
  const like = q ? containsPattern(q) : '%';
  const custom = options.includeCustom
    ? sql`union all
      select id, 'custom' as kind, 'spotify' as platform, name as track_name, created_at from custom_campaigns
       where artist_id = ${userId} and status <> 5 and (name ilike ${like} or id::text = ${q ?? ''})`
    : sql``;
  const rows = await database.db.execute<{
    id: number;
    kind: 'express' | 'custom';
    platform: 'spotify' | 'tiktok' | 'instagram';
    track_name: string;
  }>(sql`
    select id, kind, platform, track_name from (
      select c.id, 'express' as kind,
             (case c.campaign_type_id when 2 then 'tiktok' when 3 then 'instagram' else 'spotify' end) as platform,
             c.track_name, c.created_at from express_campaigns c
       where (c.artist_id = ${userId} or c.curator_id = ${userId})
         and (c.track_name ilike ${like} or c.id::text = ${q ?? ''})
      ${custom}
    ) x order by created_at desc, id desc limit ${limit}`);
  const label = { spotify: 'Spotify', tiktok: 'TikTok', instagram: 'Instagram' } as const;
  return rows.rows.map((r) => ({
    ...r,
    name: `#${r.id} ${r.track_name} (${label[r.platform]})`,
  }));
}
