import { type Disclosure, disclosureOf } from '@lm/contracts/disclosure';
import type { ExpressPlayer } from '@lm/contracts/express';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema';
import type { AppDeps } from '../../../platform/app';
import type { expressCampaigns } from '../express.schema';

/**
 * The seam between the express engine and one platform (one engine for all platforms, a small adapter
 * per platform).
 *
 * The engine (`express.machine.ts`, `express.service.ts`) owns everything every platform shares:
 * campaigns and their statuses 1..8, the hold in the wallet ledger, deadlines and pg-boss jobs,
 * notifications, the timeline, audit entries, reviews, renewals and the admin force-end. It never
 * calls a platform's API itself: it asks the campaign's adapter three questions at the right time —
 *
 * 1. {@link ExpressPlatformAdapter.proveSubmission}: does this submission prove the promise? (Waiting
 *    for submission -> Verifying, then Verifying -> On Going once proven again after the delay.)
 * 2. {@link ExpressPlatformAdapter.stillThere}: is it still there? (periodic checks while On Going; a
 *    "no" ends the campaign early and pays {@link ExpressPlatformAdapter.earlyEndShare}.)
 * 3. {@link ExpressPlatformAdapter.achievement}: what did it achieve? (at the end of Auditing: how
 *    many of the held coins the seller earns; the rest is refunded as desc 3 `complete_refund`.)
 *
 * plus what it needs to create a campaign: the sound ({@link ExpressPlatformAdapter.resolveSound})
 * and the targets with their seller and tier price ({@link ExpressPlatformAdapter.loadTargets}).
 *
 * Adding a platform is one file `platforms/<name>.adapter.ts` exporting an object of this type,
 * registered in `platforms/index.ts`. Reading that file answers "how does a <platform> campaign
 * end". Adapters throw only typed errors (`platform/errors.ts`); a provider outage while checking
 * should throw (the job retries) rather than answer "not there".
 */
export interface ExpressPlatformAdapter {
  /** `campaign_type_id` of spec section 3: 1 Spotify, 2 TikTok, 3 Instagram. */
  readonly typeId: ExpressCampaignTypeId;
  /** Written into ledger meta (`campaign_type`) and the API answers (`type`); also the platform's
   * name in `social_accounts.platform` and in the user app's paths. */
  readonly key: string;
  /** How often and how long the engine looks (minutes). */
  readonly timing: ExpressTiming;
  /**
   * What the seller promises, which picks the wording of notifications and timeline notes: a
   * `placement` on a playlist (Spotify), or a `video` posted on an account (TikTok, Instagram: the
   * `<step>_video` variants of the message catalog).
   */
  readonly promise: 'placement' | 'video';
  /**
   * Present when the targets are influencers' connected accounts (TikTok, Instagram): the API paths and
   * rules of the account-based campaign screens. Every platform with this part gets those routes.
   */
  readonly accounts?: AccountPlatformParts;

  /**
   * The sound a campaign promotes, from the link the artist pasted (a Spotify track link, a TikTok
   * `/music/` link, an Instagram `reels/audio` link).
   * @returns the sound, or null when the link is not one of the platform's (the engine answers 422
   *   on `track_link` with {@link ExpressPlatformAdapter.invalidSoundKey})
   */
  resolveSound(deps: EngineDeps, link: string): Promise<ExpressSound | null>;
  /** Message key of a link that is not the platform's sound ('Not A valid Track', 'Invalid Music URL'). */
  readonly invalidSoundKey: string;
  /** Link to the sound for renewals (the engine passes it back to {@link resolveSound}). */
  soundLink(campaign: ExpressCampaignRow): string;
  /**
   * How the seller hears a released sound before deciding: the platform's
   * embed player, or the sandbox's generated preview. Without it the seller is given the sound's link
   * (no playback reports). An unreleased song always plays from the artist's upload (the engine).
   * `seconds`: the listening asked, which a generated preview lasts at least.
   */
  player?(
    deps: Pick<EngineDeps, 'providers' | 'config'>,
    campaign: ExpressCampaignRow,
    seconds: number,
  ): ExpressPlayer;
  /** How a finished campaign is bought again (renew-check and renew, `express.renewal.ts`). */
  readonly renewal: ExpressRenewalParts;

  /**
   * The buyable targets among `ids` (only listed, approved ones, with an active tier), in ascending
   * id order so that concurrent requests take the one-open-campaign index entries in the same order.
   * A missing id means "unavailable": the engine refuses the whole request. With `payerId` (a
   * purchase), each target also carries the payer's current wallet balance
   * ({@link payerBalanceColumn}) and the campaign and hold ids it would be bought under
   * ({@link RESERVED_IDS}), read in the same statement. `db`: a transaction, or the pool.
   */
  loadTargets(db: Pick<Tx, 'db'>, ids: readonly number[], payerId?: number): Promise<ExpressTarget[]>;
  /**
   * The campaign columns naming a target and its tier: `playlistId` and `tierId` (Spotify, express
   * tiers) or `accountId` and `socialTierId` (TikTok, Instagram: the connections' tiers).
   */
  targetColumns(
    target: ExpressTarget,
  ): { playlistId: number; tierId: number } | { accountId: number; socialTierId: number };
  /** Name of the partial unique index that allows one open campaign per sound and target. */
  readonly oneOpenIndex: string;
  /** Where the seller sees a new incoming campaign in the user app (a path). */
  sellerLink(target: ExpressTarget): string;
  /** The campaign's page in the user app (a path), linked from notifications and mails. */
  campaignPath(campaignId: number): string;

  /**
   * Terms fixed when the seller accepts (optional): TikTok and Instagram agree the views the video
   * should reach by the audit (from the account's recent median views), which
   * {@link ExpressPlatformAdapter.achievement} later compares with. Spotify has none.
   */
  termsAtApproval?(deps: EngineDeps, campaign: ExpressCampaignRow): Promise<{ targetViews: number | null }>;

  /**
   * Does the submission prove the promise right now? Spotify: the track is on the playlist.
   * TikTok/Instagram: the submitted video is public and uses the campaign's sound. Called when the
   * seller submits, at every waiting check, at the submission deadline and after the verify delay.
   */
  proveSubmission(deps: EngineDeps, campaign: ExpressCampaignRow): Promise<ExpressCheck>;
  /** Is the proven placement or video still there (On Going re-checks)? */
  stillThere(deps: EngineDeps, campaign: ExpressCampaignRow): Promise<ExpressCheck>;
  /**
   * What did the campaign achieve, at the end of Auditing: the coins of the price the seller earns
   * (0..price, whole coins); the engine posts them from the hold and refunds the rest.
   */
  achievement(deps: EngineDeps, campaign: ExpressCampaignRow, now: Date): Promise<ExpressAchievement>;
  /**
   * The placement or video disappeared while On Going: the coins the seller earns for the time
   * served (0..price). See {@link proRataShare} for the usual rule.
   */
  earlyEndShare(campaign: ExpressCampaignRow, now: Date): { coins: number; servedDays: number };
}

/**
 * `campaign_type_id` values (spec section 3: 1 Spotify, 2 TikTok, 3 Instagram). A number, not a union:
 * the registered adapters are the list of platforms (`platforms/index.ts`).
 */
export type ExpressCampaignTypeId = number;

/** A post of a connected account that an influencer may submit for a campaign. */
export interface SubmittableVideo {
  /** The platform's id of the post. */
  id: string;
  url: string;
  caption: string;
  /** ISO 8601. */
  posted_at: string;
  /** Views when the platform reads them with the list; null otherwise. */
  views: number | null;
}

/**
 * What a platform whose sellers are influencers' connected accounts adds to the adapter: where its
 * API lives (the spec gives each platform its own paths) and the few rules that differ between such
 * platforms. The shared account-campaign code (`social.service.ts`, `social.routes.ts`) reads these
 * instead of testing the platform's name.
 */
export interface AccountPlatformParts {
  /** The platform's API paths (spec section 7): the prefix, the list of submittable posts, the submit. */
  paths: { base: string; videos: string; submit: string };
  /** The music-link check paths answering the sound of a link or the platform's invalid-link message. */
  musicChecks: readonly string[];
  /** OpenAPI tag of the platform's routes. */
  tag: string;
  /** The public page of an account on the platform, from its handle (the profile's link). */
  profileUrl(username: string): string;
  /**
   * An unreleased song also needs a cover image, sent as `tiktok_img` (TikTok shows one with the
   * sound; the field keeps its spec name).
   */
  unreleasedCover: boolean;
  /**
   * Hours the artist has to confirm or dispute a proven post's sound from its embed, when the platform
   * cannot tell the sound itself (Instagram: 72); null when the platform checks the sound. A platform
   * with a window gets the artist's confirm and dispute routes and the staff's dispute decision.
   */
  confirmWindowHours: number | null;
  /**
   * The posts of the campaign's account the influencer may submit: posted at or after `since`
   * (epoch ms), newest first.
   * @throws ConflictError 'connections.account_expired' when the account must be reconnected
   */
  submittableVideos(deps: EngineDeps, accountId: number, since: number): Promise<SubmittableVideo[]>;
  /**
   * The sounds of the account's newest posts (at most `limit` posts), offered to an artist as their
   * own sounds: each a link the platform's music-link check ({@link ExpressPlatformAdapter.resolveSound})
   * is then asked about, with the name and cover the post shows. A post whose sound cannot be read is
   * left out, never guessed. A platform without it offers only the sounds of the artist's earlier
   * campaigns.
   * @throws the provider's API error when the platform refuses the token or does not answer
   */
  postSounds?(deps: EngineDeps, accountId: number, limit: number): Promise<PostSound[]>;
}

/** A sound link read from one of an account's posts, with what the post shows of it. */
export interface PostSound {
  /** A link to the sound (it still has to pass the platform's music-link check). */
  link: string;
  /** The sound's title or the post's caption ('' when neither is known). */
  name: string;
  cover: string | null;
}

/**
 * What differs between platforms when an artist renews a finished campaign: which target it was bought
 * on and whether that target can still be bought, and how the new campaign is asked for. The engine
 * (`express.renewal.ts`) owns the rest: the campaign must be the artist's, of this platform and
 * finished; the new one is created like any purchase and names the one it renews.
 */
export interface ExpressRenewalParts {
  /**
   * The request field that lists the targets in a purchase of this platform (`playlist_ids`,
   * `account_ids`): a renewal's validation errors name it and its audit entry lists the target under
   * it, as the platform's create request would.
   */
  readonly targetsField: string;
  /**
   * True: the renewal repeats the artist's pitch and the song name they gave (TikTok, Instagram: the
   * influencer is asked the same thing again). False: it asks without a pitch and reads the sound's
   * name from its link again (Spotify).
   */
  readonly keepsArtistText: boolean;
  /**
   * The campaign's target as it stands today: its id and name (null when it can no longer be read as
   * a target), the price in coins a renewal would hold, and whether it can be bought again (Spotify:
   * the playlist is listed, not hidden and its curator allows renewals; TikTok, Instagram: the account
   * is connected with an active tier and not hidden).
   * @returns null when the campaign names no target of this platform (the engine answers 404)
   */
  target(deps: EngineDeps, campaign: ExpressCampaignRow): Promise<ExpressRenewalTarget | null>;
}

/** A finished campaign's target as a renewal would buy it (see {@link ExpressRenewalParts.target}). */
export interface ExpressRenewalTarget {
  /** `express_playlists.id` or the connected account's id. */
  id: number;
  /** The playlist's name or `@username`; null when the account can no longer be bought. */
  name: string | null;
  /** Coins a renewal would hold today (the target's tier price). */
  price: number;
  /** Whether the target can be bought again now. */
  available: boolean;
}

/** Infrastructure an adapter may use (the engine passes its own). */
export type EngineDeps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/** A campaign row as the engine reads it. */
export type ExpressCampaignRow = typeof expressCampaigns.$inferSelect;

/** Check cadence of a platform, in minutes. */
export interface ExpressTiming {
  /** After a submission is first proven, it must still be proven this long later to go On Going. */
  verifyDelayMinutes: number;
  /** While waiting for a submission, look this often. */
  checkEveryWaitingMinutes: number;
  /** While On Going, re-check this often. */
  checkEveryOnGoingMinutes: number;
}

/** The promoted sound (stored on the campaign as track_*). */
export interface ExpressSound {
  /** The platform's id of the sound (Spotify track id, TikTok music id, Instagram audio id). */
  id: string;
  url: string;
  name: string;
  artist: string;
  coverUrl: string | null;
}

/** One buyable target: a Spotify playlist or an influencer's connected account. */
export interface ExpressTarget {
  /** `express_playlists.id` or the connected account's id. */
  id: number;
  /** Shown to the artist and in the seller's notification. */
  name: string;
  /** Who is paid on completion: the curator or the influencer (`curator_id` on the campaign). */
  sellerId: number;
  /** The target's tier: an `express_tiers` id (Spotify) or a `social_tiers` id (TikTok, Instagram). */
  tierId: number;
  /** The tier's price in coins: what is held. */
  price: number;
  /** The seller's contact, read with the target: who is told of a new campaign, in their language. */
  seller: ExpressRecipient;
  /**
   * The seller takes no AI-made music on this target (`refuses_ai` of the playlist or account): a
   * track declared made with AI is refused (`express.target_refuses_ai`). Absent: takes any.
   */
  refusesAi?: boolean;
  /**
   * The payer's wallet balance (coins, committed, not locked) when `loadTargets` was given the payer:
   * an order it cannot cover is refused before anything is written; the hold decides under the lock.
   */
  payerBalance?: number;
  /**
   * Whether the payer's wallet and campaign escrow account both exist (read with `payerBalance`; the
   * hold then need not create them).
   */
  payerAccounts?: boolean;
  /**
   * The ids the campaign, its hold and its first timeline event would be written under
   * ({@link RESERVED_IDS}), when the target statement drew them; otherwise the engine draws them itself.
   */
  reserved?: ReservedIds;
  /**
   * What a campaign's detail answer shows of its target, when the target statement read it (Spotify's
   * purchase): the purchase then answers without reading its campaign back.
   */
  shown?: TargetShown;
}

/** See {@link ExpressTarget.reserved}. */
export interface ReservedIds {
  campaignId: number;
  holdId: number;
  eventId: number;
}

/** See {@link ExpressTarget.shown}: the playlist's link, image and followers, its tier's name, its seller's name. */
export interface TargetShown {
  url: string;
  imageUrl: string | null;
  followers: number;
  tierName: string;
  sellerName: string;
}

/**
 * The ids a purchase writes a target's campaign, hold and first timeline event under, drawn from their
 * sequences as columns of the target statement (no statement of their own): the engine then writes
 * the campaign, its timeline event, jobs, notices and hold without reading anything back, all with the
 * COMMIT. An id drawn for an order that is refused is not used (a gap, as a rolled-back insert leaves).
 */
export const RESERVED_IDS = {
  campaignId: sql<number>`nextval('express_campaigns_id_seq')`.mapWith(Number),
  holdId: sql<number>`nextval('ledger_holds_id_seq')`.mapWith(Number),
  eventId: sql<number>`nextval('express_campaign_events_id_seq')`.mapWith(Number),
};

/** `{ reserved }` of a target from the columns of {@link reservedIdColumns}; nothing when not drawn. */
export function reservedOf(
  columns: { campaignId: number | null; holdId: number | null; eventId: number | null } | null,
): { reserved?: ReservedIds } {
  return columns?.campaignId != null && columns.holdId != null && columns.eventId != null
    ? { reserved: { campaignId: columns.campaignId, holdId: columns.holdId, eventId: columns.eventId } }
    : {};
}

/** {@link RESERVED_IDS} when `withPayer` (a purchase), else nulls (a quote, staff). */
export function reservedIdColumns(withPayer: boolean): {
  campaignId: SQL<number | null>;
  holdId: SQL<number | null>;
  eventId: SQL<number | null>;
} {
  return withPayer
    ? RESERVED_IDS
    : { campaignId: sql<null>`null::int`, holdId: sql<null>`null::bigint`, eventId: sql<null>`null::bigint` };
}

/**
 * The payer's committed wallet balance as a column of a target statement (0 without a wallet), read
 * for the payer in the {@link PAYER_PLACEHOLDER} placeholder, or null when `withPayer` is false
 * (a purchase reads it with its targets, no statement of its own). For a
 * `prepareOnce` statement: execute it with `{ payer: id }`.
 */
export function payerBalanceColumn(withPayer: boolean): SQL<number | null> {
  return withPayer
    ? sql<number>`(select coalesce(max(b.balance), 0) from ledger_accounts b
        where b.user_id = ${sql.placeholder(PAYER_PLACEHOLDER)} and b.kind = 'user_wallet')`.mapWith(Number)
    : sql<null>`null::bigint`;
}
/**
 * Whether the payer (the {@link PAYER_PLACEHOLDER} placeholder) has both a wallet and a campaign escrow
 * account, as a column of a target statement; null when `withPayer` is false.
 */
export function payerAccountsColumn(withPayer: boolean): SQL<boolean | null> {
  return withPayer
    ? sql<boolean>`(select count(*) = 2 from ledger_accounts b
        where b.user_id = ${sql.placeholder(PAYER_PLACEHOLDER)} and b.kind in ('user_wallet', 'campaign_escrow'))`
    : sql<null>`null::boolean`;
}

/** The placeholder of {@link payerBalanceColumn}: the payer's user id. */
export const PAYER_PLACEHOLDER = 'payer';

/** The seller's {@link ExpressRecipient} as columns of a target statement joined to `users`. */
export const SELLER_CONTACT = {
  id: users.id,
  email: users.email,
  language: users.language,
  firstName: users.firstName,
};

/** A user to notify and mail, already read (`users.id`, e-mail, language, first name). */
export interface ExpressRecipient {
  id: number;
  email: string;
  language: string;
  firstName: string;
}

/** Answer of a proof or presence check. */
export interface ExpressCheck {
  ok: boolean;
  /** Spotify's zero-based position of the track in the playlist; null elsewhere or when not there. */
  position: number | null;
  /** Views read with the check (TikTok, Instagram), null when the platform has none. */
  views?: number | null;
  /** Likes, comments and shares read with the same call as the views; null when the platform gives none. */
  likes?: number | null;
  comments?: number | null;
  shares?: number | null;
  /**
   * Spotify, when the track is on the playlist: the playlist's followers and the track's popularity
   * (0..100) read with the check; null when Spotify gives none. Both go into the day's history row
   * (`campaign_checks`, `express.checks.ts`).
   */
  playlistFollowers?: number | null;
  trackPopularity?: number | null;
  /**
   * How the video discloses the paid promotion (TikTok, Instagram, {@link videoProof}): the platform's
   * flag, its caption, or `missing` (then `ok` is false). Absent for placements (Spotify).
   */
  disclosure?: Disclosure;
  /**
   * Why a submission found on the platform does not prove the promise, as a message key the seller
   * reads (how to fix it): e.g. `express.disclosure_missing`. Absent when simply not there.
   */
  reason?: string;
}

/**
 * A found video's proof, with its paid-promotion disclosure: the platform's branded-content flag when
 * its API exposes one (`flag`: true), else the caption (`@lm/contracts/disclosure`). Without either
 * the proof fails with the reason `express.disclosure_missing`, telling the creator how to fix it.
 */
export function videoProof(found: VideoFigures & { flag: boolean | null; caption: string }): ExpressCheck {
  const disclosure = disclosureOf(found.flag, found.caption);
  const figures = videoFigures(found);
  if (disclosure === 'missing')
    return { ok: false, position: null, ...figures, disclosure, reason: 'express.disclosure_missing' };
  return { ok: true, position: null, ...figures, disclosure };
}

/** A video's counts as a platform reads them; null where it gives none. */
export interface VideoFigures {
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
}

/** Only the counts of `found` (a provider's video object may carry more). */
export function videoFigures(found: VideoFigures): VideoFigures {
  return { views: found.views, likes: found.likes, comments: found.comments, shares: found.shares };
}

/** What a campaign earned at audit. */
export interface ExpressAchievement {
  /** Coins of the price posted to the seller (fee included); the rest is refunded. */
  coins: number;
  /**
   * What the audit read on the platform, when it read anything (TikTok, Instagram): the engine writes it
   * as the day's history row like any other check. Absent when nothing was read (Spotify).
   */
  check?: ExpressCheck;
  /** Facts recorded in the audit log (views, target ...). */
  meta?: Record<string, string | number | null>;
}

const DAY_MS = 86_400_000;

/**
 * The usual early-end rule: the seller earns the price times whole days served over `on_going_days`,
 * rounded down; the rest is refunded.
 * @returns coins in 0..price and the whole days served since On Going started
 */
export function proRataShare(campaign: ExpressCampaignRow, now: Date): { coins: number; servedDays: number } {
  const served = campaign.onGoingStartedAt
    ? Math.max(0, Math.floor((now.getTime() - campaign.onGoingStartedAt.getTime()) / DAY_MS))
    : 0;
  const coins = Math.min(campaign.price, Math.floor((campaign.price * served) / campaign.onGoingDays));
  return { coins, servedDays: served };
}
