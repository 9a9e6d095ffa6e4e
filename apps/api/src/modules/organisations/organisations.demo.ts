import { eq, inArray } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../platform/crypto';
import { assignDefaultRoles } from '../rbac';
import {
  organisationArtists,
  organisationMemberArtists,
  organisationMembers,
  organisations,
} from './organisations.schema';

/** The demo label's name (the back-office journey looks for it). */
export const DEMO_LABEL_NAME = 'Northern Lights Records';

/** The demo label's team, each signing in with the demo password (artist-type accounts, verified). */
const DEMO_TEAM = [
  { email: 'label@demo.test', firstName: 'Liv', lastName: 'Lindgren', role: 'owner' },
  { email: 'manager@demo.test', firstName: 'Marco', lastName: 'Rossi', role: 'campaign_manager' },
  { email: 'finance@demo.test', firstName: 'Fatima', lastName: 'Okafor', role: 'finance' },
] as const;

/** The label's managed artist profiles (no login of their own; the e-mail is a placeholder never mailed). */
const DEMO_MANAGED_ARTISTS = [
  {
    email: 'managed-aurora-vale@managed.invalid',
    firstName: 'Aurora',
    lastName: 'Vale',
    artistName: 'Aurora Vale',
  },
  {
    email: 'managed-the-fjords@managed.invalid',
    firstName: 'Erik',
    lastName: 'Fjord',
    artistName: 'The Fjords',
  },
] as const;

/**
 * Demo data of issue 35: the label "Northern Lights Records" (billing in GB with a VAT number), its
 * Owner `label@demo.test`, a Campaign manager `manager@demo.test` limited to one artist, a Finance
 * member `finance@demo.test`, two managed artist profiles, and the demo artist `artist@demo.test`
 * invited to the roster (pending). No coins. Idempotent: once the label exists nothing is added.
 * @param password the demo password the team's accounts sign in with
 */
export async function seedOrganisationsDemo(database: Database, password: string): Promise<void> {
  const [exists] = await database.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.name, DEMO_LABEL_NAME));
  if (exists) return;
  const passwordHash = await hashPassword(password);
  await withTransaction(database, async (tx) => {
    const verified = { status: 'approved', emailVerifiedAt: new Date(), userTypeId: 1, countryCode: 'GB' };
    for (const p of DEMO_TEAM) {
      const [created] = await tx.db
        .insert(users)
        .values({
          email: p.email,
          firstName: p.firstName,
          lastName: p.lastName,
          gender: 'other',
          passwordHash,
          ...verified,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (created) await assignDefaultRoles(tx, created.id, 1);
    }
    for (const a of DEMO_MANAGED_ARTISTS) {
      const [created] = await tx.db
        .insert(users)
        .values({ ...a, gender: 'other', managedProfile: true, ...verified })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      // An artist's role, as a managed profile made on the roster screen gets: a member acting for it
      // runs with the artist's permissions (its campaigns list, new campaigns).
      if (created) await assignDefaultRoles(tx, created.id, 1);
    }
    const emails = [...DEMO_TEAM, ...DEMO_MANAGED_ARTISTS].map((p) => p.email as string);
    const rows = await tx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [...emails, 'artist@demo.test']));
    const idOf = (email: string) => rows.find((r) => r.email === email)?.id;
    const ownerId = idOf('label@demo.test');
    if (!ownerId) return;
    const [label] = await tx.db
      .insert(organisations)
      .values({
        kind: 'label',
        name: DEMO_LABEL_NAME,
        billingName: 'Northern Lights Records Ltd',
        billingAddress: '12 Aurora Lane\nManchester M1 1AA',
        billingCountry: 'GB',
        vatNumber: 'GB123456789',
        createdByUserId: ownerId,
      })
      .returning({ id: organisations.id });
    const organisationId = label!.id;
    const managed = DEMO_MANAGED_ARTISTS.map((a) => idOf(a.email)).filter((id): id is number => !!id);
    await tx.db.insert(organisationArtists).values(
      managed.map((artistUserId) => ({
        organisationId,
        artistUserId,
        status: 'active',
        managed: true,
        invitedByUserId: ownerId,
        joinedAt: new Date(),
      })),
    );
    const demoArtist = idOf('artist@demo.test');
    if (demoArtist)
      await tx.db
        .insert(organisationArtists)
        .values({ organisationId, artistUserId: demoArtist, status: 'invited', invitedByUserId: ownerId });
    for (const p of DEMO_TEAM) {
      const userId = idOf(p.email);
      if (!userId) continue;
      const limited = p.role === 'campaign_manager';
      const [member] = await tx.db
        .insert(organisationMembers)
        .values({ organisationId, userId, role: p.role, allArtists: !limited })
        .returning({ id: organisationMembers.id });
      if (limited && managed[0])
        await tx.db
          .insert(organisationMemberArtists)
          .values({ memberId: member!.id, artistUserId: managed[0] });
    }
  });
}
