import type { Language } from '@lm/contracts/api';
import type { ExpressDecline } from '@lm/contracts/express';
import { localized, type Translations } from '@lm/contracts/translations';
import { inArray, sql } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { audit } from '../audit';
import { recomputeForCampaign } from '../trust';
import { expressCampaigns, expressFeedbackRatings, expressReasons } from './express.schema';

/**
 * Say why: what a seller's decline tells the artist (the reason of the platform's list in the reader's
 * language, the written feedback) and the artist's rating of that feedback, which counts in the
 * seller's quality score. The decline itself is a transition of the engine (`express.machine.ts`
 * `decline`).
 */

/** What a campaign's detail statement reads of its decline (JSON), null unless the seller declined. */
export interface DeclineJson {
  reason_id: number | null;
  reason: string | null;
  translations: Translations<'reason'> | null;
  stored: string | null;
  feedback: string | null;
  helpful: boolean | null;
  stars: number | null;
  rated_at: string | null;
}

/**
 * The decline of the campaign of the surrounding statement (`express_campaigns`, not aliased, in its
 * FROM), as JSON. Columns named with their table: drizzle leaves them bare in a one-table select.
 */
export const declineJson = sql<DeclineJson | null>`(case when express_campaigns.end_reason = 'declined' then (
    select json_build_object(
      'reason_id', express_campaigns.decline_reason_id, 'reason', r.reason, 'translations', r.translations,
      'stored', express_campaigns.decline_reason, 'feedback', express_campaigns.decline_feedback,
      'helpful', f.helpful, 'stars', f.stars, 'rated_at', f.created_at)
      from (select 1) one
      left join ${expressReasons} r on r.id = express_campaigns.decline_reason_id
      left join ${expressFeedbackRatings} f on f.campaign_id = express_campaigns.id
  ) end)`;

/**
 * A decline as the detail answers it (`decline`), the reason in `lang`; and the spec's `decline_reason`
 * written the way it always was ("reason: feedback"), with the reason in `lang` too.
 */
export function declineView(
  json: DeclineJson | null,
  lang: Language,
): { decline: ExpressDecline | null; declineReason?: string } {
  if (!json) return { decline: null };
  const reason = json.reason
    ? localized(json.reason, json.translations ?? {}, 'reason', lang)
    : (json.stored ?? '');
  return {
    decline: {
      reason_id: json.reason_id,
      reason,
      feedback: json.feedback,
      rating:
        json.stars === null || json.helpful === null || json.rated_at === null
          ? null
          : { helpful: json.helpful, stars: json.stars, created_at: new Date(json.rated_at).toISOString() },
    },
    declineReason: json.feedback ? `${reason}: ${json.feedback}` : reason,
  };
}

/** The declines of campaigns by id (any platform), for answers built without the detail statement. */
export async function declinesOf(database: Database, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, DeclineJson | null>();
  const rows = await database.db
    .select({ id: expressCampaigns.id, decline: declineJson })
    .from(expressCampaigns)
    .where(inArray(expressCampaigns.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.decline]));
}

/**
 * The artist rates the feedback of a request the seller declined, once (`POST
 * /api/express/campaigns/{id}/feedback-rating`): helpful or not, and 1 to 5 stars. The seller's quality
 * score is recomputed in the same transaction (the stars count in its rating part).
 * @throws NotFoundError when the campaign is not the artist's; ConflictError 409
 *   `express.feedback_not_ratable` unless the seller declined it, `express.feedback_already_rated`
 *   the second time (the unique index decides between two at once)
 */
export async function rateFeedback(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  artistId: number,
  campaignId: number,
  input: { helpful: boolean; stars: number },
) {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const { rows } = await tx.client.query<{
      artist_id: number;
      curator_id: number;
      end_reason: string | null;
      playlist_id: number | null;
      account_id: number | null;
    }>(
      'select artist_id, curator_id, end_reason, playlist_id, account_id from express_campaigns where id = $1',
      [campaignId],
    );
    const c = rows[0];
    if (!c || c.artist_id !== artistId) throw new NotFoundError();
    if (c.end_reason !== 'declined') throw new ConflictError('express.feedback_not_ratable');
    let row: typeof expressFeedbackRatings.$inferSelect | undefined;
    try {
      [row] = await tx.db
        .insert(expressFeedbackRatings)
        .values({
          campaignId,
          artistId,
          sellerId: c.curator_id,
          helpful: input.helpful,
          stars: input.stars,
          createdAt: now,
        })
        .returning();
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictError('express.feedback_already_rated');
      throw e;
    }
    await recomputeForCampaign(tx, { playlistId: c.playlist_id, accountId: c.account_id }, now);
    await audit(
      deps.database,
      { type: 'user', id: artistId },
      {
        action: 'express.feedback_rated',
        targetType: 'express_campaign',
        targetId: campaignId,
        meta: { helpful: input.helpful, stars: input.stars },
      },
      tx,
    );
    return {
      campaign_id: campaignId,
      helpful: row!.helpful,
      stars: row!.stars,
      created_at: row!.createdAt.toISOString(),
    };
  });
}
