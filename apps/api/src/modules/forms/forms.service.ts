import {
  FORM_IMAGE_MIMES,
  FORM_STATUS,
  FORM_STATUS_IDS,
  FORM_STATUS_MESSAGE_MAX,
  FORM_STATUSES_NEEDING_MESSAGE,
  FORM_STATUSES_WITH_MESSAGE,
  FORM_TRACK_MIMES,
  FORM_TRANSITIONS,
  type FormStatusId,
  formStatus,
  isFormStatus,
  type Language,
  type PlaylistFormBody,
} from '@lm/contracts';
import type { NotificationMessage } from '@lm/contracts/messages';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import { withTransaction } from '../../db/client';
import { admins, genres, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { appleTrackIdOf } from '../../providers/apple/contract';
import { parseTrackLink } from '../../providers/spotify/links';
import { type AuditActor, audit } from '../audit';
import { assertUploadedImage } from '../files';
import { notify } from '../notifications';
import { notifyStaffFormResubmitted, notifyStaffNewForm } from '../todos';
import { playlistFormReferences, playlistFormStatusChanges, playlistForms } from './forms.schema';

/**
 * Playlist forms (spec sections 2-7 "Playlist form"): an approved artist (or staff for one)
 * fills the 5-step form, staff see every form, change its status and delete it; a user reaches only
 * their own forms.
 */

type Deps = Pick<AppDeps, 'database' | 'storage' | 'providers' | 'clock'>;
type FormRow = typeof playlistForms.$inferSelect;

/** Who acts on a form: a user (their own forms only) or staff. */
export type FormActor =
  | ({ kind: 'user'; id: number } & Omit<AuditActor, 'type' | 'id'>)
  | ({ kind: 'admin'; id: number } & Omit<AuditActor, 'type' | 'id'>);
/** Who reads forms. */
export type FormViewer = { kind: 'user'; id: number } | { kind: 'admin' };

const auditActor = (a: FormActor): AuditActor => ({
  type: a.kind,
  id: a.id,
  ip: a.ip ?? null,
  userAgent: a.userAgent ?? null,
});

const fullName = (first: unknown, last: unknown) => sql<string>`trim(${first} || ' ' || ${last})`;

/**
 * Whether the artist has at least one playlist form (any status). For the custom campaigns' warning
 * icon (spec section 4: a campaign whose artist has no form, paid and not released, shows it).
 * @param db the database or the caller's transaction
 * @param artistId users.id of the artist
 */
export async function artistHasForm(db: Database | Tx, artistId: number): Promise<boolean> {
  const rows = await db.db
    .select({ id: playlistForms.id })
    .from(playlistForms)
    .where(eq(playlistForms.userId, artistId))
    .limit(1);
  return rows.length > 0;
}

/**
 * Which of `artistIds` have at least one playlist form (the list form of {@link artistHasForm}, one
 * query for a page of campaigns).
 */
export async function artistsWithForms(
  db: Database | Tx,
  artistIds: readonly number[],
): Promise<Set<number>> {
  if (artistIds.length === 0) return new Set();
  const rows = await db.db
    .selectDistinct({ userId: playlistForms.userId })
    .from(playlistForms)
    .where(inArray(playlistForms.userId, [...artistIds]));
  return new Set(rows.map((r) => r.userId));
}

/**
 * Spec section 6: only an Approved artist may have a new playlist form ('Artist Should Be Approved').
 * @throws ConflictError 409 `forms.artist_not_approved` for anyone else (other types, pending,
 *   declined, disabled or deleted accounts)
 */
export async function assertApprovedArtist(db: Database | Tx, userId: number): Promise<void> {
  const [user] = await db.db
    .select({ typeId: users.userTypeId, status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (user?.typeId !== 1 || user.status !== 'approved' || user.deletedAt)
    throw new ConflictError('forms.artist_not_approved');
}

/**
 * The form's files and genre: the track file (mp3/wav) and the cover (png/jpg/gif) must be uploads of
 * the actor (staff: any upload), of the right type by content ('You can only upload allowed Files!.');
 * the genre must be an active genre.
 * @throws ValidationError 422 `forms.files_required` on `track_file` when a new form has none;
 *   `validation.file_type` on a wrong type; `validation.upload_not_yours`; `validation.invalid` on `genre_id`
 */
async function checkReferencesOf(
  db: Database | Tx,
  actor: FormActor,
  body: PlaylistFormBody,
  creating: boolean,
): Promise<void> {
  if (creating && !body.track_file) throw new ValidationError({ track_file: ['forms.files_required'] });
  const uploader = actor.kind === 'user' ? { userId: actor.id } : { adminId: actor.id };
  const rule = (mimes: readonly string[]) => ({
    mimes,
    typeMessage: 'validation.file_type',
    uploader: actor.kind === 'user' ? uploader : undefined,
  });
  await assertUploadedImage(db, 'cover_image', body.cover_image, rule(FORM_IMAGE_MIMES));
  if (body.track_file) await assertUploadedImage(db, 'track_file', body.track_file, rule(FORM_TRACK_MIMES));
  const [genre] = await db.db
    .select({ id: genres.id })
    .from(genres)
    .where(and(eq(genres.id, body.genre_id), eq(genres.isActive, true)))
    .limit(1);
  if (!genre) throw new ValidationError({ genre_id: ['validation.invalid'] });
}

/** Columns of a form from the body (the track file only when given: an edit keeps the stored one). */
function columnsOf(body: PlaylistFormBody) {
  return {
    phoneNumber: body.phone_number,
    locationTimezone: body.location_timezone,
    trackUrl: body.track_url,
    facebookLink: body.facebook_link ?? null,
    instagramLink: body.instagram_link ?? null,
    twitterLink: body.twitter_link ?? null,
    tiktokLink: body.tiktok_link ?? null,
    type: body.type,
    releaseDate: body.release_date,
    coverImage: body.cover_image,
    ...(body.track_file ? { trackFile: body.track_file } : {}),
    genreId: body.genre_id,
    trackMood: body.track_mood,
    trackBio: body.track_bio,
    promotion: body.promotion,
    previousAchievements: body.previous_achievements,
    distributor: body.distributor,
    upcCode: body.upc_code,
    isrcCode: body.isrc_code ?? null,
    label: body.label ?? null,
    appleTrackId: body.apple_track_id,
    soundcloudLink: body.soundcloud_link ?? null,
    extraInfo: body.extra_info ?? null,
  };
}

async function writeReferences(tx: Tx, formId: number, references: readonly string[]) {
  await tx.db.delete(playlistFormReferences).where(eq(playlistFormReferences.formId, formId));
  if (references.length === 0) return;
  await tx.db
    .insert(playlistFormReferences)
    .values(references.map((reference, i) => ({ formId, position: i + 1, reference })));
}

/**
 * Create a playlist form (`POST user/new_form` for the artist's own, `POST new_form` for staff with
 * `user_id`): status 1 Pending, its references, an audit entry and a note to the staff who handle
 * forms, in one transaction. The artist row is locked while checking it is approved, so an approval
 * withdrawn at the same moment cannot slip a form through.
 * @returns the new form's id
 * @throws ConflictError 409 `forms.artist_not_approved`; ValidationError 422 (files, genre)
 */
export async function createForm(
  deps: Deps,
  actor: FormActor,
  artistId: number,
  body: PlaylistFormBody,
): Promise<number> {
  return withTransaction(deps.database, async (tx) => {
    await tx.db.execute(sql`select id from users where id = ${artistId} for share`);
    await assertApprovedArtist(tx, artistId);
    await checkReferencesOf(tx, actor, body, true);
    const [row] = await tx.db
      .insert(playlistForms)
      .values({
        ...columnsOf(body),
        trackFile: body.track_file!,
        userId: artistId,
        statusId: FORM_STATUS.PENDING,
        createdBy: actor.kind === 'user' ? actor.id : null,
        createdByAdmin: actor.kind === 'admin' ? actor.id : null,
      })
      .returning({ id: playlistForms.id });
    const id = row!.id;
    await writeReferences(tx, id, body.reference);
    await audit(
      deps.database,
      auditActor(actor),
      { action: 'forms.create', targetType: 'playlist_form', targetId: id, meta: { user_id: artistId } },
      tx,
    );
    await notifyStaffNewForm(tx, { id, userId: artistId });
    return id;
  });
}

/**
 * Edit a form (`POST forms/{id}`): staff (EDIT_FORM) any form but a rejected one; a user their own
 * while it is Pending or Needs information. The whole form is replaced (the track file kept when none
 * is sent), references included. An artist saving a form that needed information resubmits it
 * (issue 36): it is Pending again, the change is kept in its status history and the staff who handle
 * forms are told.
 * @returns `resubmitted` for that resubmission, else `saved`
 * @throws NotFoundError (not theirs); ConflictError 409 `forms.status_final` (rejected),
 *   `forms.not_pending` (a user's completed form); ValidationError 422 (files, genre)
 */
export async function updateForm(
  deps: Deps,
  actor: FormActor,
  id: number,
  body: PlaylistFormBody,
): Promise<'saved' | 'resubmitted'> {
  return withTransaction(deps.database, async (tx) => {
    const [form] = await tx.db
      .select({ userId: playlistForms.userId, statusId: playlistForms.statusId })
      .from(playlistForms)
      .where(eq(playlistForms.id, id))
      .for('update');
    if (!form || (actor.kind === 'user' && form.userId !== actor.id)) throw new NotFoundError();
    if (form.statusId === FORM_STATUS.REJECTED) throw new ConflictError('forms.status_final');
    if (
      actor.kind === 'user' &&
      form.statusId !== FORM_STATUS.PENDING &&
      form.statusId !== FORM_STATUS.NEEDS_INFO
    )
      throw new ConflictError('forms.not_pending');
    await checkReferencesOf(tx, actor, body, false);
    const resubmitted = actor.kind === 'user' && form.statusId === FORM_STATUS.NEEDS_INFO;
    await tx.db
      .update(playlistForms)
      .set({
        ...columnsOf(body),
        ...(resubmitted ? { statusId: FORM_STATUS.PENDING } : {}),
        updatedBy: actor.kind === 'user' ? actor.id : null,
        updatedByAdmin: actor.kind === 'admin' ? actor.id : null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(playlistForms.id, id));
    await writeReferences(tx, id, body.reference);
    await audit(
      deps.database,
      auditActor(actor),
      {
        action: resubmitted ? 'forms.resubmitted' : 'forms.update',
        targetType: 'playlist_form',
        targetId: id,
      },
      tx,
    );
    if (resubmitted) {
      await tx.db.insert(playlistFormStatusChanges).values({
        formId: id,
        fromStatus: FORM_STATUS.NEEDS_INFO,
        toStatus: FORM_STATUS.PENDING,
        userId: actor.id,
        createdAt: deps.clock.now(),
      });
      await notifyStaffFormResubmitted(tx, { id, userId: form.userId });
    }
    return resubmitted ? 'resubmitted' : 'saved';
  });
}

/** What a status change needs beyond the form: the mailer and the app's address for the artist's mail. */
type StatusDeps = Pick<AppDeps, 'database' | 'clock' | 'mail' | 'config'>;

/** What a status change did: changed it, or nothing (the form already had that status). */
export type FormStatusOutcome = 'changed' | 'unchanged';

/**
 * Check a status and its message before any form is read (the single change and the bulk one):
 * the status must be one of {@link FORM_STATUS_IDS}; Needs information and Rejected need staff's
 * message to the artist (1 to 2000 characters after trimming), Pending takes none (the artist is not
 * told of it).
 * @returns the message to store (trimmed), or null
 * @throws ValidationError 422 `validation.invalid` on `status`; `forms.message_required`,
 *   `forms.message_not_sent` or `validation.too_long` on `message`
 */
export function checkStatusMessage(statusId: number, message: string | null | undefined): string | null {
  if (!isFormStatus(statusId)) throw new ValidationError({ status: ['validation.invalid'] });
  const text = message?.trim() ? message.trim() : null;
  if (text && text.length > FORM_STATUS_MESSAGE_MAX)
    throw new ValidationError({ message: ['validation.too_long'] });
  if (!text && FORM_STATUSES_NEEDING_MESSAGE.includes(statusId))
    throw new ValidationError({ message: ['forms.message_required'] });
  if (text && !FORM_STATUSES_WITH_MESSAGE.includes(statusId))
    throw new ValidationError({ message: ['forms.message_not_sent'] });
  return text;
}

/**
 * Whether staff may move a form from `from` to `to` (FORM_TRANSITIONS).
 * @throws ConflictError 409 `forms.status_final` from Rejected; `forms.reopen_first` from Completed to
 *   anything but Pending
 */
function assertTransition(from: number, to: FormStatusId): void {
  if (from === FORM_STATUS.REJECTED) throw new ConflictError('forms.status_final');
  const allowed = isFormStatus(from) ? FORM_TRANSITIONS[from] : [];
  if (!allowed.includes(to)) throw new ConflictError('forms.reopen_first');
}

/** The artist's notification (and mail) for a status staff set; none for Pending. */
function artistMessageOf(statusId: FormStatusId, message: string | null): NotificationMessage | null {
  switch (statusId) {
    case FORM_STATUS.COMPLETED:
      return message ? 'forms.notify.completed_message' : 'forms.notify.completed';
    case FORM_STATUS.NEEDS_INFO:
      return 'forms.notify.needs_info';
    case FORM_STATUS.REJECTED:
      return 'forms.notify.rejected';
    default:
      return null;
  }
}

/**
 * Staff set a form's status (`PUT change_form_status/{id}/{status}` with an optional `{ message }`,
 * CHANGE_STATUS; the Edit Form side panel and the list's bulk status), issue 36: only the moves of
 * FORM_TRANSITIONS, each kept in the form's status history with who, when and staff's message. The
 * artist is told (in-app, and by mail in their language; staff's message as written) when their form
 * becomes Completed, Needs information or Rejected. The form's row is locked first, so two staff
 * changing it at once are ordered: the second sees the first's status. Setting the status it already
 * has changes nothing and tells no one.
 * @param message staff's message to the artist (see {@link checkStatusMessage})
 * @returns `changed`, or `unchanged` when the form already had `statusId`
 * @throws ValidationError 422 (status, message); NotFoundError; ConflictError 409
 *   `forms.status_final`, `forms.reopen_first`
 */
export async function changeStatus(
  deps: StatusDeps,
  actor: Extract<FormActor, { kind: 'admin' }>,
  id: number,
  statusId: number,
  message?: string | null,
): Promise<FormStatusOutcome> {
  const text = checkStatusMessage(statusId, message);
  const to = statusId as FormStatusId;
  return withTransaction(deps.database, async (tx) => {
    const [before] = await tx.db
      .select({ statusId: playlistForms.statusId, userId: playlistForms.userId })
      .from(playlistForms)
      .where(eq(playlistForms.id, id))
      .for('update');
    if (!before) throw new NotFoundError();
    if (before.statusId === to) return 'unchanged';
    assertTransition(before.statusId, to);
    await tx.db
      .update(playlistForms)
      .set({ statusId: to, updatedByAdmin: actor.id, updatedBy: null, updatedAt: deps.clock.now() })
      .where(eq(playlistForms.id, id));
    await tx.db.insert(playlistFormStatusChanges).values({
      formId: id,
      fromStatus: before.statusId,
      toStatus: to,
      message: text,
      adminId: actor.id,
      createdAt: deps.clock.now(),
    });
    await audit(
      deps.database,
      auditActor(actor),
      {
        action: 'forms.status',
        targetType: 'playlist_form',
        targetId: id,
        meta: { from: before.statusId, to, ...(text ? { message: text } : {}) },
      },
      tx,
    );
    const note = artistMessageOf(to, text);
    if (note) await tellArtist(deps, tx, { id, userId: before.userId }, note, text);
    return 'changed';
  });
}

/**
 * Tell the artist about their form's new status, in the caller's transaction: a notification (written
 * in the reader's language when read) and a mail in the artist's language, each carrying staff's
 * message as written, linking to the form's page.
 */
async function tellArtist(
  deps: StatusDeps,
  tx: Tx,
  form: { id: number; userId: number },
  note: NotificationMessage,
  message: string | null,
): Promise<void> {
  const [artist] = await tx.db
    .select({ language: users.language, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, form.userId));
  const params = { id: form.id, ...(message ? { message } : {}) };
  const link = `/forms/${form.id}`;
  await notify(tx, {
    userId: form.userId,
    type: `forms.${note.slice('forms.notify.'.length)}`,
    message: note,
    params,
    link,
    data: { form_id: form.id },
  });
  if (!artist) return;
  await deps.mail.send(
    {
      to: artist.email,
      language: artist.language as Language,
      notification: note,
      params,
      name: artist.firstName,
      link: `${deps.config.appUrl}${link}`,
    },
    tx,
  );
}

/**
 * The status history of form `id`, newest first: staff's name for staff readers, none for the artist.
 */
async function statusHistory(database: Database, viewer: FormViewer, id: number, lang: Language) {
  const rows = await database.db
    .select({
      id: playlistFormStatusChanges.id,
      from: playlistFormStatusChanges.fromStatus,
      to: playlistFormStatusChanges.toStatus,
      message: playlistFormStatusChanges.message,
      adminId: playlistFormStatusChanges.adminId,
      adminName: admins.name,
      createdAt: playlistFormStatusChanges.createdAt,
    })
    .from(playlistFormStatusChanges)
    .leftJoin(admins, eq(admins.id, playlistFormStatusChanges.adminId))
    .where(eq(playlistFormStatusChanges.formId, id))
    .orderBy(desc(playlistFormStatusChanges.id));
  return rows.map((r) => ({
    id: r.id,
    from: statusOf(r.from, lang),
    to: statusOf(r.to, lang),
    message: r.message,
    by: {
      kind: r.adminId === null ? ('artist' as const) : ('staff' as const),
      name: r.adminId !== null && viewer.kind === 'admin' ? r.adminName : null,
    },
    created_at: r.createdAt.toISOString(),
  }));
}

/** A status as the answers show it: id, name in `lang`, badge kind. */
function statusOf(statusId: number, lang: Language) {
  return { id: statusId, name: t(lang, `forms.status.${statusId}`), kind: formStatus(statusId).kind };
}

/**
 * The form statuses as reference data (`GET /api/forms/statuses`): each with its name in `lang`, badge
 * kind, whether a change to it needs or takes a message, and where staff may move a form from it.
 */
export function formStatusOptions(lang: Language) {
  return FORM_STATUS_IDS.map((id) => ({
    ...statusOf(id, lang),
    needs_message: FORM_STATUSES_NEEDING_MESSAGE.includes(id),
    takes_message: FORM_STATUSES_WITH_MESSAGE.includes(id),
    next: [...FORM_TRANSITIONS[id]],
  }));
}

/**
 * Staff delete a form and its references (`DELETE delete-forms/{id}`, DELETE_FORM).
 * @throws NotFoundError
 */
export async function deleteForm(deps: Deps, actor: Extract<FormActor, { kind: 'admin' }>, id: number) {
  await withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .delete(playlistForms)
      .where(eq(playlistForms.id, id))
      .returning({ id: playlistForms.id, userId: playlistForms.userId });
    if (!row) throw new NotFoundError();
    await audit(
      deps.database,
      auditActor(actor),
      { action: 'forms.delete', targetType: 'playlist_form', targetId: id, meta: { user_id: row.userId } },
      tx,
    );
  });
}

/** Sortable columns of the forms list. */
export const FORM_ORDER_COLUMNS = ['id', 'created_at', 'status_id'] as const;

/** Filters of the staff list: status, artist, text (artist name or e-mail, track URL). */
export interface FormListFilter {
  statusId?: FormStatusId;
  userId?: number;
  q?: string;
}

const creator = alias(users, 'form_creator');
const artist = alias(users, 'form_artist');
const creatorAdmin = alias(admins, 'form_creator_admin');

/** A list line (spec section 3 "Form list item") with the artist and the badge colour. */
function listItem(
  r: {
    id: number;
    statusId: number;
    userId: number;
    artistName: string;
    creatorName: string | null;
    adminName: string | null;
    trackUrl: string;
    type: string;
    createdAt: Date;
  },
  lang: Language,
) {
  return {
    id: r.id,
    form_type: { id: 1, name: t(lang, 'forms.type_playlist') },
    user: { id: r.userId, name: r.artistName },
    created_by: r.creatorName === null ? null : { name: r.creatorName },
    created_by_admin: r.adminName === null ? null : { name: r.adminName },
    status_id: statusOf(r.statusId, lang),
    track_url: r.trackUrl,
    type: r.type,
    created_at: r.createdAt.toISOString(),
  };
}
export type FormListItem = ReturnType<typeof listItem>;

/**
 * A page of forms: a user's own (`viewer.kind` user) or every form for staff, filtered and ordered.
 * @returns the page's items and the total
 */
export async function listForms(
  database: Database,
  viewer: FormViewer,
  page: {
    page: number;
    limit: number;
    order: { column: (typeof FORM_ORDER_COLUMNS)[number]; dir: 'asc' | 'desc' };
  },
  filter: FormListFilter,
  lang: Language,
): Promise<{ items: FormListItem[]; total: number }> {
  const where: SQL[] = [];
  if (viewer.kind === 'user') where.push(eq(playlistForms.userId, viewer.id));
  else if (filter.userId) where.push(eq(playlistForms.userId, filter.userId));
  if (filter.statusId) where.push(eq(playlistForms.statusId, filter.statusId));
  if (filter.q) {
    const like = containsPattern(filter.q);
    where.push(
      or(
        ilike(fullName(artist.firstName, artist.lastName), like),
        ilike(artist.email, like),
        ilike(playlistForms.trackUrl, like),
      )!,
    );
  }
  const cond = where.length ? and(...where) : undefined;
  const orderColumn = {
    id: playlistForms.id,
    created_at: playlistForms.createdAt,
    status_id: playlistForms.statusId,
  }[page.order.column];
  const [rows, [total]] = await Promise.all([
    database.db
      .select({
        id: playlistForms.id,
        statusId: playlistForms.statusId,
        userId: playlistForms.userId,
        artistName: fullName(artist.firstName, artist.lastName),
        creatorName: sql<
          string | null
        >`case when ${creator.id} is null then null else trim(${creator.firstName} || ' ' || ${creator.lastName}) end`,
        adminName: creatorAdmin.name,
        trackUrl: playlistForms.trackUrl,
        type: playlistForms.type,
        createdAt: playlistForms.createdAt,
      })
      .from(playlistForms)
      .innerJoin(artist, eq(artist.id, playlistForms.userId))
      .leftJoin(creator, eq(creator.id, playlistForms.createdBy))
      .leftJoin(creatorAdmin, eq(creatorAdmin.id, playlistForms.createdByAdmin))
      .where(cond)
      .orderBy(page.order.dir === 'asc' ? asc(orderColumn) : desc(orderColumn), desc(playlistForms.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    database.db
      .select({ n: count() })
      .from(playlistForms)
      .innerJoin(artist, eq(artist.id, playlistForms.userId))
      .where(cond),
  ]);
  return { items: rows.map((r) => listItem(r, lang)), total: total?.n ?? 0 };
}

/** The references of a form (`GET references/{id}`), in their order. @throws NotFoundError (not the viewer's) */
export async function listReferences(database: Database, viewer: FormViewer, formId: number) {
  await ownedForm(database, viewer, formId);
  const rows = await database.db
    .select()
    .from(playlistFormReferences)
    .where(eq(playlistFormReferences.formId, formId))
    .orderBy(asc(playlistFormReferences.position));
  return rows.map((r) => ({ id: r.id, reference: r.reference, form_id: r.formId }));
}

async function ownedForm(database: Database, viewer: FormViewer, id: number): Promise<FormRow> {
  const [form] = await database.db.select().from(playlistForms).where(eq(playlistForms.id, id)).limit(1);
  if (!form || (viewer.kind === 'user' && form.userId !== viewer.id)) throw new NotFoundError();
  return form;
}

/**
 * One form with every field of spec section 3, its references, its status history (issue 36), the
 * genre's name, the artist and links to its files. A user reaches only their own.
 * @throws NotFoundError
 */
export async function getForm(
  deps: Pick<Deps, 'database' | 'storage'>,
  viewer: FormViewer,
  id: number,
  lang: Language,
) {
  const form = await ownedForm(deps.database, viewer, id);
  const [[genre], [owner], references, history] = await Promise.all([
    deps.database.db.select({ name: genres.name }).from(genres).where(eq(genres.id, form.genreId)),
    deps.database.db
      .select({ name: fullName(users.firstName, users.lastName), email: users.email })
      .from(users)
      .where(eq(users.id, form.userId)),
    listReferences(deps.database, viewer, id),
    statusHistory(deps.database, viewer, id, lang),
  ]);
  return {
    id: form.id,
    user_id: form.userId,
    user: { id: form.userId, name: owner?.name ?? '', email: owner?.email ?? '' },
    form_type: 1,
    form_type_id: null,
    status_id: form.statusId,
    status: statusOf(form.statusId, lang),
    assigned_to: form.assignedTo,
    created_by: form.createdBy,
    created_by_admin: form.createdByAdmin,
    updated_by: form.updatedBy,
    updated_by_admin: form.updatedByAdmin,
    phone_number: form.phoneNumber,
    location_timezone: form.locationTimezone,
    track_url: form.trackUrl,
    facebook_link: form.facebookLink,
    instagram_link: form.instagramLink,
    twitter_link: form.twitterLink,
    tiktok_link: form.tiktokLink,
    type: form.type,
    release_date: form.releaseDate,
    track_file: form.trackFile,
    track_file_url: deps.storage.url(form.trackFile),
    cover_image: form.coverImage,
    cover_image_url: deps.storage.url(form.coverImage),
    genre_id: form.genreId,
    genre: genre?.name ?? null,
    track_mood: form.trackMood,
    track_bio: form.trackBio,
    promotion: form.promotion,
    previous_achievements: form.previousAchievements,
    distributor: form.distributor,
    upc_code: form.upcCode,
    isrc_code: form.isrcCode,
    label: form.label,
    apple_track_id: form.appleTrackId,
    soundcloud_link: form.soundcloudLink,
    extra_info: form.extraInfo,
    reference: references,
    status_history: history,
    created_at: form.createdAt.toISOString(),
    updated_at: form.updatedAt.toISOString(),
  };
}

/** What an autofill answers: the fields it could fill and what it found (for the artist to check). */
export interface FormAutofill {
  found: boolean;
  source: 'apple' | 'spotify';
  fields: Partial<{
    apple_track_id: string;
    track_url: string;
    type: 'Single' | 'Album' | 'EP';
    release_date: string;
  }>;
  track: { name: string; artists: string; album: string | null; cover_url: string | null } | null;
}

/**
 * `apple_autofill/{x}`: the song named by an Apple track id or an Apple Music link (else the best
 * match of a search with `x` as the term), as form fields: Apple track ID, release date, type.
 * @throws ConflictError 409 `forms.autofill_unavailable` when Apple does not answer
 */
export async function appleAutofill(deps: Pick<Deps, 'providers'>, query: string): Promise<FormAutofill> {
  const id = appleTrackIdOf(query);
  let track: Awaited<ReturnType<Deps['providers']['apple']['lookupTrack']>>;
  try {
    track = id
      ? await deps.providers.apple.lookupTrack(id)
      : ((await deps.providers.apple.searchTracks(query, 1))[0] ?? null);
  } catch {
    throw new ConflictError('forms.autofill_unavailable');
  }
  if (!track) return { found: false, source: 'apple', fields: {}, track: null };
  return {
    found: true,
    source: 'apple',
    fields: {
      apple_track_id: track.trackId,
      type: track.releaseType,
      ...(track.releaseDate ? { release_date: track.releaseDate } : {}),
    },
    track: {
      name: track.trackName,
      artists: track.artistName,
      album: track.collectionName,
      cover_url: track.artworkUrl,
    },
  };
}

/**
 * `spotify_autofill/{x}`: the Spotify track named by a track link, URI or id, as the form's track URL
 * (with its name, artists, album and cover for the artist to check).
 * @throws ValidationError 422 `forms.autofill_not_track` on `query` when `x` names no track;
 *   ConflictError 409 `forms.autofill_unavailable` when Spotify does not answer
 */
export async function spotifyAutofill(deps: Pick<Deps, 'providers'>, query: string): Promise<FormAutofill> {
  const q = query.trim();
  const id = parseTrackLink(q) ?? (/^[A-Za-z0-9]{22}$/.test(q) ? q : null);
  if (!id) throw new ValidationError({ query: ['forms.autofill_not_track'] });
  let track: Awaited<ReturnType<Deps['providers']['spotify']['getTrack']>>;
  try {
    track = await deps.providers.spotify.getTrack(id);
  } catch {
    throw new ConflictError('forms.autofill_unavailable');
  }
  if (!track) return { found: false, source: 'spotify', fields: {}, track: null };
  return {
    found: true,
    source: 'spotify',
    fields: { track_url: track.externalUrl },
    track: {
      name: track.name,
      artists: track.artists.join(', '),
      album: track.album,
      cover_url: track.coverUrl,
    },
  };
}
