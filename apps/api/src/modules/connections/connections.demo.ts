import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { isSandboxSocial, type SocialPlatform, sandboxAccountId } from '../../providers/sandbox-social';
import { socialAccounts, socialTiers } from './connections.schema';
import { connectFinish, connectStart } from './connections.service';

/** The demo influencer's accounts: handle, followers and the tier each takes. */
export const DEMO_SOCIAL_ACCOUNTS = [
  { platform: 'tiktok', username: 'ines.dances', displayName: 'Ines Dances', followers: 86_400, tier: 'Mid' },
  {
    platform: 'instagram',
    username: 'ines.sings',
    displayName: 'Ines Sings',
    followers: 32_500,
    tier: 'Micro',
  },
] as const;

/**
 * Demo data: the demo influencer's TikTok and Instagram accounts, connected through the
 * sandboxes' own consent codes and the product's connect path (tokens sealed like any), each with a tier.
 * Only while the platform is its sandbox; an account already there is left alone.
 */
export async function seedConnectionsDemo(deps: AppDeps): Promise<void> {
  const [influencer] = await deps.database.db
    .select()
    .from(users)
    .where(eq(users.email, 'influencer@demo.test'));
  if (!influencer) return;
  for (const demo of DEMO_SOCIAL_ACCOUNTS) {
    const platform: SocialPlatform = demo.platform;
    const provider = deps.providers[platform];
    if (!isSandboxSocial(provider)) continue;
    const accountId = sandboxAccountId(platform, demo.username);
    const [existing] = await deps.database.db
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.platform, platform), eq(socialAccounts.platformUserId, accountId)));
    if (existing) continue;
    const [tier] = await deps.database.db
      .select()
      .from(socialTiers)
      .where(and(eq(socialTiers.platform, platform), eq(socialTiers.tierName, demo.tier)));
    const { state, binding } = connectStart(deps, influencer.id, platform);
    const code = (provider as unknown as { issueCode(p: object): string }).issueCode({
      platform,
      accountId,
      username: demo.username,
      displayName: demo.displayName,
      followers: demo.followers,
      accountType: platform === 'instagram' ? 'MEDIA_CREATOR' : 'PERSONAL',
    });
    await connectFinish(deps, { type: 'system', id: influencer.id }, platform, {
      code,
      state,
      binding,
      tier_id: tier?.id ?? null,
    });
  }
}
