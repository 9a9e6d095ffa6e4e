import { EXPRESS_CAMPAIGN_STATUSES, EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { Language } from '@lm/contracts/api';
import type { Mood, OfferFilterQuery, OfferProfileEdit } from '@lm/contracts/offers';
import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import { type SocialPlatformName, socialAccounts, socialTiers, trustScores, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { type ListQuery, paginate } from '../../platform/http';
import { type AuditActor, audit } from '../audit';
import { assertUploadedImage } from '../files';
import { notifyStaffDisputeOpened } from '../todos';
import { accountVisibleToArtists, scoreItem } from '../trust';
import { paymentsService as payments } from '../wallet';
import { type CampaignPaymentMeta, campaignsFromPayment } from './express.checkout';
import {
  type CreatedCampaign,
  createCampaignsFor,
  MAX_PLAYLISTS_PER_REQUEST,
  type PurchasePreload,
} from './express.creation';
import { assertTrackLanguage, type TrackLanguage, trackLanguageSql } from './express.language';
import { dateRangeFilter, staffCampaignFilters } from './express.list-filters';
import { advance, type Campaign, submit } from './express.machine';
import { unreadOf } from './express.messages';
import { tellUser } from './express.notify';
import {
  accountOfferColumns,
  offerFilters,
  offerGenres,
  offerOrder,
  profilePatch,
  replaceAccountGenres,
} from './express.offers';
import { ownCampaign, timelinesAndReviews } from './express.queries';
import { expressCampaignEvents, expressCampaigns, expressSellerReviews } from './express.schema';
import type { AccountPlatformParts, ExpressPlatformAdapter } from './platforms/adapter';
import { adapterFor, findAdapter } from './platforms/index';
import { acceptedAt } from './platforms/social';

/**
 * TikTok and Instagram express campaigns around the engine (spec section 7 "TikTok",
 * "Instagram"): the accounts an artist may buy, creation, the lists of both sides, the influencer's
 * recent videos and the submission of one. The state machine itself is `express.machine.ts`; how a
 * campaign of each platform ends is its adapter.
 */

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/**
 * The adapter of a platform whose sellers are connected accounts: every function here takes it in
 * place of the platform's name and reads what differs (paths, unreleased-song files, the artist's
 * confirmation window, how posts are listed) from it.
 */
export type AccountAdapter = ExpressPlatformAdapter & { accounts: AccountPlatformParts };

const statusLabel = (id: number) => EXPRESS_CAMPAIGN_STATUSES.find((s) => s.id === id)?.label ?? String(id);
const artists = aliasedTable(users, 'artists');
const influencers = aliasedTable(users, 'influencers');
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;
const fullName = (u: { firstName?: string | null; lastName?: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

/**
 * The accounts of `platform` an artist may buy a campaign on (`artist/accounts/campaigns`): connected,
 * with an active tier, not hidden; the wizard's filters and sorts (`offerFilterQuery`: genre, mood,
 * language, price, followers, score, answer time, acceptance), optionally only `ids` (the matched
 * suggestions). Largest audiences first after the chosen sort; at most 200.
 */
export async function accountsForSale(
  deps: Pick<Deps, 'database'>,
  adapter: AccountAdapter,
  filter: Partial<OfferFilterQuery> & {
    tierId?: number;
    madeWithAi?: boolean;
    ids?: readonly number[];
    /** Not this seller's accounts (staff ordering for an artist who is also a creator). */
    notUserId?: number;
  },
) {
  const columns = accountOfferColumns({
    id: socialAccounts.id,
    followers: socialAccounts.followers,
    moods: socialAccounts.moods,
    languageIds: socialAccounts.languageIds,
    price: socialTiers.price,
  });
  const parts: (SQL | undefined)[] = [
    eq(socialAccounts.platform, adapter.key),
    eq(socialAccounts.status, 'connected'),
    isNotNull(socialAccounts.tierId),
    eq(socialTiers.status, 1),
    accountVisibleToArtists(),
    filter.tierId !== undefined ? eq(socialTiers.id, filter.tierId) : undefined,
    ...offerFilters(columns, filter),
    // A track declared made with AI is not offered to accounts that take no AI-made music.
    filter.madeWithAi ? eq(socialAccounts.refusesAi, false) : undefined,
    filter.ids ? inArray(socialAccounts.id, [...filter.ids]) : undefined,
    filter.notUserId !== undefined ? ne(socialAccounts.userId, filter.notUserId) : undefined,
  ];
  const rows = await deps.database.db
    // Only what the list answers: never the account's tokens, nor the tier's translations.
    .select({
      a: {
        id: socialAccounts.id,
        username: socialAccounts.username,
        displayName: socialAccounts.displayName,
        avatarUrl: socialAccounts.avatarUrl,
        followers: socialAccounts.followers,
        moods: socialAccounts.moods,
        languageIds: socialAccounts.languageIds,
        acceptsUnreleased: socialAccounts.acceptsUnreleased,
        refusesAi: socialAccounts.refusesAi,
      },
      tier: { id: socialTiers.id, tierName: socialTiers.tierName, price: socialTiers.price },
      score: trustScores,
    })
    .from(socialAccounts)
    .innerJoin(socialTiers, eq(socialTiers.id, socialAccounts.tierId))
    .leftJoin(trustScores, eq(trustScores.accountId, socialAccounts.id))
    .where(and(...parts))
    .orderBy(
      ...offerOrder(columns, filter.sort),
      sql`${socialAccounts.followers} desc nulls last`,
      asc(socialAccounts.id),
    )
    .limit(200);
  const genreMap = await offerGenres(
    deps.database,
    'account',
    rows.map((r) => r.a.id),
  );
  return rows.map(({ a, tier, score }) => ({
    id: a.id,
    // The contract lists the platforms the apps know; the registered adapters are those platforms.
    platform: adapter.key as SocialPlatformName,
    user_name: a.username,
    display_name: a.displayName,
    avatar_url: a.avatarUrl,
    follower_count: a.followers,
    tier: { id: tier.id, tier_name: tier.tierName, price: tier.price },
    score: scoreItem(score),
    genres: genreMap.get(a.id) ?? [],
    moods: a.moods as Mood[],
    language_ids: a.languageIds,
    accepts_unreleased: a.acceptsUnreleased,
    refuses_ai: a.refusesAi,
  }));
}

/** What an unreleased song's file may be (spec section 5: mp3 or mp4, up to 50 MB at upload). */
export const UNRELEASED_MEDIA_MIMES = ['audio/mpeg', 'video/mp4'] as const;
/** What a TikTok unreleased song's cover (`tiktok_img`) may be. */
export const TIKTOK_IMG_MIMES = ['image/png', 'image/jpeg', 'image/gif'] as const;

/** The campaign request of `artist/campaign/create` (spec section 3 "Campaign"). */
export interface SocialCreateInput {
  track_link: string;
  account_ids: number[];
  pitch?: string | null;
  song_name?: string | null;
  /** false: an unreleased song, which comes with its file (`media_link`) and, on TikTok, `tiktok_img`. */
  is_released?: boolean;
  /** Upload key (`file/upload`) of the unreleased song's mp3/mp4. */
  media_link?: string | null;
  /** Upload key of the unreleased song's cover image (TikTok only). */
  tiktok_img?: string | null;
  /** The artist's declaration that the track was made with AI; absent or null: not declared. */
  made_with_ai?: boolean | null;
  /** The language of the track's lyrics (`languages` id); absent or null: instrumental or not said. */
  language_id?: number | null;
}

/**
 * The files of an unreleased song, checked (spec section 5: "unreleased song needs mp3/mp4 up to
 * 50Mb; tiktok_img required when TikTok unreleased"): each must be the artist's own upload of the
 * right type (sizes are enforced by `file/upload`). A released song ignores them.
 * @returns the upload keys to store, or undefined for a released song
 * @throws ValidationError 422 on `media_link` ('express.media_required', 'express.media_type',
 *   upload-key messages) or `tiktok_img` ('express.tiktok_img_required', 'validation.image_type', ...)
 */
export async function unreleasedFiles(
  deps: Pick<Deps, 'database'>,
  adapter: AccountAdapter,
  artistId: number,
  input: Pick<SocialCreateInput, 'is_released' | 'media_link' | 'tiktok_img'>,
): Promise<{ mediaLink: string; tiktokImg: string | null } | undefined> {
  if (input.is_released !== false) return undefined;
  const media = input.media_link?.trim();
  const img = input.tiktok_img?.trim();
  const errors: Record<string, string[]> = {};
  if (!media) errors.media_link = ['express.media_required'];
  if (adapter.accounts.unreleasedCover && !img) errors.tiktok_img = ['express.tiktok_img_required'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const uploader = { userId: artistId };
  await assertUploadedImage(deps.database, 'media_link', media!, {
    mimes: UNRELEASED_MEDIA_MIMES,
    typeMessage: 'express.media_type',
    uploader,
  });
  if (adapter.accounts.unreleasedCover)
    await assertUploadedImage(deps.database, 'tiktok_img', img!, {
      mimes: TIKTOK_IMG_MIMES,
      typeMessage: 'express.tiktok_img_type',
      uploader,
    });
  return { mediaLink: media!, tiktokImg: adapter.accounts.unreleasedCover ? img! : null };
}

/**
 * An artist buys campaigns on accounts (`artist/campaign/create`), paid with coins (held); see
 * `createCampaignsFor` for the rules and errors (`preloaded`: read with the token, see
 * `PurchasePreload`). `song_name` replaces the name read from the link.
 * An unreleased song (`is_released: false`) comes with its files, see {@link unreleasedFiles}.
 * `organisationId`: the organisation acting for the artist, whose budget for the artist pays (issue 35).
 */
export async function createSocialCampaigns(
  deps: Deps,
  adapter: AccountAdapter,
  artistId: number,
  input: SocialCreateInput,
  preloaded?: PurchasePreload,
  organisationId?: number,
): Promise<CreatedCampaign[]> {
  const unreleased = await unreleasedFiles(deps, adapter, artistId, input);
  return createCampaignsFor(deps, adapter, artistId, {
    soundLink: input.track_link,
    targetIds: input.account_ids,
    errorField: 'account_ids',
    pitch: input.pitch ?? null,
    soundName: input.song_name ?? null,
    madeWithAi: input.made_with_ai ?? null,
    languageId: input.language_id ?? null,
    unreleased,
    preloaded,
    organisationId,
  });
}

/**
 * Start paying a TikTok or Instagram campaign request by card (`artist/campaign/checkout`): the same
 * checks as {@link createSocialCampaigns} up front (sound, files, accounts), the price is the accounts'
 * tier prices charged as coins at the coin price; the request rides in the payment's meta until
 * `campaignsFromPayment` creates the campaigns, holding the coins just bought.
 * @throws ValidationError 422 (`track_link`, `media_link`, `tiktok_img`, `account_ids`)
 */
export async function startSocialCheckout(
  deps: Deps,
  adapter: AccountAdapter,
  artistId: number,
  input: SocialCreateInput,
) {
  const unreleased = await unreleasedFiles(deps, adapter, artistId, input);
  await assertTrackLanguage(deps.database, input.language_id);
  if (!(await adapter.resolveSound(deps, input.track_link)))
    throw new ValidationError({ track_link: [adapter.invalidSoundKey] });
  const ids = [...new Set(input.account_ids)];
  if (ids.length > MAX_PLAYLISTS_PER_REQUEST) {
    throw new ValidationError({
      account_ids: [{ key: 'express.too_many_playlists', params: { max: MAX_PLAYLISTS_PER_REQUEST } }],
    });
  }
  const targets = await withTransaction(deps.database, (tx) => adapter.loadTargets(tx, ids));
  if (ids.length === 0 || targets.length !== ids.length)
    throw new ValidationError({ account_ids: ['express.playlist_unavailable'] });
  const coins = targets.reduce((sum, target) => sum + target.price, 0);
  const [me] = await deps.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, artistId));
  const meta: CampaignPaymentMeta = {
    campaign_type_id: adapter.typeId,
    track_link: input.track_link,
    account_ids: ids,
    pitch: input.pitch ?? null,
    song_name: input.song_name?.trim() || null,
    unreleased: unreleased ?? null,
    made_with_ai: input.made_with_ai ?? null,
    language_id: input.language_id ?? null,
  };
  const r = await payments.startCheckout(deps, artistId, { coins }, 'card', me?.email ?? '', {
    meta: meta as Record<string, unknown>,
    returnPath: `/create/${adapter.key}/express/campaign`,
  });
  return {
    url: r.url,
    session_id: r.ref,
    coins,
    amount_minor: r.amountMinor,
    currency: r.currency,
    sandbox: deps.providers.payments.card.name === 'sandbox',
  };
}

/**
 * Back from the card page (`artist/campaign/checkout/check/pay`): the payment is settled and, once
 * paid, its campaigns are created exactly once (see `campaignsFromPayment`).
 * @returns the settlement, the campaigns as the artist sees them, and why none were made if so
 * @throws NotFoundError when the session is not the artist's card payment for this platform
 */
export async function confirmSocialCard(
  deps: Deps,
  adapter: AccountAdapter,
  artistId: number,
  sessionId: string,
) {
  const p = await payments.cardPaymentOf(deps, artistId, sessionId);
  const meta = (p.meta ?? {}) as CampaignPaymentMeta;
  if (p.purpose !== 'campaign' || meta.campaign_type_id !== adapter.typeId)
    throw new NotFoundError('payments.not_found');
  const settlement = await payments.confirmCard(deps, artistId, sessionId);
  const outcome =
    settlement.status === 'paid'
      ? await campaignsFromPayment(deps, artistId, p.id)
      : { campaigns: [], notCreated: null };
  const campaigns = [];
  for (const c of outcome.campaigns) campaigns.push(await socialCampaign(deps, adapter, { artistId }, c.id));
  return { settlement, campaigns, notCreated: outcome.notCreated };
}

const selectCampaign = {
  c: expressCampaigns,
  account: socialAccounts,
  tierName: socialTiers.tierName,
  artist: { firstName: artists.firstName, lastName: artists.lastName, email: artists.email },
  influencer: { firstName: influencers.firstName, lastName: influencers.lastName, email: influencers.email },
  review: { rating: expressSellerReviews.rating, comment: expressSellerReviews.comment },
  language: trackLanguageSql,
};
type Row = {
  c: typeof expressCampaigns.$inferSelect;
  account: typeof socialAccounts.$inferSelect;
  tierName: string;
  artist: { firstName: string | null; lastName: string | null; email: string };
  influencer: { firstName: string | null; lastName: string | null; email: string };
  review: { rating: number | null; comment: string | null } | null;
  language: TrackLanguage | null;
  /** Unread messages of the reader (the artist's and the influencer's lists only). */
  unread?: number;
};

function item(r: Row, adapter: AccountAdapter) {
  const c = r.c;
  return {
    id: c.id,
    campaign_name: c.trackName,
    type: adapter.key,
    status: { id: c.statusId, status: statusLabel(c.statusId) },
    tier: { id: c.socialTierId ?? 0, tier_name: r.tierName },
    price: c.price,
    track: { id: c.trackId, name: c.trackName, url: c.trackUrl },
    is_released: c.isReleased,
    account: {
      id: r.account.id,
      user_name: r.account.username,
      display_name: r.account.displayName,
      follower_count: r.account.followers,
    },
    artist: { id: c.artistId, name: fullName(r.artist) },
    influencer: { id: c.curatorId, name: fullName(r.influencer) },
    pitch: c.pitch,
    submission_deadline: c.submissionDeadline?.toISOString() ?? null,
    on_going_until: c.onGoingUntil?.toISOString() ?? null,
    auditing_until: c.auditingUntil?.toISOString() ?? null,
    video: c.submittedMediaId ? { id: c.submittedMediaId, url: c.submittedMediaUrl } : null,
    target_views: c.targetViews,
    last_views: c.lastViews,
    last_views_at: c.lastViewsAt?.toISOString() ?? null,
    paid_coins: c.paidCoins,
    refunded_coins: c.refundedCoins,
    decline_reason: c.declineReason,
    dispute: c.disputedAt
      ? {
          opened_at: c.disputedAt.toISOString(),
          reason: c.disputeReason ?? '',
          decision: (c.disputeDecision as 'upheld' | 'rejected' | null) ?? null,
          decided_at: c.disputeDecidedAt?.toISOString() ?? null,
        }
      : null,
    influencer_review:
      r.review && r.review.rating !== null ? { rating: r.review.rating, comment: r.review.comment } : null,
    created_at: c.createdAt.toISOString(),
    completed_at: c.completedAt?.toISOString() ?? null,
    confirm_until: confirmUntil(c, adapter)?.toISOString() ?? null,
    confirmed_at: c.artistConfirmedAt?.toISOString() ?? null,
    answer_deadline: c.answerDeadline?.toISOString() ?? null,
    end_reason: c.endReason,
    ...(r.unread === undefined ? {} : { unread_messages: r.unread }),
    made_with_ai: c.madeWithAi,
    language: r.language,
    disclosure: c.disclosure,
  };
}

/**
 * End of the artist's window to confirm or dispute a post's sound (Instagram: 72 hours after the reel
 * was first proven, because Instagram cannot tell the sound); null before a post is proven or when the
 * platform has no window.
 */
export function confirmUntil(
  c: Pick<Campaign, 'placementFoundAt'>,
  adapter: Pick<AccountAdapter, 'accounts'>,
): Date | null {
  const hours = adapter.accounts.confirmWindowHours;
  return c.placementFoundAt && hours ? new Date(c.placementFoundAt.getTime() + hours * 3_600_000) : null;
}

/** Who is reading: the artist who bought, the influencer who sells, or staff (every campaign). */
export type SocialScope = { artistId: number } | { influencerId: number } | { staff: true };

function scopeWhere(adapter: AccountAdapter, scope: SocialScope, status?: number[]) {
  return and(
    eq(expressCampaigns.campaignTypeId, adapter.typeId),
    'artistId' in scope
      ? eq(expressCampaigns.artistId, scope.artistId)
      : 'influencerId' in scope
        ? eq(expressCampaigns.curatorId, scope.influencerId)
        : undefined,
    status && status.length > 0 ? inArray(expressCampaigns.statusId, status) : undefined,
  );
}

function base(deps: Pick<Deps, 'database'>, readerId?: number) {
  return deps.database.db
    .select(readerId === undefined ? selectCampaign : { ...selectCampaign, unread: unreadOf(readerId) })
    .from(expressCampaigns)
    .innerJoin(socialAccounts, eq(socialAccounts.id, expressCampaigns.accountId))
    .innerJoin(socialTiers, eq(socialTiers.id, expressCampaigns.socialTierId))
    .innerJoin(artists, eq(artists.id, expressCampaigns.artistId))
    .innerJoin(influencers, eq(influencers.id, expressCampaigns.curatorId))
    .leftJoin(expressSellerReviews, eq(expressSellerReviews.campaignId, expressCampaigns.id));
}

/**
 * The condition of a platform's campaign list (`listSocialCampaigns`, `socialCampaignExportQuery`):
 * the platform, the reader's side, `filter[status]` and, for staff, `q`, `filter[disputed]`, the typed
 * filters and the date range.
 * @throws ValidationError 422 for a date that is not a day or a range ending before it starts
 */
function socialCampaignWhere(
  adapter: AccountAdapter,
  scope: SocialScope,
  query: Pick<ListQuery, 'filter' | 'q'>,
): SQL | undefined {
  const raw = query.filter?.status;
  const status = (Array.isArray(raw) ? raw : raw ? [raw] : [])
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 8);
  const disputed = 'staff' in scope && one(query.filter?.disputed) === '1';
  const search = 'staff' in scope ? query.q?.trim() : undefined;
  return and(
    scopeWhere(adapter, scope, status),
    disputed
      ? sql`${expressCampaigns.disputedAt} is not null and ${expressCampaigns.disputeDecision} is null and ${expressCampaigns.statusId} = ${S.VERIFYING}`
      : undefined,
    search
      ? sql`(${ilike(expressCampaigns.trackName, containsPattern(search))} or ${expressCampaigns.id}::text = ${search})`
      : undefined,
    ...('staff' in scope
      ? [
          staffCampaignFilters(query.filter, {
            artist: artists,
            seller: influencers,
            track: expressCampaigns.trackName,
          }),
          ...dateRangeFilter(query.filter, expressCampaigns.createdAt),
        ]
      : []),
  );
}

/**
 * A side's campaigns of a platform, newest first (`artist/campaigns`, `influencer/campaigns`, and
 * staff's /express/tiktok/campaigns/list); `filter[status]` narrows to statuses 1..8; staff may also
 * search `q` (song name or campaign id), `filter[disputed]=1` (disputes waiting for a decision: still
 * Verifying, as the staff to-do counts them), the typed `filter[artist]`, `filter[seller]`,
 * `filter[track]` (`staffCampaignFilters`) and `filter[date_from]`/`filter[date_to]` (`dateRangeFilter`).
 * @throws ValidationError 422 for a date that is not a day or a range ending before it starts
 */
export async function listSocialCampaigns(
  deps: Pick<Deps, 'database'>,
  adapter: AccountAdapter,
  scope: SocialScope,
  query: ListQuery,
) {
  const where = socialCampaignWhere(adapter, scope, query);
  // The reader's unread messages ride on each row of an artist's or an influencer's own list.
  const reader =
    'artistId' in scope ? scope.artistId : 'influencerId' in scope ? scope.influencerId : undefined;
  const [rows, [count]] = await Promise.all([
    base(deps, reader)
      .where(where)
      .orderBy(desc(expressCampaigns.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    // The staff filters name the artist and the influencer: the count joins them as the rows do.
    deps.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(expressCampaigns)
      .innerJoin(artists, eq(artists.id, expressCampaigns.artistId))
      .innerJoin(influencers, eq(influencers.id, expressCampaigns.curatorId))
      .where(where),
  ]);
  return {
    data: rows.map((r) => item(r as Row, adapter)),
    pagination: paginate(count?.n ?? 0, query.page, query.limit),
  };
}

/**
 * The query of staff's TikTok or Instagram campaign list's CSV export
 * (`GET /api/admin/express/{platform}/campaigns/export.csv`, issue 36): every campaign of the platform
 * the list's `q` and filters select (`socialCampaignWhere`, the list's own condition), newest first, as
 * {@link CampaignExportRow}s: the target is the account's username, the tier the account's tier.
 * @throws ValidationError 422 for a date that is not a day or a range ending before it starts
 */
export function socialCampaignExportQuery(
  adapter: AccountAdapter,
  query: Pick<ListQuery, 'filter' | 'q'>,
): SQL {
  const where = socialCampaignWhere(adapter, { staff: true }, query);
  return sql`select ${expressCampaigns.id} as id, ${expressCampaigns.createdAt} as created_at,
      ${expressCampaigns.statusId} as status_id, ${artists.id} as artist_id,
      ${artists.firstName} || ' ' || ${artists.lastName} as artist_name, ${artists.email} as artist_email,
      ${influencers.id} as seller_id, ${influencers.firstName} || ' ' || ${influencers.lastName} as seller_name,
      ${influencers.email} as seller_email, ${expressCampaigns.trackName} as track_name,
      ${expressCampaigns.trackArtist} as track_artist, ${expressCampaigns.trackUrl} as track_url,
      ${socialAccounts.username} as target, ${socialTiers.tierName} as tier,
      ${expressCampaigns.price} as price_coins, ${expressCampaigns.paidCoins} as paid_coins,
      ${expressCampaigns.refundedCoins} as refunded_coins, ${expressCampaigns.completedAt} as completed_at
    from ${expressCampaigns}
    join ${socialAccounts} on ${socialAccounts.id} = ${expressCampaigns.accountId}
    join ${socialTiers} on ${socialTiers.id} = ${expressCampaigns.socialTierId}
    join ${users} ${artists} on ${artists.id} = ${expressCampaigns.artistId}
    join ${users} ${influencers} on ${influencers.id} = ${expressCampaigns.curatorId}
    where ${where ?? sql`true`}
    order by ${expressCampaigns.id} desc`;
}

/**
 * One campaign of a platform as its artist or influencer sees it (`artist/show/campaign/{id}`).
 * @throws NotFoundError when not this platform's or not the reader's
 */
export async function socialCampaign(
  deps: Pick<Deps, 'database'>,
  adapter: AccountAdapter,
  scope: SocialScope,
  id: number,
) {
  const [r] = await base(deps).where(and(eq(expressCampaigns.id, id), scopeWhere(adapter, scope)));
  if (!r) throw new NotFoundError();
  return item(r as Row, adapter);
}

/**
 * One campaign with its timeline (notes in `lang`) and the artist's review, as its artist or influencer
 * sees it (`artist/show/campaign/{id}`).
 * @throws NotFoundError when not this platform's or not the reader's
 */
export async function socialCampaignDetail(
  deps: Pick<Deps, 'database'>,
  adapter: AccountAdapter,
  scope: SocialScope,
  id: number,
  lang: Language,
) {
  const c = await socialCampaign(deps, adapter, scope, id);
  const extras = await timelinesAndReviews(deps.database, [id], lang, adapter.typeId);
  return { ...c, ...extras.get(id)! };
}

/**
 * The artist's campaign whose post waits for the artist's word on its sound (Verifying, in the window
 * of a platform that has one).
 */
async function confirmable(deps: Deps, artistId: number, id: number): Promise<Campaign> {
  const [c] = await deps.database.db
    .select()
    .from(expressCampaigns)
    .where(and(eq(expressCampaigns.id, id), eq(expressCampaigns.artistId, artistId)));
  const accounts = c ? findAdapter(c.campaignTypeId)?.accounts : undefined;
  if (!c || !accounts?.confirmWindowHours) throw new NotFoundError();
  const until = confirmUntil(c, { accounts });
  if (c.statusId !== S.VERIFYING || !until || c.disputedAt || c.artistConfirmedAt)
    throw new ConflictError('express.not_confirmable');
  if (deps.clock.now() >= until) throw new ConflictError('express.confirm_window_over');
  return c;
}

/**
 * Campaign `id` while the artist can still confirm or dispute it: Verifying, neither confirmed nor
 * disputed. The confirm and dispute updates are guarded by it in one statement, so the first of two
 * racing answers wins and the second changes nothing.
 */
const stillConfirmable = (id: number) =>
  and(
    eq(expressCampaigns.id, id),
    eq(expressCampaigns.statusId, S.VERIFYING),
    isNull(expressCampaigns.artistConfirmedAt),
    isNull(expressCampaigns.disputedAt),
  );

/**
 * The artist confirms, from the embed, that the submitted reel uses the sound (Instagram's
 * media has no audio field, the artist has 72 hours; `express-instagram/artist/campaign/confirm`).
 * The reel is then checked at once and, still there, the campaign goes On Going without waiting for
 * the rest of the window.
 * @returns the campaign after the check
 * @throws NotFoundError when not the artist's Instagram campaign; ConflictError 'express.not_confirmable'
 *   (not Verifying, already confirmed or disputed) or 'express.confirm_window_over'
 */
export async function confirmSound(deps: Deps, artistId: number, id: number): Promise<Campaign> {
  await confirmable(deps, artistId, id);
  const now = deps.clock.now();
  const [row] = await deps.database.db
    .update(expressCampaigns)
    .set({ artistConfirmedAt: now, nextCheckAt: now, updatedAt: now })
    .where(stillConfirmable(id))
    .returning();
  if (!row) throw new ConflictError('express.not_confirmable');
  await advance(deps, id);
  const [after] = await deps.database.db.select().from(expressCampaigns).where(eq(expressCampaigns.id, id));
  return after!;
}

/**
 * The artist disputes the reel's sound within the 72 hours (`express-instagram/artist/campaign/dispute`;
 * objective reasons only): the campaign stays Verifying and no longer moves by itself (its next check is
 * cleared) until staff decide (`decideDispute` in the engine: uphold fails and refunds it, reject
 * verifies it). Recorded in the timeline with the artist's words, audited; the influencer is told and
 * the staff who decide disputes are notified (`notifyStaffDisputeOpened`).
 * Guarded by status in one statement, so a dispute racing the move to On Going lands first or gets 409.
 * @throws NotFoundError; ConflictError 'express.not_confirmable' or 'express.confirm_window_over'
 */
export async function disputeSound(
  deps: Deps,
  artistId: number,
  id: number,
  reason: string,
): Promise<Campaign> {
  await confirmable(deps, artistId, id);
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .update(expressCampaigns)
      .set({ disputedAt: now, disputeReason: reason, nextCheckAt: null, updatedAt: now })
      .where(stillConfirmable(id))
      .returning();
    if (!row) throw new ConflictError('express.not_confirmable');
    await tx.db.insert(expressCampaignEvents).values({
      campaignId: id,
      fromStatus: S.VERIFYING,
      toStatus: S.VERIFYING,
      actorType: 'user',
      actorId: artistId,
      note: reason,
      createdAt: now,
    });
    await audit(
      deps.database,
      { type: 'user', id: artistId },
      {
        action: 'express.dispute_opened',
        targetType: 'express_campaign',
        targetId: row.id,
        meta: { status: row.statusId },
      },
      tx,
    );
    await tellUser(
      deps,
      tx,
      row.curatorId,
      'dispute_opened_influencer',
      { track: row.trackName },
      row.id,
      adapterFor(row.campaignTypeId).campaignPath(row.id),
    );
    await notifyStaffDisputeOpened(tx, { id: row.id, track: row.trackName });
    return row;
  });
}

/**
 * Staff's view of one campaign of a platform (/express-tiktok-campaigns/{id}): the campaign and its
 * timeline, notes translated into `lang` with the video wording of TikTok and Instagram, staff events
 * named by the staff member.
 * @throws NotFoundError when no such campaign of this platform
 */
export async function staffSocialCampaign(
  deps: Pick<Deps, 'database'>,
  adapter: AccountAdapter,
  id: number,
  lang: Language,
) {
  const campaign = await socialCampaign(deps, adapter, { staff: true }, id);
  const extras = await timelinesAndReviews(deps.database, [id], lang, adapter.typeId, true);
  const { timeline, decline } = extras.get(id)!;
  return { ...campaign, timeline, decline };
}

/** An influencer's campaign of this platform waiting for a video, with its account. */
async function waitingCampaign(deps: Deps, adapter: AccountAdapter, influencerId: number, id: number) {
  const c = await ownCampaign(deps.database, adapter.typeId, id, { sellerId: influencerId });
  if (!c || c.accountId === null) throw new NotFoundError();
  if (c.statusId !== S.WAITING_SUBMISSION) throw new ConflictError('express.not_waiting');
  return c as Campaign & { accountId: number };
}

/**
 * The videos (TikTok) or reels (Instagram) of the campaign's account posted since the acceptance, newest
 * first (`tiktok/list/videos`, `influencer/instagram/reels`): what the influencer may submit.
 * @throws NotFoundError when the campaign is not the influencer's; ConflictError when not waiting;
 *   ConflictError 'connections.account_expired' when the account must be reconnected
 */
export async function submittableVideos(
  deps: Deps,
  adapter: AccountAdapter,
  influencerId: number,
  campaignId: number,
) {
  const c = await waitingCampaign(deps, adapter, influencerId, campaignId);
  return adapter.accounts.submittableVideos(deps, c.accountId, acceptedAt(c)?.getTime() ?? 0);
}

/**
 * The influencer submits one of the account's videos or reels for the campaign (`check-tiktok-video`,
 * `influencer/check/music`): it must be among {@link submittableVideos}; the adapter then checks it.
 * @returns whether it proves the promise (then the campaign is Verifying)
 * @throws ValidationError 422 on `video_id` when not one of the account's recent posts; NotFoundError;
 *   ConflictError when the campaign is not waiting for a video
 */
export async function submitVideo(
  deps: Deps,
  adapter: AccountAdapter,
  influencerId: number,
  campaignId: number,
  videoId: string,
) {
  const videos = await submittableVideos(deps, adapter, influencerId, campaignId);
  const video = videos.find((v) => v.id === videoId);
  if (!video) throw new ValidationError({ video_id: ['express.video_not_found'] });
  return submit(deps, influencerId, campaignId, { id: video.id, url: video.url });
}

/**
 * The influencer reviews the artist once the campaign is completed (`influencer/add/review`; the
 * artist reviews the influencer too): rating 1 to 5, an optional comment (at most 1000, the route
 * checks; the database too). One per campaign: the unique index answers a second or concurrent one.
 * @throws NotFoundError when not the influencer's campaign of this platform; ConflictError
 *   'express.review_not_allowed' before completion, 'express.already_reviewed' when reviewed
 */
export async function addInfluencerReview(
  deps: Pick<Deps, 'database'>,
  adapter: AccountAdapter,
  influencerId: number,
  campaignId: number,
  rating: number,
  comment: string | null,
) {
  const c = await ownCampaign(deps.database, adapter.typeId, campaignId, { sellerId: influencerId });
  if (!c) throw new NotFoundError();
  if (c.statusId !== S.COMPLETED) throw new ConflictError('express.review_not_allowed');
  const [row] = await deps.database.db
    .insert(expressSellerReviews)
    .values({ campaignId, sellerId: influencerId, rating, comment })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ConflictError('express.already_reviewed');
  return row;
}

/**
 * A creator edits what artists read on an account's profile (issue "Choose with evidence"):
 * description, moods, lyrics languages, unreleased tracks taken, genres, AI-made music refused. Row
 * locked; audited as the account's settings change, naming the fields changed.
 * @throws NotFoundError when the account is not the creator's, of another platform, or revoked;
 *   ValidationError 422 on an unknown language (`language_ids`) or genre (`genre_ids`)
 */
export async function editAccountProfile(
  deps: Pick<Deps, 'database'>,
  adapter: AccountAdapter,
  actor: AuditActor & { id: number },
  accountId: number,
  input: OfferProfileEdit & { genre_ids?: number[]; refuses_ai?: boolean },
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(
        and(
          eq(socialAccounts.id, accountId),
          eq(socialAccounts.userId, actor.id),
          eq(socialAccounts.platform, adapter.key),
          ne(socialAccounts.status, 'revoked'),
        ),
      )
      .for('update');
    if (!row) throw new NotFoundError();
    const patch = {
      ...(await profilePatch(tx, input)),
      ...(input.refuses_ai !== undefined ? { refusesAi: input.refuses_ai } : {}),
    };
    if (Object.keys(patch).length)
      await tx.db.update(socialAccounts).set(patch).where(eq(socialAccounts.id, row.id));
    if (input.genre_ids !== undefined) await replaceAccountGenres(tx, row.id, input.genre_ids);
    await audit(
      deps.database,
      actor,
      {
        action: 'connections.settings_changed',
        targetType: 'social_account',
        targetId: row.id,
        meta: { platform: adapter.key, fields: Object.keys(input).sort().join(',') },
      },
      tx,
    );
  });
}
