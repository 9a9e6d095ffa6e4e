import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { parseTrackLink } from '../../providers/spotify/links';
import { playlistVisibleToArtists, recomputeForCampaign } from '../trust';
import { createCampaignsFor } from './express.creation';
import { expressCampaigns, expressPlaylists, expressReviews, expressTiers } from './express.schema';
import { adapterFor } from './platforms/index';

/*
 * What happens to a campaign that exists, outside its state machine: the artist's review, the renewal
 * of a finished campaign, the campaign a curator's placement is about. Creation, playlists, card
 * checkout, the dashboard counts and the jobs have files of their own beside this one.
 */

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

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
