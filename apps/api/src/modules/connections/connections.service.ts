import type { Language } from '@lm/contracts';
import { OFFER_DESCRIPTION_MAX } from '@lm/contracts/offer-terms';
import type { QualityScore } from '@lm/contracts/score';
import { localized } from '@lm/contracts/translations';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { trustScores } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { randomToken, sameDigest, sha256 } from '../../platform/crypto';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { openSecret, type SealedColumn, sealSecret } from '../../platform/secret-box';
import { signValue, verifyValue } from '../../platform/signed';
import { INSTAGRAM_PROFESSIONAL_TYPES, InstagramApiError } from '../../providers/instagram/contract';
import { TikTokApiError } from '../../providers/tiktok/contract';
import { type AuditActor, audit } from '../audit';
import { registerAccessTokens, scoreItem } from '../trust';
import {
  SOCIAL_ACCOUNT_ONE_OWNER,
  type SocialPlatformName,
  socialAccounts,
  socialTiers,
} from './connections.schema';

type Deps = Pick<AppDeps, 'config' | 'database' | 'providers' | 'clock'>;
type AccountRow = typeof socialAccounts.$inferSelect;
type TierRow = typeof socialTiers.$inferSelect;

/** Lifetime of a connection's OAuth state, in seconds (like Google sign-in's). */
const STATE_TTL_SECONDS = 600;

/** Where each platform's consent sends the browser back (spec section 2 routes of the user app). */
export const CALLBACK_PATHS: Record<SocialPlatformName, string> = {
  tiktok: '/tiktok/callback/',
  instagram: '/instagram/oauth/',
};

/** Sealing purposes of the two token columns, per platform (a value of one never opens as another). */
const purpose = (platform: SocialPlatformName, kind: 'access' | 'refresh') => `${platform}:${kind}`;

/** The sealed token columns of `social_accounts`, for `npm run rotate-secrets`. */
export const SOCIAL_ACCOUNT_SEALED_COLUMNS: readonly SealedColumn[] = (['access', 'refresh'] as const).map(
  (kind) => ({
    table: 'social_accounts',
    column: `${kind}_token`,
    reads: ['platform'],
    purpose: (row: Readonly<Record<string, unknown>>) => purpose(row.platform as SocialPlatformName, kind),
  }),
);

/** An account as the user app and the back-office list it (spec "Connections"). */
export interface SocialAccountView {
  id: number;
  platform: SocialPlatformName;
  platform_user_id: string;
  user_name: string;
  display_name: string;
  avatar_url: string | null;
  follower_count: number | null;
  account_type: string | null;
  connected_status: 0 | 1;
  status: 'connected' | 'expired' | 'revoked';
  tier: { id: number; tier_name: string; price: number } | null;
  tier_id: number | null;
  connected_at: string;
  revoked_at: string | null;
  refuses_ai: boolean;
  /** The account's quality score, in the lists of accounts; absent in single-account answers. */
  score?: QualityScore;
}

/**
 * An account row (with its tier, and in lists its stored quality score row, null when never scored) as
 * the API answers it; never its tokens.
 */
export function accountView(
  row: AccountRow,
  tier: TierRow | null,
  score?: typeof trustScores.$inferSelect | null,
  lang?: Language,
): SocialAccountView {
  return {
    id: row.id,
    platform: row.platform as SocialPlatformName,
    platform_user_id: row.platformUserId,
    user_name: row.username,
    display_name: row.displayName,
    avatar_url: row.avatarUrl,
    follower_count: row.followers,
    account_type: row.accountType,
    connected_status: row.status === 'connected' ? 1 : 0,
    status: row.status as SocialAccountView['status'],
    // The tier's name in the reader's language when one is given (staff read users' accounts in theirs).
    tier: tier
      ? {
          id: tier.id,
          tier_name: lang ? localized(tier.tierName, tier.translations, 'tier_name', lang) : tier.tierName,
          price: tier.price,
        }
      : null,
    tier_id: row.tierId,
    connected_at: row.connectedAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    refuses_ai: row.refusesAi,
    ...(score === undefined ? {} : { score: scoreItem(score) }),
  };
}

/**
 * Connect, step 1 (`express-tiktok/oauth/url`, `express-instagram/oauth/url`): the platform's consent URL
 * with a signed state (10 minutes) naming the platform and the user, bound to the browser that asks like
 * Google sign-in: `binding` is a fresh 256-bit secret answered only to this caller, the state carries
 * only its SHA-256 (spec section 7).
 * @throws AppError 503 PROVIDER_OFF when the platform is off (production without keys)
 */
export function connectStart(
  deps: Deps,
  userId: number,
  platform: SocialPlatformName,
  /** Another screen's callback (Fan Finder's) and the extra permissions it needs; defaults: CALLBACK_PATHS. */
  options: { callbackPath?: string; extraScopes?: readonly string[] } = {},
): { url: string; state: string; binding: string } {
  const binding = randomToken();
  const state = signValue(
    deps.config.keys,
    { kind: 'social-connect', platform, userId, bind: sha256(binding) },
    STATE_TTL_SECONDS,
    deps.clock.now().getTime(),
  );
  const redirectUri = `${deps.config.appUrl}${options.callbackPath ?? CALLBACK_PATHS[platform]}`;
  const url =
    platform === 'instagram'
      ? deps.providers.instagram.authorizationUrl(state, redirectUri, options.extraScopes)
      : deps.providers.tiktok.authorizationUrl(state, redirectUri);
  return { url, state, binding };
}

/** True when `state` was made by `connectStart` for this user and platform, in the browser holding `binding`. */
function stateMatches(
  deps: Deps,
  state: string,
  binding: string,
  userId: number,
  platform: SocialPlatformName,
) {
  const payload = verifyValue<{ kind?: unknown; platform?: unknown; userId?: unknown; bind?: unknown }>(
    deps.config.keys,
    state,
    deps.clock.now().getTime(),
  );
  return (
    payload?.kind === 'social-connect' &&
    payload.platform === platform &&
    payload.userId === userId &&
    typeof payload.bind === 'string' &&
    sameDigest(payload.bind, sha256(binding))
  );
}

/** What a platform proved about the account at connection, with its tokens. */
interface ProvenAccount {
  platformUserId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  /** The platform's bio of the account (TikTok), the profile's first description; null when none. */
  bio: string | null;
  followers: number | null;
  accountType: string | null;
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string | null;
  refreshExpiresAt: Date | null;
}

const seconds = (now: Date, s: number) => new Date(now.getTime() + s * 1000);

/**
 * The provider's refusal of a code as the translated 422 the user sees; the platform's silence as 502
 * `connections.platform_unavailable` (not 503: the apps read any 503 as the product's maintenance).
 */
function refusedGrant(err: unknown): never {
  if (
    (err instanceof TikTokApiError || err instanceof InstagramApiError) &&
    (err.failure === 'invalid_grant' || err.failure === 'token_invalid')
  )
    throw new AppError(422, 'connections.oauth_failed');
  if (err instanceof TikTokApiError || err instanceof InstagramApiError)
    throw new AppError(502, 'connections.platform_unavailable');
  throw err;
}

/** Exchange the code with the platform and read the account (Instagram: 1 h token -> 60-day token). */
async function proveAccount(
  deps: Deps,
  platform: SocialPlatformName,
  code: string,
  callbackPath = CALLBACK_PATHS[platform],
): Promise<ProvenAccount> {
  const now = deps.clock.now();
  const redirectUri = `${deps.config.appUrl}${callbackPath}`;
  if (platform === 'tiktok') {
    const tiktok = deps.providers.tiktok;
    const tokens = await tiktok.exchangeCode(code, redirectUri).catch(refusedGrant);
    const user = await tiktok.userInfo(tokens.accessToken).catch(refusedGrant);
    return {
      platformUserId: tokens.openId,
      username: user.username || user.displayName,
      displayName: user.displayName || user.username,
      avatarUrl: user.avatarUrl,
      bio: user.bio,
      followers: user.followerCount,
      accountType: null,
      accessToken: tokens.accessToken,
      accessExpiresAt: seconds(now, tokens.expiresIn),
      refreshToken: tokens.refreshToken,
      refreshExpiresAt: seconds(now, tokens.refreshExpiresIn),
    };
  }
  const instagram = deps.providers.instagram;
  const short = await instagram.exchangeCode(code, redirectUri).catch(refusedGrant);
  // Read the account with the short token first: a personal account is refused before anything is kept.
  const me = await instagram.me(short.accessToken).catch(refusedGrant);
  if (!INSTAGRAM_PROFESSIONAL_TYPES.has(me.accountType))
    throw new AppError(422, 'connections.instagram_not_professional', { params: { username: me.username } });
  const long = await instagram.longLivedToken(short.accessToken).catch(refusedGrant);
  return {
    platformUserId: me.userId || short.userId,
    username: me.username,
    displayName: me.name || me.username,
    avatarUrl: me.profilePictureUrl,
    // Instagram's login API is not read for a biography here: the creator writes the description.
    bio: null,
    followers: me.followersCount,
    accountType: me.accountType,
    accessToken: long.accessToken,
    accessExpiresAt: seconds(now, long.expiresIn),
    refreshToken: null,
    refreshExpiresAt: null,
  };
}

/**
 * A tier of `platform` that an account with `followers` may take.
 * @throws ValidationError on `tier_id`: unknown, inactive or of another platform ('connections.tier_invalid'),
 *   or needing more followers than the account has ('connections.tier_needs_followers' with the minimum)
 */
async function tierFor(
  tx: Tx,
  platform: SocialPlatformName,
  tierId: number,
  followers: number | null,
): Promise<TierRow> {
  const [tier] = await tx.db
    .select()
    .from(socialTiers)
    .where(and(eq(socialTiers.id, tierId), eq(socialTiers.platform, platform), eq(socialTiers.status, 1)));
  if (!tier) throw new ValidationError({ tier_id: ['connections.tier_invalid'] });
  if ((followers ?? 0) < tier.minFollowers)
    throw new ValidationError({
      tier_id: [{ key: 'connections.tier_needs_followers', params: { n: tier.minFollowers } }],
    });
  return tier;
}

/**
 * Connect, step 2 (`express-tiktok/tiktok/access/token`, `express-instagram/instagram/access/token`):
 * check the state belongs to this user, platform and browser, exchange the code, read the account and
 * store it with its tokens sealed. Reconnecting one's own account renews it (same row, tier kept unless a
 * new one is given). Instagram accounts must be professional (BUSINESS or MEDIA_CREATOR).
 * @throws AppError 422 'connections.state_invalid' (state missing, expired, tampered, another user's or
 *   another browser's, checked before the code is used); 422 'connections.oauth_failed' (code refused);
 *   422 'connections.instagram_not_professional'; ValidationError on `tier_id`; ConflictError
 *   'connections.account_taken' when another user holds the account (unique index, so also under races);
 *   502 'connections.platform_unavailable' when the platform does not answer; 503 PROVIDER_OFF when it
 *   is off
 */
export async function connectFinish(
  deps: Deps,
  actor: AuditActor & { id: number },
  platform: SocialPlatformName,
  input: { code: string; state: string; binding: string; tier_id?: number | null },
  /** The callback path given to `connectStart` (the code is bound to it); default CALLBACK_PATHS. */
  callbackPath?: string,
): Promise<SocialAccountView> {
  if (!stateMatches(deps, input.state, input.binding, actor.id, platform))
    throw new AppError(422, 'connections.state_invalid');
  const proven = await proveAccount(deps, platform, input.code, callbackPath);
  const key = deps.config.keys;
  const now = deps.clock.now();
  try {
    return await withTransaction(deps.database, async (tx) => {
      // The user's row lock serialises their connections, so two at once cannot pass the limit together.
      await tx.client.query('select id from users where id = $1 for update', [actor.id]);
      const [held] = await tx.client
        .query<{ live: string; mine: string }>(
          `select count(*) filter (where status <> 'revoked') as live,
                  count(*) filter (where platform_user_id = $3) as mine
             from social_accounts where user_id = $1 and platform = $2`,
          [actor.id, platform, proven.platformUserId],
        )
        .then((r) => r.rows);
      if (Number(held?.mine ?? 0) === 0 && Number(held?.live ?? 0) >= ACCOUNTS_LIMIT)
        throw new ConflictError('connections.limit_reached', { n: ACCOUNTS_LIMIT });
      const tier = input.tier_id ? await tierFor(tx, platform, input.tier_id, proven.followers) : null;
      const values = {
        username: proven.username.slice(0, 100),
        displayName: proven.displayName.slice(0, 200),
        avatarUrl: proven.avatarUrl,
        followers: proven.followers,
        accountType: proven.accountType,
        status: 'connected',
        accessToken: sealSecret(key, proven.accessToken, purpose(platform, 'access')),
        refreshToken: proven.refreshToken
          ? sealSecret(key, proven.refreshToken, purpose(platform, 'refresh'))
          : null,
        accessExpiresAt: proven.accessExpiresAt,
        refreshExpiresAt: proven.refreshExpiresAt,
        tokenIssuedAt: now,
        lastRefreshError: null,
        connectedAt: now,
        revokedAt: null,
        syncedAt: now,
      };
      const [row] = await tx.db
        .insert(socialAccounts)
        .values({
          userId: actor.id,
          platform,
          platformUserId: proven.platformUserId,
          tierId: tier?.id ?? null,
          // The platform's bio starts the profile artists read; a reconnection keeps the creator's edits.
          description: proven.bio?.slice(0, OFFER_DESCRIPTION_MAX) || null,
          ...values,
        })
        .onConflictDoUpdate({
          target: [socialAccounts.userId, socialAccounts.platform, socialAccounts.platformUserId],
          set: { ...values, ...(tier ? { tierId: tier.id } : {}) },
        })
        .returning();
      const kept = tier ?? (row!.tierId ? await tierById(tx, row!.tierId) : null);
      await audit(
        deps.database,
        actor,
        {
          action: 'connections.connected',
          targetType: 'social_account',
          targetId: row!.id,
          meta: { platform, username: row!.username, tier_id: row!.tierId },
        },
        tx,
      );
      return accountView(row!, kept);
    });
  } catch (err) {
    if (isUniqueViolation(err, SOCIAL_ACCOUNT_ONE_OWNER))
      throw new ConflictError('connections.account_taken');
    throw err;
  }
}

async function tierById(tx: Tx, id: number): Promise<TierRow | null> {
  const [tier] = await tx.db.select().from(socialTiers).where(eq(socialTiers.id, id));
  return tier ?? null;
}

/**
 * The accounts of `userIds` on `platform` (all platforms when null) with their tiers, newest first;
 * revoked ones only when `withRevoked`.
 */
export async function listAccounts(
  deps: Pick<Deps, 'database'>,
  filter: { userId: number; platform: SocialPlatformName | null; withRevoked: boolean },
): Promise<SocialAccountView[]> {
  const rows = await deps.database.db
    .select({ account: socialAccounts, tier: socialTiers, score: trustScores })
    .from(socialAccounts)
    .leftJoin(socialTiers, eq(socialTiers.id, socialAccounts.tierId))
    .leftJoin(trustScores, eq(trustScores.accountId, socialAccounts.id))
    .where(
      and(
        eq(socialAccounts.userId, filter.userId),
        filter.platform ? eq(socialAccounts.platform, filter.platform) : undefined,
        filter.withRevoked ? undefined : ne(socialAccounts.status, 'revoked'),
      ),
    )
    .orderBy(desc(socialAccounts.connectedAt), desc(socialAccounts.id));
  return rows.map((r) => accountView(r.account, r.tier, r.score));
}

/**
 * An influencer's settings of one of their connected accounts, whatever its platform
 * (`PUT /api/social-accounts/{id}/settings`): `refuses_ai`, the account takes no AI-made music.
 * @throws NotFoundError when the account is not the user's or is revoked
 */
export async function changeSettings(
  deps: Deps,
  actor: AuditActor & { id: number },
  accountId: number,
  input: { refuses_ai: boolean },
): Promise<SocialAccountView> {
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .update(socialAccounts)
      .set({ refusesAi: input.refuses_ai })
      .where(
        and(
          eq(socialAccounts.id, accountId),
          eq(socialAccounts.userId, actor.id),
          ne(socialAccounts.status, 'revoked'),
        ),
      )
      .returning();
    if (!row) throw new NotFoundError();
    await audit(
      deps.database,
      actor,
      {
        action: 'connections.settings_changed',
        targetType: 'social_account',
        targetId: row.id,
        meta: { platform: row.platform, refuses_ai: input.refuses_ai },
      },
      tx,
    );
    const [tier] = row.tierId
      ? await tx.db.select().from(socialTiers).where(eq(socialTiers.id, row.tierId))
      : [];
    return accountView(row, tier ?? null);
  });
}

/**
 * `change/account/tier`: give one of the user's own live accounts a tier of its platform (spec section 7),
 * under the account's row lock.
 * @throws NotFoundError when the account is not the user's, not this platform's or revoked;
 *   ValidationError on `tier_id` (see `tierFor`)
 */
export async function changeTier(
  deps: Deps,
  actor: AuditActor & { id: number },
  platform: SocialPlatformName,
  accountId: number,
  tierId: number,
): Promise<SocialAccountView> {
  return withTransaction(deps.database, async (tx) => {
    const [account] = await tx.db
      .select()
      .from(socialAccounts)
      .where(
        and(
          eq(socialAccounts.id, accountId),
          eq(socialAccounts.userId, actor.id),
          eq(socialAccounts.platform, platform),
          ne(socialAccounts.status, 'revoked'),
        ),
      )
      .for('update');
    if (!account) throw new NotFoundError();
    const tier = await tierFor(tx, platform, tierId, account.followers);
    const [row] = await tx.db
      .update(socialAccounts)
      .set({ tierId: tier.id })
      .where(eq(socialAccounts.id, account.id))
      .returning();
    await audit(
      deps.database,
      actor,
      {
        action: 'connections.tier_changed',
        targetType: 'social_account',
        targetId: account.id,
        meta: { platform, from: account.tierId, to: tier.id },
      },
      tx,
    );
    return accountView(row!, tier);
  });
}

/**
 * Revoke (`tiktok/influencer/revoke`, `instagram/revoke/account`): disconnect one of the user's accounts;
 * its tokens are dropped in the same statement and the row stays (revoked) for the campaigns that name
 * it. Another user may connect the account afterwards.
 * @throws NotFoundError when the account is not the user's, not this platform's or already revoked
 */
export async function revokeAccount(
  deps: Deps,
  actor: AuditActor & { id: number },
  platform: SocialPlatformName,
  accountId: number,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .update(socialAccounts)
      .set({ status: 'revoked', accessToken: null, refreshToken: null, revokedAt: deps.clock.now() })
      .where(
        and(
          eq(socialAccounts.id, accountId),
          eq(socialAccounts.userId, actor.id),
          eq(socialAccounts.platform, platform),
          ne(socialAccounts.status, 'revoked'),
        ),
      )
      .returning({ id: socialAccounts.id, username: socialAccounts.username });
    if (!row) throw new NotFoundError();
    await audit(
      deps.database,
      actor,
      { action: 'connections.revoked', targetType: 'social_account', targetId: row.id, meta: { platform } },
      tx,
    );
  });
}

/**
 * `influencer/check`: whether the user has a live account on the platform, and whether one has a tier
 * (an account without a tier receives no campaigns).
 */
export async function influencerCheck(
  deps: Pick<Deps, 'database'>,
  userId: number,
  platform: SocialPlatformName,
): Promise<{ connected: boolean; accounts: number; with_tier: number; platforms_limit: number }> {
  const [row] = await deps.database.db
    .select({
      accounts: sql<number>`count(*) filter (where ${socialAccounts.status} = 'connected')`.mapWith(Number),
      withTier:
        sql<number>`count(*) filter (where ${socialAccounts.status} = 'connected' and ${socialAccounts.tierId} is not null)`.mapWith(
          Number,
        ),
    })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, platform)));
  const accounts = row?.accounts ?? 0;
  return {
    connected: accounts > 0,
    accounts,
    with_tier: row?.withTier ?? 0,
    platforms_limit: ACCOUNTS_LIMIT,
  };
}

/** Live accounts one user may hold per platform (spec "platforms_limit"). */
export const ACCOUNTS_LIMIT = 5;

/** Active tiers of a platform, cheapest first (`user/get-tiers`), in the reader's language. */
export async function activeTiers(
  deps: Pick<Deps, 'database'>,
  platform: SocialPlatformName,
  lang: Language = 'en',
) {
  const rows = await deps.database.db
    .select()
    .from(socialTiers)
    .where(and(eq(socialTiers.platform, platform), eq(socialTiers.status, 1)))
    .orderBy(asc(socialTiers.price), asc(socialTiers.id));
  return rows.map((r) => tierItem(r, lang));
}

/**
 * A tier as the API answers it (spec "Tier": id, name, tier_name, price, description, status). With
 * `lang` (the user app) name and description are the reader's language, English where missing;
 * without it (staff) the English columns and `translations`.
 */
export function tierItem(r: TierRow, lang?: Language) {
  const name = lang ? localized(r.tierName, r.translations, 'tier_name', lang) : r.tierName;
  return {
    id: r.id,
    platform: r.platform as SocialPlatformName,
    tier_name: name,
    name,
    price: r.price,
    min_followers: r.minFollowers,
    description: lang ? localized(r.description, r.translations, 'description', lang) : r.description,
    status: r.status,
    ...(lang ? {} : { translations: r.translations }),
  };
}

/**
 * When a connected account's token is renewed: TikTok access tokens live 2 hours (renewed when under
 * 45 minutes remain, so a 15-minute job never lets one lapse); Instagram's 60-day token is renewed
 * when under 10 days remain and it is at least 24 hours old (Instagram refuses younger ones).
 */
export const REFRESH_AHEAD_MS: Record<SocialPlatformName, number> = {
  tiktok: 45 * 60_000,
  instagram: 10 * 86_400_000,
};
const INSTAGRAM_MIN_AGE_MS = 86_400_000;

/**
 * Renew one account's tokens under its row lock (`for update skip locked`: a second worker leaves it),
 * storing the rotated refresh token TikTok answers. A refused grant marks the account `expired` (its
 * owner reconnects); a passing failure leaves it for the next run.
 * @returns 'refreshed', 'expired', 'skipped' (locked elsewhere, not due any more, or not connected) or 'failed'
 */
export async function refreshAccount(
  deps: Deps,
  accountId: number,
  options: { force?: boolean } = {},
): Promise<'refreshed' | 'expired' | 'skipped' | 'failed'> {
  return withTransaction(deps.database, async (tx) => {
    const [account] = await tx.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.status, 'connected')))
      .for('update', { skipLocked: true });
    if (!account) return 'skipped';
    const platform = account.platform as SocialPlatformName;
    const now = deps.clock.now();
    const due =
      options.force ||
      !account.accessExpiresAt ||
      account.accessExpiresAt.getTime() - now.getTime() < REFRESH_AHEAD_MS[platform];
    if (!due) return 'skipped';
    if (
      platform === 'instagram' &&
      account.tokenIssuedAt &&
      now.getTime() - account.tokenIssuedAt.getTime() < INSTAGRAM_MIN_AGE_MS
    )
      return 'skipped';
    const key = deps.config.keys;
    try {
      if (platform === 'tiktok') {
        if (!account.refreshToken) throw new TikTokApiError('invalid_grant', 'no refresh token stored');
        const tokens = await deps.providers.tiktok.refresh(
          openSecret(key, account.refreshToken, purpose(platform, 'refresh')),
        );
        await tx.db
          .update(socialAccounts)
          .set({
            accessToken: sealSecret(key, tokens.accessToken, purpose(platform, 'access')),
            refreshToken: sealSecret(key, tokens.refreshToken, purpose(platform, 'refresh')),
            accessExpiresAt: seconds(now, tokens.expiresIn),
            refreshExpiresAt: seconds(now, tokens.refreshExpiresIn),
            tokenIssuedAt: now,
            lastRefreshError: null,
          })
          .where(eq(socialAccounts.id, account.id));
      } else {
        if (!account.accessToken) throw new InstagramApiError('token_invalid', 'no token stored');
        const long = await deps.providers.instagram.refreshToken(
          openSecret(key, account.accessToken, purpose(platform, 'access')),
        );
        await tx.db
          .update(socialAccounts)
          .set({
            accessToken: sealSecret(key, long.accessToken, purpose(platform, 'access')),
            accessExpiresAt: seconds(now, long.expiresIn),
            tokenIssuedAt: now,
            lastRefreshError: null,
          })
          .where(eq(socialAccounts.id, account.id));
      }
      return 'refreshed';
    } catch (err) {
      const failure = err instanceof TikTokApiError || err instanceof InstagramApiError ? err.failure : null;
      if (failure === 'invalid_grant' || failure === 'token_invalid') {
        await tx.db
          .update(socialAccounts)
          .set({ status: 'expired', lastRefreshError: failure })
          .where(eq(socialAccounts.id, account.id));
        return 'expired';
      }
      await tx.db
        .update(socialAccounts)
        .set({ lastRefreshError: (failure ?? 'error').slice(0, 40) })
        .where(eq(socialAccounts.id, account.id));
      return 'failed';
    }
  });
}

/**
 * The refresh job's sweep: every connected account whose token is due (see REFRESH_AHEAD_MS), up to
 * `limit` a run, each in its own transaction.
 * @returns how many were refreshed, marked expired, skipped or failed
 */
export async function refreshDueAccounts(deps: Deps, limit = 200) {
  const now = deps.clock.now().getTime();
  const rows = await deps.database.db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.status, 'connected'),
        sql`(${socialAccounts.accessExpiresAt} is null or ${socialAccounts.accessExpiresAt} < case ${socialAccounts.platform}
          when 'tiktok' then ${new Date(now + REFRESH_AHEAD_MS.tiktok)}::timestamptz
          else ${new Date(now + REFRESH_AHEAD_MS.instagram)}::timestamptz end)`,
      ),
    )
    .orderBy(asc(socialAccounts.accessExpiresAt))
    .limit(limit);
  const counts = { refreshed: 0, expired: 0, skipped: 0, failed: 0 };
  for (const { id } of rows) counts[await refreshAccount(deps, id)] += 1;
  return counts;
}

/**
 * A usable access token of a connected account, for the campaign adapters: renewed first when it is due
 * or lapsed (same locked path as the job, so a rotated TikTok refresh token is never used twice).
 * @throws ConflictError 'connections.account_expired' when the account is not connected or its tokens
 *   were refused
 */
export async function accessTokenOf(deps: Deps, accountId: number): Promise<string> {
  const read = async () => {
    const [row] = await deps.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, accountId));
    return row;
  };
  let row = await read();
  if (row?.status !== 'connected' || !row.accessToken) throw new ConflictError('connections.account_expired');
  const platform = row.platform as SocialPlatformName;
  if (
    !row.accessExpiresAt ||
    row.accessExpiresAt.getTime() - deps.clock.now().getTime() < REFRESH_AHEAD_MS[platform]
  ) {
    await refreshAccount(deps, accountId);
    row = await read();
    if (row?.status !== 'connected' || !row.accessToken)
      throw new ConflictError('connections.account_expired');
  }
  return openSecret(deps.config.keys, row.accessToken, purpose(platform, 'access'));
}

/** Accounts of every platform for the back-office user overview's Connections tab. */
export async function accountsOfUsers(deps: Pick<Deps, 'database'>, userIds: number[], lang?: Language) {
  if (userIds.length === 0) return [];
  const rows = await deps.database.db
    .select({ account: socialAccounts, tier: socialTiers, score: trustScores })
    .from(socialAccounts)
    .leftJoin(socialTiers, eq(socialTiers.id, socialAccounts.tierId))
    .leftJoin(trustScores, eq(trustScores.accountId, socialAccounts.id))
    .where(inArray(socialAccounts.userId, userIds))
    .orderBy(desc(socialAccounts.connectedAt));
  return rows.map((r) => accountView(r.account, r.tier, r.score, lang));
}

// Fake-audience detection reads an account's recent videos with its token (trust cannot import this module).
registerAccessTokens(accessTokenOf);
