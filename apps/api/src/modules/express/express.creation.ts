import { EXPRESS_CAMPAIGN_STATUS as S, USER_TYPES } from '@lm/contracts';
import type { Language } from '@lm/contracts/api';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import {
  flushWrites,
  insertShape,
  prepareOnce,
  type Tx,
  withSavepoint,
  withTransaction,
  writeLaterInsert,
} from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { payments, users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { parsePlaylistLink, parseTrackLink } from '../../providers/spotify/links';
import type { PurchaseRow } from '../accounts';
import { audit } from '../audit';
import { getSettings, rememberSettings, type SettingsMap, settingsFrom } from '../settings';
import { notifyStaffPendingPlaylist } from '../todos';
import { playlistVisibleToArtists, recomputeForCampaign } from '../trust';
import {
  DESC,
  hold,
  holdAtCommit,
  InsufficientBalanceError,
  ledgerRefusal,
  NEXT_HOLD_ID,
  type Purchase,
  quoteTopUp,
  startCheckout,
  topUpPurchase,
} from '../wallet';
import { ADVANCE_QUEUE, type Campaign } from './express.machine';
import { tellUser } from './express.notify';
import {
  expressCampaignEvents,
  expressCampaigns,
  expressDurations,
  expressPlaylistGenres,
  expressPlaylists,
  expressReviews,
  expressTiers,
  spotifyConnections,
} from './express.schema';
import type { ExpressPlatformAdapter } from './platforms/adapter';
import { adapterFor, spotifyAdapter } from './platforms/index';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/** At most this many playlists in one campaign request. */
export const MAX_PLAYLISTS_PER_REQUEST = 20;

/**
 * Create one Spotify campaign per chosen playlist for a track (`express/artist/campaign/create`): the
 * Spotify form of {@link createCampaignsFor}; the track link must be a Spotify track link
 * ('Not A valid Track').
 * @param outer run inside this transaction instead of a new one (the card-paid path)
 * @returns the created campaigns (status 1 Pending for Approval)
 * @throws see {@link createCampaignsFor}
 */
export async function createCampaigns(
  deps: Deps,
  artistId: number,
  input: {
    track_link: string;
    playlist_ids: number[];
    renewedFromId?: number;
    paymentMethod?: 'coins' | 'card';
    /** The artist's pitch for the curator (issue 20), already checked: at most 140 characters. */
    pitch?: string | null;
    /** Sound and settings read before `outer` was opened (see {@link CampaignPreparation}). */
    prepared?: CampaignPreparation;
    /** Staff ordering for the artist (`/api/admin/express/checkout`): see {@link StaffActor}. */
    byStaff?: StaffActor;
    /** Read with the request's token (the `purchase` preload): see {@link createCampaignsFor}. */
    preloaded?: PurchasePreload;
  },
  outer?: Tx,
): Promise<Campaign[]> {
  return createCampaignsFor(
    deps,
    spotifyAdapter,
    artistId,
    {
      soundLink: input.track_link,
      targetIds: input.playlist_ids,
      renewedFromId: input.renewedFromId,
      paymentMethod: input.paymentMethod,
      errorField: 'playlist_ids',
      pitch: input.pitch,
      prepared: input.prepared,
      byStaff: input.byStaff,
      preloaded: input.preloaded,
    },
    outer,
  );
}

/**
 * What the request read with its token (`purchase` preload, issue 18): the stored settings, so the
 * purchase sends no statement of its own for them.
 */
export type PurchasePreload = PurchaseRow;

/**
 * A staff member acting for a user (issue 13 "Staff": /express/checkout, /express/playlist/create):
 * the audit entry and the timeline name the staff member, the user is told what was done for them.
 */
export interface StaffActor {
  adminId: number;
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * What creating campaigns reads through the pool rather than a transaction: the sound (the platform's
 * provider) and the settings. A caller that creates campaigns inside its own transaction reads them
 * first: a transaction that holds a row lock and then waits for a second pool connection deadlocks
 * the pool once as many requests wait on that lock as the pool has connections (card returns
 * confirmed many times at once). `known`: settings already read with the request's token (the
 * `purchase` preload), so none are read here.
 * @returns the resolved sound (null when the link names none) and the settings
 */
export async function prepareCampaigns(
  deps: Deps,
  adapter: ExpressPlatformAdapter,
  soundLink: string,
  known?: SettingsMap,
): Promise<CampaignPreparation> {
  const sound = soundLink.trim() ? await adapter.resolveSound(deps, soundLink) : null;
  return { sound, settings: known ?? (await getSettings(deps.database)) };
}

/** See {@link prepareCampaigns}. */
export interface CampaignPreparation {
  sound: Awaited<ReturnType<ExpressPlatformAdapter['resolveSound']>>;
  settings: Awaited<ReturnType<typeof getSettings>>;
}

/**
 * Create one campaign per chosen target (a playlist, an influencer account) for a sound, on any
 * platform, paid with coins: one hold per target at its tier price (desc 2), all in one transaction,
 * so with too few coins nothing is held (409). Sellers are notified. A sound has at most one open
 * campaign (status 1..5) per target, whoever asks (issue 11 item 3): the adapter's partial unique
 * index decides between concurrent requests, and the whole request is refused.
 * @param input.errorField the request field that lists the targets (`playlist_ids`, `account_ids`)
 * @param outer run inside this transaction instead of a new one (the card-paid path)
 * @returns the created campaigns (status 1 Pending for Approval)
 * @throws ValidationError 422 (link: the adapter's invalid-sound key; targets, `express.own_target`
 *   when a target is the payer's own), ConflictError 409
 *   `express.campaign_already_open` naming the target, InsufficientBalanceError 409; nothing is held then
 */
export async function createCampaignsFor(
  deps: Deps,
  adapter: ExpressPlatformAdapter,
  artistId: number,
  input: {
    soundLink: string;
    targetIds: number[];
    renewedFromId?: number;
    paymentMethod?: 'coins' | 'card';
    errorField: string;
    /** Unreleased songs (TikTok, Instagram): upload keys of the file and the cover. */
    unreleased?: { mediaLink: string; tiktokImg?: string | null };
    /** The artist's pitch for the seller (issue 20), already checked: at most 140 characters. */
    pitch?: string | null;
    /** The song's name as the artist gives it (TikTok, Instagram), instead of the one read from the link. */
    soundName?: string | null;
    /** Sound and settings read before `outer` was opened (see {@link CampaignPreparation}). */
    prepared?: CampaignPreparation;
    /** Staff ordering for the artist: audited and timelined as the staff member; the artist is told. */
    byStaff?: StaffActor;
    /** See {@link PurchasePreload}. */
    preloaded?: PurchasePreload;
  },
  outer?: Tx,
): Promise<Campaign[]> {
  const invalidSound = () => new ValidationError({ track_link: [adapter.invalidSoundKey] });
  if (!input.soundLink.trim()) throw invalidSound();
  const ids = [...new Set(input.targetIds)];
  if (ids.length === 0) throw new ValidationError({ [input.errorField]: ['validation.required'] });
  if (ids.length > MAX_PLAYLISTS_PER_REQUEST) {
    throw new ValidationError({
      [input.errorField]: [{ key: 'express.too_many_playlists', params: { max: MAX_PLAYLISTS_PER_REQUEST } }],
    });
  }
  const { sound, settings } =
    input.prepared ??
    (await prepareCampaigns(
      deps,
      adapter,
      input.soundLink,
      input.preloaded ? settingsFrom(input.preloaded.settings) : undefined,
    ));
  if (!sound) throw invalidSound();
  const soundName = input.soundName?.trim().slice(0, 300) || sound.name;
  const now = deps.clock.now();

  const run = async (tx: Tx) => {
    // The mails of this order read their From name from these settings, not again (issue 18).
    rememberSettings(tx, settings);
    // Targets come in id order: two requests for the same targets wait on each other's index entry
    // in the same order, so one wins and the other gets 409, never a deadlock.
    const targets = await adapter.loadTargets(tx, ids, input.byStaff ? undefined : artistId);
    if (targets.length !== ids.length)
      throw new ValidationError({ [input.errorField]: ['express.playlist_unavailable'] });
    // Nobody buys a placement from themselves (a curator promoting a track of their own, issue 28
    // item 23): the fee would be paid to the platform for nothing and the seller's score would be fed
    // by their own purchases.
    if (targets.some((target) => target.sellerId === artistId))
      throw new ValidationError({ [input.errorField]: ['express.own_target'] });
    // The balance read with the targets cannot cover the order: refused before anything is written
    // (1,000 orders on one wallet, issue 18). It is read unlocked; the hold decides under the lock.
    const total = targets.reduce((sum, target) => sum + target.price, 0);
    const balance = targets[0]?.payerBalance;
    if (balance !== undefined && balance < total) throw new InsufficientBalanceError();

    const created: Campaign[] = [];
    for (const target of targets) {
      const c = await insertCampaign(tx, adapter, target.name, {
        campaignTypeId: adapter.typeId,
        artistId,
        curatorId: target.sellerId,
        ...adapter.targetColumns(target),
        trackId: sound.id,
        trackUrl: sound.url,
        trackName: soundName,
        trackArtist: sound.artist,
        coverUrl: sound.coverUrl,
        isReleased: !input.unreleased,
        mediaLink: input.unreleased?.mediaLink ?? null,
        tiktokImg: input.unreleased?.tiktokImg ?? null,
        pitch: input.pitch ?? null,
        statusId: S.PENDING_APPROVAL,
        price: target.price,
        paymentMethod: input.paymentMethod ?? 'coins',
        feePercent: settings.platform_fee_percent,
        playlistSubmissionDays: settings.playlist_submission_days,
        onGoingDays: settings.on_going_days,
        auditingDays: settings.auditing_days,
        renewedFromId: input.renewedFromId ?? null,
        // The hold's id, reserved now: the hold below is taken under it (no update afterwards).
        holdId: NEXT_HOLD_ID,
        createdAt: now,
        updatedAt: now,
      });
      writeLaterInsert(tx, expressCampaignEvents, {
        campaignId: c.id,
        fromStatus: null,
        toStatus: S.PENDING_APPROVAL,
        actorType: input.byStaff ? 'admin' : 'user',
        actorId: input.byStaff ? input.byStaff.adminId : artistId,
        noteKey: input.renewedFromId ? 'express.timeline.renewed' : 'express.timeline.created',
        noteParams: input.renewedFromId ? { campaign: input.renewedFromId } : null,
        createdAt: now,
      });
      await tellUser(
        deps,
        tx,
        target.seller,
        'new_campaign',
        { track: soundName, playlist: target.name, coins: target.price },
        c.id,
        adapter.sellerLink(target),
        adapter.typeId,
      );
      created.push(c);
    }
    const staff = input.byStaff;
    await audit(
      deps.database,
      staff
        ? { type: 'admin', id: staff.adminId, ip: staff.ip, userAgent: staff.userAgent }
        : { type: 'user', id: artistId },
      {
        action: 'express.created',
        targetType: 'express_campaign',
        targetId: created.map((c) => c.id).join(','),
        meta: {
          track_id: sound.id,
          campaign_type: adapter.key,
          [input.errorField.replace(/_ids$/, 's')]: ids,
          ...(staff ? { on_behalf_of: artistId } : {}),
        },
      },
      tx,
    );
    if (staff) {
      await tellUser(
        deps,
        tx,
        artistId,
        'created_by_staff',
        {
          track: soundName,
          playlists: targets.map((t) => t.name).join(', '),
          coins: created.reduce((sum, c) => sum + c.price, 0),
        },
        created.length === 1 ? created[0]!.id : null,
        created.length === 1 ? `/express-campaigns/${created[0]!.id}` : '/express/campaigns/list',
        adapter.typeId,
      );
    }
    // The holds come last (issue 18): the payer's wallet stays locked from the first hold to the
    // commit, so everything else of the order is written before it is taken, the queued timeline
    // events, notifications, mails and audit entry too (one statement). In a transaction of its own,
    // the holds go with the COMMIT in one round trip: the wallet is locked only while PostgreSQL
    // works. In the caller's transaction (`outer`), they are taken now.
    await flushWrites(tx);
    for (const c of created) {
      const holdInput = {
        userId: artistId,
        coins: c.price,
        descId: DESC.CAMPAIGN_PURCHASE,
        idempotencyKey: `express:${c.id}:hold`,
        reservedId: c.holdId!,
        ref: { type: 'express_campaign', id: c.id },
        meta: { campaign_type: adapter.key, campaign_id: c.id },
      };
      if (outer) await hold(tx, { ...holdInput, freshKey: true });
      else holdAtCommit(tx, holdInput);
    }
    return created;
  };
  return outer
    ? run(outer)
    : withTransaction(deps.database, run).catch((err: unknown) => {
        throw ledgerRefusal(err);
      });
}

/**
 * The campaign INSERT of `values`, built once per connection and shape (issue 18: drizzle building this
 * 30-column insert was a large share of a purchase's CPU): one placeholder per value; a null, or the
 * reserved hold id ({@link NEXT_HOLD_ID}), is part of the shape (the key) and written into the SQL.
 * Any other SQL value is built each time.
 */
function campaignInsert(tx: Tx, values: PgInsertValue<typeof expressCampaigns>) {
  const shape = insertShape(values, [NEXT_HOLD_ID]);
  if (!shape) return tx.db.insert(expressCampaigns).values(values).returning();
  return prepareOnce(tx.db, `express.campaign.insert:${shape.key}`, (name) =>
    tx.db
      .insert(expressCampaigns)
      .values(shape.placeholders as PgInsertValue<typeof expressCampaigns>)
      .returning()
      .prepare(name),
  ).execute(shape.given);
}

/**
 * Insert one campaign row; the adapter's unique index on open campaigns per sound and target refuses
 * a second one (the transaction is then aborted, so the caller's holds roll back with it).
 * @throws ConflictError 409 `express.campaign_already_open` with the target's name
 */
async function insertCampaign(
  tx: Tx,
  adapter: ExpressPlatformAdapter,
  targetName: string,
  values: PgInsertValue<typeof expressCampaigns>,
): Promise<Campaign> {
  try {
    const [row] = await campaignInsert(tx, values);
    return row!;
  } catch (err) {
    if (isUniqueViolation(err, adapter.oneOpenIndex))
      throw new ConflictError('express.campaign_already_open', { playlist: targetName });
    throw err;
  }
}

/**
 * A curator lists a playlist (`express/curator/playlist/create`): link rule, not listed yet, found on
 * Spotify, owned by the curator's connected account; it waits for admin approval (status 2).
 * With `byStaff` (back-office /express/playlist/create) staff list it for the curator with the same
 * rules: the curator must be an approved curator (checked again under a share lock of their row), the
 * playlist records the staff member (`by_admin`), the audit entry names them, the curator is told.
 * @returns the new playlist row (status 2)
 * @throws ValidationError 422 (`spotify_url`: link, listed, not found, no connection, not owner;
 *   `tier_id`, `duration_id`; `curator_id` 'express.behalf.not_curator' with `byStaff`)
 */
export async function createPlaylist(
  deps: Deps,
  curatorId: number,
  input: {
    spotify_url: string;
    tier_id: number;
    duration_id: number;
    genre_ids: number[];
    renewable: boolean;
  },
  byStaff?: StaffActor,
) {
  if (byStaff) await assertApprovedUser(deps.database, curatorId, 'curator');
  const playlistId = parsePlaylistLink(input.spotify_url);
  if (!playlistId) throw new ValidationError({ spotify_url: ['express.invalid_playlist_link'] });
  const [exists] = await deps.database.db
    .select({ id: expressPlaylists.id })
    .from(expressPlaylists)
    .where(eq(expressPlaylists.spotifyPlaylistId, playlistId));
  if (exists) throw new ValidationError({ spotify_url: ['express.playlist_exists'] });
  const connections = await deps.database.db
    .select()
    .from(spotifyConnections)
    .where(and(eq(spotifyConnections.userId, curatorId), eq(spotifyConnections.isActive, 1)));
  if (connections.length === 0) throw new ValidationError({ spotify_url: ['express.no_connection'] });
  const info = await deps.providers.spotify.getPlaylist(playlistId);
  if (!info) throw new ValidationError({ spotify_url: ['express.playlist_not_found'] });
  let owner: (typeof connections)[number] | undefined;
  for (const c of connections) {
    if (await deps.providers.spotify.ownsPlaylist(playlistId, c.spotifyUserId)) {
      owner = c;
      break;
    }
  }
  if (!owner) throw new ValidationError({ spotify_url: ['express.not_owner'] });
  const [tier] = await deps.database.db
    .select()
    .from(expressTiers)
    .where(and(eq(expressTiers.id, input.tier_id), eq(expressTiers.status, 1)));
  if (!tier) throw new ValidationError({ tier_id: ['validation.invalid'] });
  const [duration] = await deps.database.db
    .select()
    .from(expressDurations)
    .where(eq(expressDurations.id, input.duration_id));
  if (!duration) throw new ValidationError({ duration_id: ['validation.invalid'] });
  return withTransaction(deps.database, async (tx) => {
    if (byStaff) await assertApprovedUser(tx, curatorId, 'curator');
    const [row] = await tx.db
      .insert(expressPlaylists)
      .values({
        curatorId,
        byAdminId: byStaff?.adminId ?? null,
        connectionId: owner.id,
        spotifyPlaylistId: playlistId,
        spotifyUrl: info.externalUrl,
        name: info.name.slice(0, 300),
        imageUrl: info.imageUrl,
        followers: info.followers,
        tierId: tier.id,
        durationId: duration.id,
        statusId: 2,
        renewable: input.renewable,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ValidationError({ spotify_url: ['express.playlist_exists'] });
    if (input.genre_ids.length > 0) {
      await tx.db
        .insert(expressPlaylistGenres)
        .values(input.genre_ids.map((genreId) => ({ playlistId: row.id, genreId })))
        .onConflictDoNothing();
    }
    await audit(
      deps.database,
      byStaff
        ? { type: 'admin', id: byStaff.adminId, ip: byStaff.ip, userAgent: byStaff.userAgent }
        : { type: 'user', id: curatorId },
      {
        action: 'express.playlist_created',
        targetType: 'express_playlist',
        targetId: row.id,
        meta: byStaff ? { on_behalf_of: curatorId } : undefined,
      },
      tx,
    );
    if (byStaff) {
      await tellUser(
        deps,
        tx,
        curatorId,
        'playlist_created_by_staff',
        { playlist: row.name },
        null,
        `/express/my/playlist/view/${row.id}`,
      );
    }
    await notifyStaffPendingPlaylist(tx, row);
    return row;
  });
}

/**
 * The user staff act for must be live, approved and of the expected type (an artist for a checkout, a
 * curator for a playlist). Inside a transaction the user's row is share-locked, so an approval
 * withdrawn or an account disabled at the same moment waits for the order or refuses it.
 * @throws ValidationError 422 on `artist_id` ('express.behalf.not_artist') or `curator_id`
 *   ('express.behalf.not_curator')
 */
export async function assertApprovedUser(
  db: Pick<Tx, 'db'>,
  userId: number,
  kind: 'artist' | 'curator',
): Promise<void> {
  const [user] = await db.db
    .select({ typeId: users.userTypeId, status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  const typeId = kind === 'artist' ? USER_TYPES.ARTIST : USER_TYPES.CURATOR;
  if (user?.typeId !== typeId || user.status !== 'approved' || user.deletedAt)
    throw new ValidationError({ [`${kind}_id`]: [`express.behalf.not_${kind}`] });
}

/**
 * Staff order Spotify express campaigns for an artist (back-office /express/checkout, issue 13
 * "Staff"): the artist's own {@link createCampaigns} (same link, playlist, pitch and balance rules,
 * one hold per playlist on the artist's coins, desc 2), run in a transaction that first share-locks the
 * artist's row and checks they are an approved artist; audited as the staff member, the artist told.
 * @returns the created campaigns (status 1 Pending for Approval)
 * @throws ValidationError 422 (`artist_id` 'express.behalf.not_artist'; the artist's own rules),
 *   ConflictError 409 (an open campaign of the track on a playlist), InsufficientBalanceError 409
 */
export async function orderForArtist(
  deps: Deps,
  staff: StaffActor,
  artistId: number,
  input: { track_link: string; playlist_ids: number[]; pitch?: string | null },
): Promise<Campaign[]> {
  const prepared = await prepareCampaigns(deps, spotifyAdapter, input.track_link);
  return withTransaction(deps.database, async (tx) => {
    await assertApprovedUser(tx, artistId, 'artist');
    return createCampaigns(deps, artistId, { ...input, prepared, byStaff: staff }, tx);
  });
}

/** Admin approves (1), declines (3, with a reason) or disables (3) a playlist; the curator is told. */
export async function setPlaylistStatus(
  deps: Deps,
  adminId: number,
  playlistId: number,
  status: 1 | 3,
  reason?: string,
) {
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .update(expressPlaylists)
      .set({
        statusId: status,
        declineReason: status === 3 ? (reason ?? null) : null,
        byAdminId: adminId,
        updatedAt: deps.clock.now(),
      })
      .where(eq(expressPlaylists.id, playlistId))
      .returning();
    if (!row) throw new NotFoundError();
    await audit(
      deps.database,
      { type: 'admin', id: adminId },
      {
        action: status === 1 ? 'express.playlist_approved' : 'express.playlist_declined',
        targetType: 'express_playlist',
        targetId: row.id,
        meta: { reason },
      },
      tx,
    );
    await tellUser(
      deps,
      tx,
      row.curatorId,
      status === 1 ? 'playlist_approved' : 'playlist_declined',
      { playlist: row.name, reason: reason ?? '-' },
      null,
      `/express/my/playlist/view/${row.id}`,
    );
    return row;
  });
}

/** Artist reviews a completed campaign once (`express/add/review`), rating 1 to 5. */
export async function addReview(
  deps: Deps,
  artistId: number,
  campaignId: number,
  rating: number,
  comment: string | null,
) {
  const [c] = await deps.database.db
    .select()
    .from(expressCampaigns)
    .where(eq(expressCampaigns.id, campaignId));
  if (!c || c.artistId !== artistId) throw new NotFoundError();
  if (c.statusId !== S.COMPLETED) throw new ConflictError('express.review_not_allowed');
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .insert(expressReviews)
      .values({ campaignId, artistId, rating, comment })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ConflictError('express.already_reviewed');
    // Issue 19: a review moves the offer's rating part, in the review's transaction.
    await recomputeForCampaign(tx, c, deps.clock.now());
    return row;
  });
}

/**
 * Can this campaign be renewed (`express/artist/campaign/renew/check`)? It must be the artist's,
 * finished (6, 7 or 8) and its playlist still listed and renewable.
 */
export async function renewCheck(deps: Deps, artistId: number, campaignId: number) {
  const [row] = await deps.database.db
    .select({
      c: expressCampaigns,
      p: expressPlaylists,
      price: expressTiers.price,
      // A playlist hidden after a confirmed fake-audience flag (issue 19) is not offered again.
      visible: sql<boolean>`${playlistVisibleToArtists()}`,
    })
    .from(expressCampaigns)
    .innerJoin(expressPlaylists, eq(expressPlaylists.id, expressCampaigns.playlistId))
    .innerJoin(expressTiers, eq(expressTiers.id, expressPlaylists.tierId))
    .where(eq(expressCampaigns.id, campaignId));
  if (!row || row.c.artistId !== artistId) throw new NotFoundError();
  const finished = [S.COMPLETED, S.DECLINED, S.FAILED_TO_SUBMIT].includes(row.c.statusId as 6 | 7 | 8);
  const renewable = finished && row.p.statusId === 1 && row.p.renewable && row.visible;
  return { renewable, price: row.price, campaign: row.c, playlist: row.p };
}

/** Renew (`express/artist/campaign/renew`): a new campaign for the same track and playlist. */
export async function renew(deps: Deps, artistId: number, campaignId: number) {
  const check = await renewCheck(deps, artistId, campaignId);
  if (!check.renewable) throw new ConflictError('express.not_renewable');
  const adapter = adapterFor(check.campaign.campaignTypeId);
  return createCampaignsFor(deps, adapter, artistId, {
    soundLink: adapter.soundLink(check.campaign),
    targetIds: [check.playlist.id],
    renewedFromId: campaignId,
    errorField: 'playlist_ids',
  });
}

/**
 * Campaign stats for the user dashboard (`web/user/campaigns/dashboard`): the user's
 * Spotify express campaigns (the ones the dashboard lists; TikTok and Instagram have their own pages).
 */
export async function dashboardStats(deps: Deps, userId: number, role: 'artist' | 'curator') {
  const col = role === 'artist' ? expressCampaigns.artistId : expressCampaigns.curatorId;
  const [row] = await deps.database.db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${expressCampaigns.statusId} in (2, 3, 4, 5, 6))`.mapWith(
        Number,
      ),
      pendingPublishing: sql<number>`count(*) filter (where ${expressCampaigns.statusId} in (2, 3))`.mapWith(
        Number,
      ),
      publishing: sql<number>`count(*) filter (where ${expressCampaigns.statusId} in (4, 5))`.mapWith(Number),
      declined: sql<number>`count(*) filter (where ${expressCampaigns.statusId} in (7, 8))`.mapWith(Number),
      pendingApproval: sql<number>`count(*) filter (where ${expressCampaigns.statusId} = 1)`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${expressCampaigns.statusId} = 6)`.mapWith(Number),
    })
    .from(expressCampaigns)
    // The Spotify campaigns, as the dashboard's "Last campaigns" beside them: counting other platforms
    // made the counter say 2 while the list showed 1 (a TikTok campaign counted but never listed).
    .where(and(eq(col, userId), eq(expressCampaigns.campaignTypeId, spotifyAdapter.typeId)));
  return {
    total_campaigns: row?.total ?? 0,
    total_campaigns_approved: row?.approved ?? 0,
    total_campaigns_pending_for_publishing: row?.pendingPublishing ?? 0,
    total_campaigns_publishing: row?.publishing ?? 0,
    total_campaigns_declined: row?.declined ?? 0,
    total_campaigns_invited: 0,
    total_campaigns_pending: row?.pendingApproval ?? 0,
    total_campaigns_pending_for_approval: row?.pendingApproval ?? 0,
    total_campaigns_completed: row?.completed ?? 0,
  };
}

/** Job definitions: the per-campaign advance job and the minute sweeper. */
export function expressJobs(deps: Deps) {
  return [
    {
      name: ADVANCE_QUEUE,
      retryLimit: 10,
      handler: async (data: object) => {
        const { advance } = await import('./express.machine');
        await advance(deps, (data as { campaignId: number }).campaignId);
      },
    },
    {
      name: 'express.sweep',
      cron: '* * * * *',
      retryLimit: 1,
      handler: async () => {
        const { sweep } = await import('./express.machine');
        await sweep(deps);
      },
    },
  ];
}

/**
 * Price in coins of a campaign request: the sum of the chosen approved playlists' tier prices.
 * @throws ValidationError when a playlist is not available
 */
export async function quoteCampaigns(deps: Deps, playlistIds: number[]): Promise<number> {
  const ids = [...new Set(playlistIds)];
  const rows = await deps.database.db
    .select({ price: expressTiers.price })
    .from(expressPlaylists)
    .innerJoin(expressTiers, eq(expressTiers.id, expressPlaylists.tierId))
    .where(
      and(
        inArray(expressPlaylists.id, ids),
        eq(expressPlaylists.statusId, 1),
        eq(expressTiers.status, 1),
        playlistVisibleToArtists(),
      ),
    );
  if (ids.length === 0 || rows.length !== ids.length)
    throw new ValidationError({ playlist_ids: ['express.playlist_unavailable'] });
  return rows.reduce((sum, r) => sum + r.price, 0);
}

/**
 * The campaign request a card payment carries in its meta until it is paid: Spotify playlists
 * (`playlist_ids`) or, with `campaign_type_id` 2 or 3, influencer accounts (`account_ids`); then the
 * outcome (`campaign_ids`, `not_created`).
 */
export interface CampaignPaymentMeta {
  campaign_type_id?: number;
  track_link?: string;
  playlist_ids?: number[];
  account_ids?: number[];
  pitch?: string | null;
  song_name?: string | null;
  unreleased?: { mediaLink: string; tiktokImg?: string | null } | null;
  campaign_ids?: number[];
  not_created?: NotCreated;
}

/** Why a card-paid request made no campaigns: the refusal's message key and parameters. */
export interface NotCreated {
  key: string;
  params?: Record<string, unknown>;
}

/**
 * Card-paid campaigns (`stripe/campaign/checkout/check/pay`): once the payment's coins are credited,
 * the campaigns of its request are created exactly once (the payment row is locked and the outcome
 * kept in its meta), holding the coins just bought. When the request can no longer be honoured (a
 * playlist became unavailable, the track already has an open campaign on one of the playlists, the
 * coins were spent meanwhile), no campaign is created and the card's coins stay in the artist's wallet:
 * the refusal is recorded with the payment, so every later confirmation answers the
 * same and the campaigns never appear later by surprise.
 * @returns the campaigns (empty while the payment is not paid) and, when none could be made, why
 * @throws NotFoundError when the payment is not the artist's campaign payment
 */
export async function campaignsFromPayment(
  deps: Deps,
  artistId: number,
  paymentId: number,
): Promise<{ campaigns: Campaign[]; notCreated: NotCreated | null }> {
  // Read before the payment row is locked (see prepareCampaigns): many confirmations of one return
  // wait on that lock, each holding a pool connection.
  const [peek] = await deps.database.db
    .select({ meta: payments.meta })
    .from(payments)
    .where(eq(payments.id, paymentId));
  const peekMeta = (peek?.meta ?? {}) as CampaignPaymentMeta;
  const adapter = adapterFor(peekMeta.campaign_type_id ?? spotifyAdapter.typeId);
  const prepared =
    peek && !peekMeta.campaign_ids
      ? await prepareCampaigns(deps, adapter, peekMeta.track_link ?? '')
      : undefined;
  return withTransaction(deps.database, async (tx) => {
    const [p] = await tx.db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!p || p.userId !== artistId || p.purpose !== 'campaign') throw new NotFoundError();
    if (p.status !== 'paid') return { campaigns: [], notCreated: null };
    const meta = (p.meta ?? {}) as CampaignPaymentMeta;
    if (meta.campaign_ids) {
      const campaigns = meta.campaign_ids.length
        ? await tx.db.select().from(expressCampaigns).where(inArray(expressCampaigns.id, meta.campaign_ids))
        : [];
      return { campaigns, notCreated: meta.not_created ?? null };
    }
    // A refusal by the database (the unique index) aborts what ran since the savepoint only.
    let created: Campaign[] = [];
    let notCreated: NotCreated | null = null;
    try {
      created = await withSavepoint(tx, 'card_campaigns', () =>
        meta.account_ids
          ? createCampaignsFor(
              deps,
              adapter,
              artistId,
              {
                soundLink: meta.track_link ?? '',
                targetIds: meta.account_ids,
                paymentMethod: 'card',
                errorField: 'account_ids',
                pitch: meta.pitch ?? null,
                soundName: meta.song_name ?? null,
                unreleased: meta.unreleased ?? undefined,
                prepared,
              },
              tx,
            )
          : createCampaigns(
              deps,
              artistId,
              {
                track_link: meta.track_link ?? '',
                playlist_ids: meta.playlist_ids ?? [],
                paymentMethod: 'card',
                pitch: meta.pitch ?? null,
                prepared,
              },
              tx,
            ),
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      notCreated = { key: err.messageKey, ...(err.options.params ? { params: err.options.params } : {}) };
    }
    await tx.db
      .update(payments)
      .set({
        meta: {
          ...meta,
          campaign_ids: created.map((c) => c.id),
          ...(notCreated ? { not_created: notCreated } : {}),
        },
      })
      .where(eq(payments.id, p.id));
    return { campaigns: created, notCreated };
  });
}

/**
 * A playlist read from Spotify before listing it (`express/user/playlist/info`).
 * @throws ValidationError 422 on `spotify_url`: `express.invalid_playlist_link`, `express.playlist_not_found`
 */
export async function playlistPreview(deps: Deps, link: string) {
  const id = parsePlaylistLink(link);
  if (!id) throw new ValidationError({ spotify_url: ['express.invalid_playlist_link'] });
  const info = await deps.providers.spotify.getPlaylist(id);
  if (!info) throw new ValidationError({ spotify_url: ['express.playlist_not_found'] });
  return {
    id: info.id,
    name: info.name,
    image: info.imageUrl,
    followers: info.followers,
    owner: info.ownerName,
    url: info.externalUrl,
  };
}

/**
 * Is the playlist behind this link listed already (`express/user/playlist/exists`)?
 * @throws ValidationError 422 `express.invalid_playlist_link` on `spotify_url`
 */
export async function playlistListed(deps: Deps, link: string): Promise<boolean> {
  const id = parsePlaylistLink(link);
  if (!id) throw new ValidationError({ spotify_url: ['express.invalid_playlist_link'] });
  const [row] = await deps.database.db
    .select({ id: expressPlaylists.id })
    .from(expressPlaylists)
    .where(eq(expressPlaylists.spotifyPlaylistId, id));
  return Boolean(row);
}

/**
 * A curator edits a playlist (`express/curator/playlist/edit/{id}`), row locked: a new tier sends it
 * back to the team's approval (status 2, staff told); `disabled` retires it (3); genres replaced when
 * given.
 * @throws NotFoundError when not the curator's; ValidationError 422 on an unknown tier or duration
 */
export async function editPlaylist(
  deps: Deps,
  curatorId: number,
  playlistId: number,
  input: {
    tier_id?: number;
    duration_id?: number;
    genre_ids?: number[];
    renewable?: boolean;
    disabled?: boolean;
  },
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [p] = await tx.db
      .select()
      .from(expressPlaylists)
      .where(and(eq(expressPlaylists.id, playlistId), eq(expressPlaylists.curatorId, curatorId)))
      .for('update');
    if (!p) throw new NotFoundError();
    const patch: Partial<typeof expressPlaylists.$inferInsert> = { updatedAt: deps.clock.now() };
    if (input.tier_id !== undefined) {
      const [tier] = await tx.db
        .select()
        .from(expressTiers)
        .where(and(eq(expressTiers.id, input.tier_id), eq(expressTiers.status, 1)));
      if (!tier) throw new ValidationError({ tier_id: ['validation.invalid'] });
      // A new price needs the team's approval again.
      if (tier.id !== p.tierId) patch.statusId = 2;
      patch.tierId = tier.id;
    }
    if (input.duration_id !== undefined) {
      const [d] = await tx.db
        .select()
        .from(expressDurations)
        .where(eq(expressDurations.id, input.duration_id));
      if (!d) throw new ValidationError({ duration_id: ['validation.invalid'] });
      patch.durationId = d.id;
    }
    if (input.renewable !== undefined) patch.renewable = input.renewable;
    if (input.disabled === true) patch.statusId = 3;
    await tx.db.update(expressPlaylists).set(patch).where(eq(expressPlaylists.id, p.id));
    if (patch.statusId === 2 && p.statusId !== 2) await notifyStaffPendingPlaylist(tx, p);
    if (input.genre_ids) {
      await tx.db.delete(expressPlaylistGenres).where(eq(expressPlaylistGenres.playlistId, p.id));
      if (input.genre_ids.length > 0)
        await tx.db
          .insert(expressPlaylistGenres)
          .values(input.genre_ids.map((genreId) => ({ playlistId: p.id, genreId })))
          .onConflictDoNothing();
    }
  });
}

/**
 * A curator switches renewals of a playlist on or off (`express/curator/playlist/renewable`).
 * @throws NotFoundError when not the curator's
 */
export async function setRenewable(
  deps: Deps,
  curatorId: number,
  playlistId: number,
  renewable: boolean,
): Promise<void> {
  const [row] = await deps.database.db
    .update(expressPlaylists)
    .set({ renewable, updatedAt: deps.clock.now() })
    .where(and(eq(expressPlaylists.id, playlistId), eq(expressPlaylists.curatorId, curatorId)))
    .returning({ id: expressPlaylists.id });
  if (!row) throw new NotFoundError();
}

/**
 * The curator's campaign a "track is added" call is about (`express/track/exists`): the given one, or
 * the newest campaign of this track on this playlist waiting for its placement.
 * @returns the campaign id
 * @throws NotFoundError when there is none
 */
export async function campaignForPlacement(
  deps: Deps,
  curatorId: number,
  input: { track: string; playlistId: number; campaignId?: number },
): Promise<number> {
  const trackId = parseTrackLink(input.track) ?? input.track;
  const [c] = await deps.database.db
    .select({ id: expressCampaigns.id })
    .from(expressCampaigns)
    .where(
      and(
        eq(expressCampaigns.curatorId, curatorId),
        eq(expressCampaigns.playlistId, input.playlistId),
        eq(expressCampaigns.trackId, trackId),
        input.campaignId
          ? eq(expressCampaigns.id, input.campaignId)
          : inArray(expressCampaigns.statusId, [S.WAITING_SUBMISSION]),
      ),
    )
    .orderBy(desc(expressCampaigns.id))
    .limit(1);
  if (!c) throw new NotFoundError();
  return c.id;
}

/**
 * What a card payment of a campaign request would buy (`express/artist/campaign/checkout/quote`): the
 * chosen playlists' price against the artist's balance and the cheapest purchase
 * covering the missing coins ({@link quoteTopUp}); `startCampaignCheckout` with `top_up: 'cheapest'`
 * recomputes and buys the same.
 * @throws ValidationError 422 for unavailable playlists
 */
export async function quoteCampaignCheckout(
  deps: Deps,
  artistId: number,
  playlistIds: number[],
  lang?: Language,
) {
  return quoteTopUp(deps.database, artistId, await quoteCampaigns(deps, playlistIds), lang);
}

/**
 * Start paying a campaign request by card (`stripe/campaign/checkout`): the price is the chosen
 * playlists' tier prices. With `top_up: 'cheapest'` (what the web app sends) the card buys the
 * cheapest single purchase covering the coins the wallet lacks, recomputed here ({@link quoteTopUp}: a
 * package when one costs less than the missing coins at the coin price; its extra coins stay in the
 * wallet); `expected_amount_minor`, when sent, is the amount the page showed: a different recomputed
 * amount (the balance, a package or the coin price changed meanwhile) refuses the checkout rather than
 * charge what the artist did not see. Without `top_up` (mobile apps) the whole request's coins are
 * bought at the coin price, as before (docs/decisions.md). A client never names the amount charged.
 * The request rides in the payment's meta until {@link campaignsFromPayment} creates the campaigns.
 * @throws ValidationError 422 (`express.invalid_track` on `track_link`, unavailable playlists);
 *   ConflictError 409 `payments.quote_changed` when `expected_amount_minor` differs from the quote
 */
export async function startCampaignCheckout(
  deps: Deps,
  artistId: number,
  input: {
    track_link: string;
    playlist_ids: number[];
    pitch?: string | null;
    top_up?: 'cheapest';
    expected_amount_minor?: number;
  },
) {
  if (!parseTrackLink(input.track_link)) throw new ValidationError({ track_link: ['express.invalid_track'] });
  const total = await quoteCampaigns(deps, input.playlist_ids);
  let purchase: Purchase = { coins: total };
  if (input.top_up === 'cheapest') {
    const quote = await quoteTopUp(deps.database, artistId, total);
    // The wallet covers the request: nothing cheaper to offer, the card buys the request's coins.
    purchase = topUpPurchase(quote) ?? purchase;
    const amount = quote.purchase?.amount_minor ?? null;
    if (
      input.expected_amount_minor !== undefined &&
      amount !== null &&
      input.expected_amount_minor !== amount
    )
      throw new ConflictError('payments.quote_changed');
  }
  const [me] = await deps.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, artistId));
  const r = await startCheckout(deps, artistId, purchase, 'card', me?.email ?? '', {
    meta: {
      track_link: input.track_link,
      playlist_ids: [...new Set(input.playlist_ids)],
      pitch: input.pitch ?? null,
    },
    returnPath: '/create/express/campaign',
  });
  return {
    url: r.url,
    session_id: r.ref,
    coins: r.coins,
    amount_minor: r.amountMinor,
    currency: r.currency,
    sandbox: deps.providers.payments.card.name === 'sandbox',
  };
}
