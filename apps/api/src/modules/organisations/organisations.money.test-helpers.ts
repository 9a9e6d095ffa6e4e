import type { OrganisationRole } from '@lm/contracts/organisations';
import type { TestContext } from '../../test/harness';
import { organisationArtists, organisationMembers, organisations } from './organisations.schema';

/**
 * Test data of the organisation money tests (issue 35): an organisation written straight to its
 * tables (creating one through its routes belongs to the organisations helper's files), its team
 * members and its active roster artists.
 */

/** An organisation with an Owner (a new user unless given); billing details set. */
export async function makeOrganisation(
  ctx: TestContext,
  owner?: Awaited<ReturnType<TestContext['makeUser']>>,
) {
  const ownerUser = owner ?? (await ctx.makeUser({ userTypeId: 1 }));
  const [org] = await ctx.deps.database.db
    .insert(organisations)
    .values({
      kind: 'label',
      name: `Label ${ownerUser.id}`,
      billingName: `Label ${ownerUser.id} Ltd`,
      billingAddress: '1 Abbey Road, London',
      billingCountry: 'GB',
      vatNumber: 'GB123456789',
      createdByUserId: ownerUser.id,
    })
    .returning();
  await addMember(ctx, org!.id, ownerUser.id, 'owner');
  return { org: org!, owner: ownerUser };
}

/** Make `userId` a member of the organisation with `role` (every artist). */
export async function addMember(
  ctx: TestContext,
  organisationId: number,
  userId: number,
  role: OrganisationRole,
) {
  await ctx.deps.database.db.insert(organisationMembers).values({ organisationId, userId, role });
}

/** A new artist, active on the organisation's roster. */
export async function addRosterArtist(ctx: TestContext, organisationId: number) {
  const artist = await ctx.makeUser({ userTypeId: 1 });
  await ctx.deps.database.db
    .insert(organisationArtists)
    .values({ organisationId, artistUserId: artist.id, status: 'active', joinedAt: new Date() });
  return artist;
}
