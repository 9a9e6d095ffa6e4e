import { ADMIN_PERMISSIONS, DEFAULT_USER_ROLES, SUPER_ADMIN_ROLE, USER_PERMISSIONS } from '@lm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, withTransaction } from '../db/client';
import {
  catalogTerms,
  countries,
  genres,
  interests,
  languages,
  permissions,
  rolePermissions,
  roles,
  statuses,
  tiers,
  userTypes,
} from '../db/schema';
import { seedSocialReference } from '../modules/connections';
import { seedExpressReference } from '../modules/express';
import { seedFanFinderPlans } from '../modules/fan-finder';
import { seedSettings } from '../modules/settings';
import { seedTicketReference } from '../modules/tickets';
import * as data from './data';
import { seedReferenceTranslations } from './reference-translations';

/** User roles seeded per user type (names shown in the back-office role editor). */
export const USER_ROLE_NAMES: Record<1 | 2 | 3, string> = { 1: 'Artist', 2: 'Curator', 3: 'Influencer' };

/** Catalog kinds served by the `user/get_spotify_*` and `user/get_apple_*` lookups. */
export const CATALOG_KINDS = {
  spotify_record_types: data.SPOTIFY_RECORD_TYPES,
  spotify_cultures: data.SPOTIFY_CULTURES,
  spotify_moods: data.SPOTIFY_MOODS,
  spotify_instruments: data.SPOTIFY_INSTRUMENTS,
  spotify_languages: data.SPOTIFY_LANGUAGES,
  spotify_song_styles: data.SPOTIFY_SONG_STYLES,
  apple_moods: data.APPLE_MOODS,
  apple_genres: data.APPLE_GENRES,
} as const;

/**
 * Reference data every environment needs (production included): permissions of spec section 6, the
 * default user roles and the Super Admin role, lookups, settings. Idempotent: inserts what is missing,
 * never overwrites what staff changed.
 */
export async function seedReference(database: Database): Promise<void> {
  await withTransaction(database, async (tx) => {
    await tx.client.query('select pg_advisory_xact_lock(727275)');
    const perms = [
      ...USER_PERMISSIONS.map((name) => ({ name, guard: 'user' })),
      ...ADMIN_PERMISSIONS.map((name) => ({ name, guard: 'admin' })),
    ];
    await tx.db.insert(permissions).values(perms).onConflictDoNothing();
    const allPerms = await tx.db.select().from(permissions);
    const permId = (name: string, guard: string) =>
      allPerms.find((p) => p.name === name && p.guard === guard)?.id;

    for (const [type, names] of Object.entries(DEFAULT_USER_ROLES)) {
      const typeId = Number(type) as 1 | 2 | 3;
      await tx.db
        .insert(roles)
        .values({ name: USER_ROLE_NAMES[typeId], guard: 'user', defaultForUserType: typeId })
        .onConflictDoNothing();
      const [role] = await tx.db
        .select()
        .from(roles)
        .where(and(eq(roles.name, USER_ROLE_NAMES[typeId]), eq(roles.guard, 'user')));
      const [existing] = await tx.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, role!.id));
      if ((existing?.n ?? 0) === 0) {
        await tx.db
          .insert(rolePermissions)
          .values(names.map((n) => ({ roleId: role!.id, permissionId: permId(n, 'user')! })));
      }
    }
    await tx.db.insert(roles).values({ name: SUPER_ADMIN_ROLE, guard: 'admin' }).onConflictDoNothing();
    const [superRole] = await tx.db
      .select()
      .from(roles)
      .where(and(eq(roles.name, SUPER_ADMIN_ROLE), eq(roles.guard, 'admin')));
    // Super Admin always holds every admin permission, including ones added by later releases.
    const adminPermIds = allPerms.filter((p) => p.guard === 'admin').map((p) => p.id);
    await tx.db
      .insert(rolePermissions)
      .values(adminPermIds.map((permissionId) => ({ roleId: superRole!.id, permissionId })))
      .onConflictDoNothing();

    await tx.db
      .insert(userTypes)
      .values([
        { id: 1, name: 'Artist' },
        { id: 2, name: 'Curator' },
        { id: 3, name: 'Influencer' },
      ])
      .onConflictDoNothing();
    await tx.db
      .insert(genres)
      .values(data.GENRES.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx.db
      .insert(interests)
      .values(data.INTERESTS.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx.db
      .insert(languages)
      .values(data.LANGUAGES.map((l) => ({ code: l.code, name: l.name })))
      .onConflictDoNothing();
    await tx.db
      .insert(countries)
      .values(data.COUNTRIES.map((c) => ({ code: c.code, name: c.name })))
      .onConflictDoNothing();
    await tx.db
      .insert(statuses)
      .values(['active', 'invite', 'disabled', 'closed', 'pending'].map((name) => ({ name })))
      .onConflictDoNothing();
    await tx.db
      .insert(tiers)
      .values([
        { name: 'Bronze', description: 'Up to 10k followers' },
        { name: 'Silver', description: '10k to 50k followers' },
        { name: 'Gold', description: '50k to 250k followers' },
        { name: 'Platinum', description: 'Over 250k followers' },
      ])
      .onConflictDoNothing();
    for (const [kind, names] of Object.entries(CATALOG_KINDS)) {
      await tx.db
        .insert(catalogTerms)
        .values(names.map((name, position) => ({ kind, name, position })))
        .onConflictDoNothing();
    }
  });
  await seedSettings(database);
  await seedExpressReference(database);
  await seedTicketReference(database);
  await seedSocialReference({ database });
  await seedFanFinderPlans({ database });
  await seedReferenceTranslations(database);
}
