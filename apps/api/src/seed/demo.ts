import { SUPER_ADMIN_ROLE } from '@lm/contracts';
import { and, eq } from 'drizzle-orm';
import { type Database, withTransaction } from '../db/client';
import { adminRoles, admins, roles, users } from '../db/schema';
import { seedConnectionsDemo } from '../modules/connections';
import { seedCrmDemo } from '../modules/crm';
import { seedCompletedDemoCampaigns, seedExpressDemo } from '../modules/express';
import { seedOrganisationsDemo } from '../modules/organisations';
import { assignDefaultRoles } from '../modules/rbac';
import { seedTicketDemo } from '../modules/tickets';
import { seedWalletDemo } from '../modules/wallet';
import type { AppDeps } from '../platform/app';
import { hashPassword } from '../platform/crypto';
import { seedMarketplaceDemo } from './marketplace.demo';
import { seedPlaylistResultsDemo } from './playlist-results.demo';
import { seedReferenceTranslations } from './reference-translations';
import { seedResultsDemo } from './results.demo';
import { seedTrustFlagsDemo } from './trust-flags.demo';

/** Password of every demo account (README quick start). */
export const DEMO_PASSWORD = 'Demo-pass-2026';

/** Demo accounts printed at start. */
export const DEMO_ACCOUNTS = [
  { email: 'artist@demo.test', role: 'artist (type 1, approved)', app: '/' },
  { email: 'curator@demo.test', role: 'curator (type 2)', app: '/' },
  { email: 'influencer@demo.test', role: 'influencer (type 3)', app: '/' },
  { email: 'label@demo.test', role: 'label Owner (Northern Lights Records)', app: '/' },
  { email: 'manager@demo.test', role: 'label Campaign manager (one artist)', app: '/' },
  { email: 'finance@demo.test', role: 'label Finance', app: '/' },
  { email: 'admin@demo.test', role: 'Super Admin', app: '/admin/' },
] as const;

/**
 * Demo data, only with the embedded default or SEED_DEMO=1 (never in production: config refuses it).
 * Idempotent: accounts that exist are left alone. Later modules add their demo data through
 * `registerDemoSeeder`.
 */
export async function seedDemo(database: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withTransaction(database, async (tx) => {
    const people = [
      {
        email: 'artist@demo.test',
        firstName: 'Ava',
        lastName: 'Artist',
        userTypeId: 1,
        gender: 'female',
        countryCode: 'GB',
      },
      {
        email: 'curator@demo.test',
        firstName: 'Carl',
        lastName: 'Curator',
        userTypeId: 2,
        gender: 'male',
        countryCode: 'DE',
      },
      {
        email: 'influencer@demo.test',
        firstName: 'Ines',
        lastName: 'Influencer',
        userTypeId: 3,
        gender: 'female',
        countryCode: 'FR',
      },
    ] as const;
    for (const p of people) {
      const [created] = await tx.db
        .insert(users)
        .values({ ...p, passwordHash, status: 'approved', emailVerifiedAt: new Date() })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (created) await assignDefaultRoles(tx, created.id, p.userTypeId);
    }
    const [admin] = await tx.db
      .insert(admins)
      .values({ name: 'Demo Admin', email: 'admin@demo.test', passwordHash })
      .onConflictDoNothing({ target: admins.email })
      .returning({ id: admins.id });
    if (admin) {
      const [role] = await tx.db
        .select()
        .from(roles)
        .where(and(eq(roles.name, SUPER_ADMIN_ROLE), eq(roles.guard, 'admin')));
      if (role)
        await tx.db.insert(adminRoles).values({ adminId: admin.id, roleId: role.id }).onConflictDoNothing();
    }
  });
  await seedWalletDemo(database);
  // The demo packages are inserted here, after the reference seed translated the rest.
  await seedReferenceTranslations(database);
  await seedExpressDemo(database);
  await seedTicketDemo(database);
  await seedCrmDemo(database);
  await seedOrganisationsDemo(database, DEMO_PASSWORD);
  for (const seeder of demoSeeders) await seeder(database);
}

/**
 * Demo history that goes through the product's own machinery (after `seedDemo`, once the jobs,
 * mailer and providers exist): the marketplace's other curators and the offers' profiles; the demo artist's campaigns that completed on the demo curator's
 * playlists, which leave the curator earnings to withdraw; the demo influencer's TikTok and Instagram
 * accounts with their tiers; the bot-fed playlist with the demo artist's open campaign and its
 * fake-audience flag; the demo artist's song timeline of the completed campaigns' track (Spotify for
 * Artists upload); a catalogue playlist with measured placements (what it delivers). Idempotent.
 */
export async function seedDemoHistory(deps: AppDeps): Promise<void> {
  await seedCompletedDemoCampaigns(deps);
  await seedConnectionsDemo(deps);
  await seedTrustFlagsDemo(deps);
  await seedMarketplaceDemo(deps, DEMO_PASSWORD);
  await seedResultsDemo(deps);
  await seedPlaylistResultsDemo(deps, DEMO_PASSWORD);
}

const demoSeeders: ((database: Database) => Promise<void>)[] = [];
/** Let a module add its demo data (runs after the demo accounts exist). */
export function registerDemoSeeder(seeder: (database: Database) => Promise<void>): void {
  demoSeeders.push(seeder);
}
