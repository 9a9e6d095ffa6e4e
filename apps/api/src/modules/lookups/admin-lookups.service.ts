import type { Translations } from '@lm/contracts/translations';
import { and, asc, desc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { containsPattern } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';
import { assertUploadedImage } from '../files';
import { genres, interests, sliders, tiers, userTypes } from './lookups.schema';

/**
 * The named lookups staff edit (spec section 2 lists /genres/list, /interests/list, /tiers/list):
 * a unique name (case-insensitive), an active flag, tiers also a description. `usage` counts the
 * rows that point at an entry; an entry in use cannot be deleted, only retired (made inactive).
 */
const NAMED = {
  genres: {
    table: genres,
    id: genres.id,
    name: genres.name,
    isActive: genres.isActive,
    description: undefined,
    translations: undefined,
    usage: sql<number>`((select count(*) from user_genres ug where ug.genre_id = ${genres}.id)
      + (select count(*) from express_playlist_genres pg where pg.genre_id = ${genres}.id))::int`,
  },
  interests: {
    table: interests,
    id: interests.id,
    name: interests.name,
    isActive: interests.isActive,
    description: undefined,
    translations: undefined,
    usage: sql<number>`0`,
  },
  tiers: {
    table: tiers,
    id: tiers.id,
    name: tiers.name,
    isActive: tiers.isActive,
    description: tiers.description,
    translations: tiers.translations,
    usage: sql<number>`(select count(*) from users u where u.tier_id = ${tiers}.id and u.deleted_at is null)::int`,
  },
} as const;
export type NamedLookup = keyof typeof NAMED;
export const NAMED_LOOKUPS = Object.keys(NAMED) as NamedLookup[];

/** A named lookup entry as the back-office lists it. */
export interface NamedLookupView {
  id: number;
  name: string;
  description?: string | null;
  /** Tiers only: name and description in the other languages. */
  translations?: Translations<'name' | 'description'>;
  is_active: boolean;
  usage: number;
}

/** Body of the named lookups' create and update. */
export interface NamedLookupInput {
  name: string;
  description?: string | null;
  /** Tiers only: name and description in the other languages; absent keeps the stored ones. */
  translations?: Translations<'name' | 'description'>;
  is_active: boolean;
}

type NamedConfig = {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  isActive: PgColumn;
  description: PgColumn | undefined;
  translations: PgColumn | undefined;
  usage: SQL<number>;
};
const config = (kind: NamedLookup) => NAMED[kind] as unknown as NamedConfig;

function columns(c: NamedConfig) {
  return {
    id: c.id,
    name: c.name,
    isActive: c.isActive,
    usage: c.usage,
    ...(c.description ? { description: c.description } : {}),
    ...(c.translations ? { translations: c.translations } : {}),
  };
}

function view(kind: NamedLookup, row: Record<string, unknown>): NamedLookupView {
  return {
    id: row.id as number,
    name: row.name as string,
    ...(kind === 'tiers'
      ? {
          description: (row.description as string | null) ?? null,
          translations: row.translations as Translations<'name' | 'description'>,
        }
      : {}),
    is_active: row.isActive as boolean,
    usage: row.usage as number,
  };
}

/**
 * A page of one named lookup (`GET /api/admin/{genres|interests|tiers}`), active and retired, `q`
 * matching the name, `active` keeping one kind; by name unless `order` says otherwise.
 */
export async function listNamed(
  database: Database,
  kind: NamedLookup,
  query: {
    page: number;
    limit: number;
    q?: string;
    active?: boolean;
    order: { column: 'id' | 'name'; dir: 'asc' | 'desc' };
  },
): Promise<{ rows: NamedLookupView[]; total: number }> {
  const c = config(kind);
  const where = and(
    query.q ? ilike(c.name, containsPattern(query.q)) : undefined,
    query.active === undefined ? undefined : eq(c.isActive, query.active),
  );
  const column = query.order.column === 'id' ? c.id : c.name;
  const [rows, total] = await Promise.all([
    database.db
      .select(columns(c))
      .from(c.table)
      .where(where)
      .orderBy(query.order.dir === 'asc' ? asc(column) : desc(column), asc(c.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.db.$count(c.table, where),
  ]);
  return { rows: rows.map((r) => view(kind, r)), total };
}

async function findNamed(db: Database | Tx, kind: NamedLookup, id: number, lock = false) {
  const c = config(kind);
  const q = db.db.select(columns(c)).from(c.table).where(eq(c.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ? view(kind, row) : undefined;
}

/** @throws ValidationError 422 `lookups.name_taken` on `name` when another entry has it (any case). */
async function assertNameFree(tx: Tx, kind: NamedLookup, name: string, exceptId?: number) {
  const c = config(kind);
  const [clash] = await tx.db
    .select({ id: c.id })
    .from(c.table)
    .where(and(sql`lower(${c.name}) = lower(${name})`, exceptId ? ne(c.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw new ValidationError({ name: ['lookups.name_taken'] });
}

const singular = { genres: 'genre', interests: 'interest', tiers: 'tier' } as const;

/**
 * Create or (with `id`) update a named lookup entry, audited as `lookups.create` / `lookups.update`
 * (target `genre`, `interest` or `tier`).
 * @throws NotFoundError 404 when `id` names no entry
 * @throws ValidationError 422 `lookups.name_taken` on `name`
 */
export async function saveNamed(
  deps: Pick<AppDeps, 'database'>,
  actor: AuditActor,
  kind: NamedLookup,
  input: NamedLookupInput,
  id?: number,
): Promise<NamedLookupView> {
  const c = config(kind);
  return withTransaction(deps.database, async (tx) => {
    const before = id === undefined ? undefined : await findNamed(tx, kind, id, true);
    if (id !== undefined && !before) throw new NotFoundError();
    await assertNameFree(tx, kind, input.name, id);
    const values: Record<string, unknown> = { name: input.name, isActive: input.is_active };
    if (c.description) values.description = input.description ?? null;
    if (input.translations !== undefined) {
      // Genres keep Spotify's names and interests have no translations: refuse rather than drop them.
      if (!c.translations) throw new ValidationError({ translations: ['validation.translations_unknown'] });
      values.translations = input.translations;
    }
    let savedId: number;
    try {
      if (id === undefined) {
        const [row] = await tx.db
          .insert(c.table)
          .values(values as never)
          .returning({ id: c.id });
        savedId = (row as { id: number }).id;
      } else {
        await tx.db
          .update(c.table)
          .set(values as never)
          .where(eq(c.id, id));
        savedId = id;
      }
    } catch (err) {
      if (isUniqueViolation(err)) throw new ValidationError({ name: ['lookups.name_taken'] });
      throw err;
    }
    await audit(
      deps.database,
      actor,
      {
        action: id === undefined ? 'lookups.create' : 'lookups.update',
        targetType: singular[kind],
        targetId: savedId,
        meta: before ? { before: { ...before, usage: undefined }, after: input } : { after: input },
      },
      tx,
    );
    return (await findNamed(tx, kind, savedId))!;
  });
}

/**
 * Delete a named lookup entry nobody uses, audited as `lookups.delete`.
 * @throws NotFoundError 404 when there is no such entry
 * @throws ConflictError 409 `lookups.in_use` (param `count`) while users or playlists point at it
 *   (retire it instead: it then disappears from the pickers and stays on the records)
 */
export async function deleteNamed(
  deps: Pick<AppDeps, 'database'>,
  actor: AuditActor,
  kind: NamedLookup,
  id: number,
): Promise<void> {
  const c = config(kind);
  await withTransaction(deps.database, async (tx) => {
    const row = await findNamed(tx, kind, id, true);
    if (!row) throw new NotFoundError();
    if (row.usage > 0) throw new ConflictError('lookups.in_use', { count: row.usage });
    await tx.db.delete(c.table).where(eq(c.id, id));
    await audit(
      deps.database,
      actor,
      { action: 'lookups.delete', targetType: singular[kind], targetId: id, meta: { name: row.name } },
      tx,
    );
  });
}

/** User types with how many live users each has (`GET /api/admin/user-types`). */
export async function listUserTypesWithUsage(
  database: Database,
): Promise<{ id: number; name: string; users: number }[]> {
  return database.db
    .select({
      id: userTypes.id,
      name: userTypes.name,
      users: sql<number>`(select count(*) from users u where u.user_type_id = ${userTypes}.id and u.deleted_at is null)::int`,
    })
    .from(userTypes)
    .orderBy(asc(userTypes.id));
}

/**
 * Rename a user type (`PUT /api/admin/user-types/{id}`); ids 1 artist, 2 curator, 3 influencer are
 * fixed by spec section 1, so types are never created or deleted. Audited as `lookups.update`.
 * @throws NotFoundError 404 for an unknown id
 * @throws ValidationError 422 `lookups.name_taken` on `name`
 */
export async function renameUserType(
  deps: Pick<AppDeps, 'database'>,
  actor: AuditActor,
  id: number,
  name: string,
): Promise<{ id: number; name: string }> {
  return withTransaction(deps.database, async (tx) => {
    const [before] = await tx.db.select().from(userTypes).where(eq(userTypes.id, id)).for('update');
    if (!before) throw new NotFoundError();
    const [clash] = await tx.db
      .select({ id: userTypes.id })
      .from(userTypes)
      .where(and(sql`lower(${userTypes.name}) = lower(${name})`, ne(userTypes.id, id)));
    if (clash) throw new ValidationError({ name: ['lookups.name_taken'] });
    await tx.db.update(userTypes).set({ name }).where(eq(userTypes.id, id));
    await audit(
      deps.database,
      actor,
      {
        action: 'lookups.update',
        targetType: 'user_type',
        targetId: id,
        meta: { from: before.name, to: name },
      },
      tx,
    );
    return { id, name };
  });
}

/** Image types a slider takes (what `file/upload` stores as images). */
const SLIDER_IMAGE_MIME = ['image/png', 'image/jpeg', 'image/gif'] as const;

/** A slider as the back-office and `user/slider` read it; `image_url` is where the image is served. */
export interface SliderView {
  id: number;
  title: string | null;
  image: string;
  image_url: string;
  link: string | null;
  position: number;
  is_active: boolean;
}

/** Body of a slider's create and update. `image` is the key `file/upload` answered. */
export interface SliderInput {
  title?: string | null;
  image: string;
  link?: string | null;
  position: number;
  is_active: boolean;
}

const sliderView = (url: (key: string) => string, row: typeof sliders.$inferSelect): SliderView => ({
  id: row.id,
  title: row.title,
  image: row.image,
  image_url: url(row.image),
  link: row.link,
  position: row.position,
  is_active: row.isActive,
});

/**
 * Sliders by position (`GET /api/admin/sliders`), or only the active ones (`GET /api/user/slider`).
 */
export async function listSliders(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  onlyActive: boolean,
): Promise<SliderView[]> {
  const rows = await deps.database.db
    .select()
    .from(sliders)
    .where(onlyActive ? eq(sliders.isActive, true) : undefined)
    .orderBy(asc(sliders.position), asc(sliders.id));
  return rows.map((r) => sliderView(deps.storage.url, r));
}

/**
 * Create or (with `id`) update a slider, audited as `sliders.create` / `sliders.update`.
 * @throws NotFoundError 404 when `id` names no slider
 * @throws ValidationError 422 `sliders.image_invalid` on `image` unless it is the key of an uploaded
 *   image (png, jpeg or gif)
 */
export async function saveSlider(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  actor: AuditActor,
  input: SliderInput,
  id?: number,
): Promise<SliderView> {
  return withTransaction(deps.database, async (tx) => {
    await assertUploadedImage(tx, 'image', input.image, {
      mimes: SLIDER_IMAGE_MIME,
      typeMessage: 'sliders.image_invalid',
    });
    const values = {
      title: input.title || null,
      image: input.image,
      link: input.link || null,
      position: input.position,
      isActive: input.is_active,
      updatedAt: new Date(),
    };
    let row: typeof sliders.$inferSelect | undefined;
    if (id === undefined) [row] = await tx.db.insert(sliders).values(values).returning();
    else [row] = await tx.db.update(sliders).set(values).where(eq(sliders.id, id)).returning();
    if (!row) throw new NotFoundError();
    await audit(
      deps.database,
      actor,
      {
        action: id === undefined ? 'sliders.create' : 'sliders.update',
        targetType: 'slider',
        targetId: row.id,
        meta: input as never,
      },
      tx,
    );
    return sliderView(deps.storage.url, row);
  });
}

/**
 * Delete a slider, audited as `sliders.delete`.
 * @throws NotFoundError 404 when there is no such slider
 */
export async function deleteSlider(
  deps: Pick<AppDeps, 'database'>,
  actor: AuditActor,
  id: number,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db.delete(sliders).where(eq(sliders.id, id)).returning();
    if (!row) throw new NotFoundError();
    await audit(
      deps.database,
      actor,
      {
        action: 'sliders.delete',
        targetType: 'slider',
        targetId: id,
        meta: { image: row.image, title: row.title },
      },
      tx,
    );
  });
}
