import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { parseTrackLink } from '../../providers/spotify/links';
import { recomputeForCampaign } from '../trust';
import { expressCampaigns, expressReviews } from './express.schema';

/*
 * What happens to a campaign that exists, outside its state machine: the artist's review and the
 * campaign a curator's placement is about. Creation, renewal (express.renewal.ts, every platform),
 * playlists, card checkout, the dashboard counts and the jobs have files of their own beside this one.
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
    // a review moves the offer's rating part, in the review's transaction.
    await recomputeForCampaign(tx, c, deps.clock.now());
    return row;
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
