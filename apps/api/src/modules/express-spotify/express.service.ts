import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import type { AppDeps } from '../../platform/app';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { parsePlaylistLink, parseTrackLink } from '../../providers/spotify/links';
import { audit } from '../audit/audit.service';
import { getSettings } from '../settings/settings.service';
import { notifyStaffPendingPlaylist } from '../todos/todos.service';
import { DESC, hold } from '../wallet/ledger';
import { ADVANCE_QUEUE, type Campaign } from './express.machine';
import { tellUser } from './express.notify';
import {
  EXPRESS_ONE_OPEN_PER_TRACK_PLAYLIST,
  expressCampaignEvents,
  expressCampaigns,
  expressDurations,
  expressPlaylistGenres,
  expressPlaylists,
  expressReviews,
  expressTiers,
  spotifyConnections,
} from './express.schema';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/** At most this many playlists in one campaign request. */
export const MAX_PLAYLISTS_PER_REQUEST = 20;

/**
 * Create one campaign per chosen playlist for a track (`express/artist/campaign/create`), paid with
 * coins: one hold per playlist (desc 2), all in one transaction, so with too few coins nothing is held
 * (409). Curators are notified. The track link must be a Spotify track link ('Not A valid Track').
 * A track has at most one open campaign (status 1..5) per playlist, whoever asks (issue 11 item 3):
 * the partial unique index decides between concurrent requests, and the whole request is refused.
 * @param outer run inside this transaction instead of a new one (the card-paid path)
 * @returns the created campaigns (status 1 Pending for Approval)
 * @throws ValidationError 422 (link, playlists), ConflictError 409 `express.campaign_already_open`
 *   naming the playlist, InsufficientBalanceError 409; nothing is held then
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
  },
  outer?: Tx,
): Promise<Campaign[]> {
  const trackId = parseTrackLink(input.track_link);
  if (!trackId) throw new ValidationError({ track_link: ['express.invalid_track'] });
  const ids = [...new Set(input.playlist_ids)];
  if (ids.length === 0) throw new ValidationError({ playlist_ids: ['validation.required'] });
  if (ids.length > MAX_PLAYLISTS_PER_REQUEST) {
    throw new ValidationError({
      playlist_ids: [{ key: 'express.too_many_playlists', params: { max: MAX_PLAYLISTS_PER_REQUEST } }],
    });
  }
  const track = await deps.providers.spotify.getTrack(trackId);
  if (!track) throw new ValidationError({ track_link: ['express.invalid_track'] });
  const settings = await getSettings(deps.database);
  const now = deps.clock.now();

  const run = async (tx: Tx) => {
    const rows = await tx.db
      .select({ playlist: expressPlaylists, price: expressTiers.price })
      .from(expressPlaylists)
      .innerJoin(expressTiers, eq(expressTiers.id, expressPlaylists.tierId))
      .where(
        and(inArray(expressPlaylists.id, ids), eq(expressPlaylists.statusId, 1), eq(expressTiers.status, 1)),
      )
      // Inserted in playlist order: two requests for the same playlists wait on each other's index
      // entry in the same order, so one wins and the other gets 409, never a deadlock.
      .orderBy(asc(expressPlaylists.id));
    if (rows.length !== ids.length)
      throw new ValidationError({ playlist_ids: ['express.playlist_unavailable'] });

    const created: Campaign[] = [];
    for (const { playlist, price } of rows) {
      const c = await insertCampaign(tx, playlist.name, {
        artistId,
        curatorId: playlist.curatorId,
        playlistId: playlist.id,
        tierId: playlist.tierId,
        trackId,
        trackUrl: track.externalUrl,
        trackName: track.name.slice(0, 300),
        trackArtist: track.artists.join(', ').slice(0, 300),
        coverUrl: track.coverUrl,
        pitch: input.pitch ?? null,
        statusId: S.PENDING_APPROVAL,
        price,
        paymentMethod: input.paymentMethod ?? 'coins',
        feePercent: settings.platform_fee_percent,
        playlistSubmissionDays: settings.playlist_submission_days,
        onGoingDays: settings.on_going_days,
        auditingDays: settings.auditing_days,
        renewedFromId: input.renewedFromId ?? null,
        createdAt: now,
        updatedAt: now,
      });
      const h = await hold(tx, {
        userId: artistId,
        coins: price,
        descId: DESC.CAMPAIGN_PURCHASE,
        idempotencyKey: `express:${c.id}:hold`,
        ref: { type: 'express_campaign', id: c.id },
        meta: { campaign_type: 'spotify', campaign_id: c.id },
      });
      const [withHold] = await tx.db
        .update(expressCampaigns)
        .set({ holdId: h.id })
        .where(eq(expressCampaigns.id, c.id))
        .returning();
      await tx.db.insert(expressCampaignEvents).values({
        campaignId: c.id,
        fromStatus: null,
        toStatus: S.PENDING_APPROVAL,
        actorType: 'user',
        actorId: artistId,
        noteKey: input.renewedFromId ? 'express.timeline.renewed' : 'express.timeline.created',
        noteParams: input.renewedFromId ? { campaign: input.renewedFromId } : null,
        createdAt: now,
      });
      await tellUser(
        deps,
        tx,
        playlist.curatorId,
        'new_campaign',
        { track: track.name, playlist: playlist.name, coins: price },
        c.id,
        `/express/my/playlist/view/${playlist.id}`,
      );
      created.push(withHold!);
    }
    await audit(
      deps.database,
      { type: 'user', id: artistId },
      {
        action: 'express.created',
        targetType: 'express_campaign',
        targetId: created.map((c) => c.id).join(','),
        meta: { track_id: trackId, playlists: ids },
      },
      tx,
    );
    return created;
  };
  return outer ? run(outer) : withTransaction(deps.database, run);
}

/**
 * Insert one campaign row; the unique index on open campaigns per track and playlist refuses a second
 * one (the transaction is then aborted, so the caller's holds roll back with it).
 * @throws ConflictError 409 `express.campaign_already_open` with the playlist's name
 */
async function insertCampaign(
  tx: Tx,
  playlistName: string,
  values: typeof expressCampaigns.$inferInsert,
): Promise<Campaign> {
  try {
    const [row] = await tx.db.insert(expressCampaigns).values(values).returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err, EXPRESS_ONE_OPEN_PER_TRACK_PLAYLIST))
      throw new ConflictError('express.campaign_already_open', { playlist: playlistName });
    throw err;
  }
}

/**
 * A curator lists a playlist (`express/curator/playlist/create`): link rule, not listed yet, found on
 * Spotify, owned by the curator's connected account; it waits for admin approval (status 2).
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
) {
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
    const [row] = await tx.db
      .insert(expressPlaylists)
      .values({
        curatorId,
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
      { type: 'user', id: curatorId },
      { action: 'express.playlist_created', targetType: 'express_playlist', targetId: row.id },
      tx,
    );
    await notifyStaffPendingPlaylist(tx, row);
    return row;
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
  const [row] = await deps.database.db
    .insert(expressReviews)
    .values({ campaignId, artistId, rating, comment })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ConflictError('express.already_reviewed');
  return row;
}

/**
 * Can this campaign be renewed (`express/artist/campaign/renew/check`)? It must be the artist's,
 * finished (6, 7 or 8) and its playlist still listed and renewable.
 */
export async function renewCheck(deps: Deps, artistId: number, campaignId: number) {
  const [row] = await deps.database.db
    .select({ c: expressCampaigns, p: expressPlaylists, price: expressTiers.price })
    .from(expressCampaigns)
    .innerJoin(expressPlaylists, eq(expressPlaylists.id, expressCampaigns.playlistId))
    .innerJoin(expressTiers, eq(expressTiers.id, expressPlaylists.tierId))
    .where(eq(expressCampaigns.id, campaignId));
  if (!row || row.c.artistId !== artistId) throw new NotFoundError();
  const finished = [S.COMPLETED, S.DECLINED, S.FAILED_TO_SUBMIT].includes(row.c.statusId as 6 | 7 | 8);
  const renewable = finished && row.p.statusId === 1 && row.p.renewable;
  return { renewable, price: row.price, campaign: row.c, playlist: row.p };
}

/** Renew (`express/artist/campaign/renew`): a new campaign for the same track and playlist. */
export async function renew(deps: Deps, artistId: number, campaignId: number) {
  const check = await renewCheck(deps, artistId, campaignId);
  if (!check.renewable) throw new ConflictError('express.not_renewable');
  return createCampaigns(deps, artistId, {
    track_link: `https://open.spotify.com/track/${check.campaign.trackId}`,
    playlist_ids: [check.playlist.id],
    renewedFromId: campaignId,
  });
}

/** Campaign stats of spec section 3 for the user dashboard (`web/user/campaigns/dashboard`). */
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
    .where(eq(col, userId));
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
      and(inArray(expressPlaylists.id, ids), eq(expressPlaylists.statusId, 1), eq(expressTiers.status, 1)),
    );
  if (ids.length === 0 || rows.length !== ids.length)
    throw new ValidationError({ playlist_ids: ['express.playlist_unavailable'] });
  return rows.reduce((sum, r) => sum + r.price, 0);
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
 * coins were spent meanwhile), no campaign is created and the card's coins stay in the artist's wallet
 * (issue 11 item 3): the refusal is recorded with the payment, so every later confirmation answers the
 * same and the campaigns never appear later by surprise.
 * @returns the campaigns (empty while the payment is not paid) and, when none could be made, why
 * @throws NotFoundError when the payment is not the artist's campaign payment
 */
export async function campaignsFromPayment(
  deps: Deps,
  artistId: number,
  paymentId: number,
): Promise<{ campaigns: Campaign[]; notCreated: NotCreated | null }> {
  const { payments } = await import('../wallet/payments.schema');
  return withTransaction(deps.database, async (tx) => {
    const [p] = await tx.db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!p || p.userId !== artistId || p.purpose !== 'campaign') throw new NotFoundError();
    if (p.status !== 'paid') return { campaigns: [], notCreated: null };
    const meta = (p.meta ?? {}) as {
      track_link?: string;
      playlist_ids?: number[];
      pitch?: string | null;
      campaign_ids?: number[];
      not_created?: NotCreated;
    };
    if (meta.campaign_ids) {
      const campaigns = meta.campaign_ids.length
        ? await tx.db.select().from(expressCampaigns).where(inArray(expressCampaigns.id, meta.campaign_ids))
        : [];
      return { campaigns, notCreated: meta.not_created ?? null };
    }
    // A refusal by the database (the unique index) aborts what ran since the savepoint only.
    await tx.client.query('savepoint card_campaigns');
    let created: Campaign[] = [];
    let notCreated: NotCreated | null = null;
    try {
      created = await createCampaigns(
        deps,
        artistId,
        {
          track_link: meta.track_link ?? '',
          playlist_ids: meta.playlist_ids ?? [],
          paymentMethod: 'card',
          pitch: meta.pitch ?? null,
        },
        tx,
      );
      await tx.client.query('release savepoint card_campaigns');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await tx.client.query('rollback to savepoint card_campaigns');
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
