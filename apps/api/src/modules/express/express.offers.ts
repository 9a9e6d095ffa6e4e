import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import {
  type OfferFilterQuery,
  type OfferProfile,
  type OfferProfileEdit,
  type OfferSort,
  PROFILE_REVIEWS_MAX,
} from '@lm/contracts/offers';
import { type AnyColumn, and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  expressCampaigns,
  expressPlaylistGenres,
  expressReviews,
  genres,
  languages,
  socialAccountGenres,
  trustScores,
} from '../../db/schema';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { getSettings } from '../settings';
import { scoreItem, scoreOrNeutral } from '../trust';

/**
 * Offers are what artists buy from: express playlists (Spotify) and creator accounts (TikTok,
 * Instagram). This file holds what the two kinds share for choosing one (issue "Choose with
 * evidence", DESIGN section 8 "Choose"): the search filters and sorts of the wizards' lists, the
 * profile's common parts (reviews with replies, campaign counts, languages), and the checks of what a
 * seller edits. The lists themselves stay in `express.queries.ts` (playlists) and `social.service.ts`
 * (accounts); the matching is `express.matching.ts`.
 */

/** The columns of one offer kind the filters read (the offer table joined with its tier and score). */
export interface OfferColumns {
  id: AnyColumn;
  followers: AnyColumn;
  price: AnyColumn;
  moods: AnyColumn;
  languageIds: AnyColumn;
  /** "the offer plays this genre" for the offer row in scope. */
  hasGenre(genreId: number): SQL;
}

/** Playlists' {@link OfferColumns} (`express_playlists` joined with `express_tiers`). */
export function playlistOfferColumns(p: {
  id: AnyColumn;
  followers: AnyColumn;
  moods: AnyColumn;
  languageIds: AnyColumn;
  price: AnyColumn;
}): OfferColumns {
  return {
    ...p,
    hasGenre: (genreId) =>
      sql`exists (select 1 from ${expressPlaylistGenres} g where g.playlist_id = ${p.id} and g.genre_id = ${genreId})`,
  };
}

/** Creator accounts' {@link OfferColumns} (`social_accounts` joined with `social_tiers`). */
export function accountOfferColumns(a: {
  id: AnyColumn;
  followers: AnyColumn;
  moods: AnyColumn;
  languageIds: AnyColumn;
  price: AnyColumn;
}): OfferColumns {
  return {
    ...a,
    hasGenre: (genreId) =>
      sql`exists (select 1 from ${socialAccountGenres} g where g.account_id = ${a.id} and g.genre_id = ${genreId})`,
  };
}

/**
 * The conditions of the wizards' filters (`offerFilterQuery`) on one offer kind: genre, mood, language
 * (an offer listing no language takes any), price and followers ranges, minimum score, longest median
 * answer, lowest acceptance rate. The last two leave out offers with nothing observed yet (a filter
 * on a figure only keeps offers that have it). Undefined filters add nothing.
 */
export function offerFilters(c: OfferColumns, f: Partial<OfferFilterQuery>): (SQL | undefined)[] {
  return [
    f.genre_id !== undefined ? c.hasGenre(f.genre_id) : undefined,
    f.mood !== undefined ? sql`${c.moods} @> array[${f.mood}]::varchar[]` : undefined,
    f.language_id !== undefined
      ? sql`(cardinality(${c.languageIds}) = 0 or ${f.language_id}::int = any(${c.languageIds}))`
      : undefined,
    f.min_price !== undefined ? gte(c.price, f.min_price) : undefined,
    f.max_price !== undefined ? lte(c.price, f.max_price) : undefined,
    f.min_followers !== undefined ? gte(c.followers, f.min_followers) : undefined,
    f.max_followers !== undefined ? lte(c.followers, f.max_followers) : undefined,
    f.min_score !== undefined ? gte(scoreOrNeutral(trustScores.score), f.min_score) : undefined,
    f.max_answer_hours !== undefined
      ? lte(trustScores.medianResponseMinutes, f.max_answer_hours * 60)
      : undefined,
    f.min_acceptance !== undefined ? gte(trustScores.acceptance, f.min_acceptance) : undefined,
  ];
}

/**
 * The order of a sort (`OFFER_SORTS`), before the list's own tie-breaks; empty for none. Offers with
 * no observed acceptance or answer time come last in those sorts.
 */
export function offerOrder(c: OfferColumns, sort: OfferSort | undefined): SQL[] {
  const score = scoreOrNeutral(trustScores.score);
  switch (sort) {
    case 'score_desc':
      return [desc(score)];
    case 'score_asc':
      return [asc(score)];
    case 'followers_desc':
      return [sql`${c.followers} desc nulls last`];
    case 'price_asc':
      return [asc(c.price)];
    case 'price_desc':
      return [desc(c.price)];
    case 'acceptance_desc':
      return [sql`${trustScores.acceptance} desc nulls last`];
    case 'answer_asc':
      return [sql`${trustScores.medianResponseMinutes} asc nulls last`];
    default:
      return [];
  }
}

/** Which offer a campaign or review belongs to. */
export type OfferRef = { kind: 'playlist'; id: number } | { kind: 'account'; id: number };

const campaignOf = (ref: OfferRef) =>
  ref.kind === 'playlist' ? eq(expressCampaigns.playlistId, ref.id) : eq(expressCampaigns.accountId, ref.id);

/**
 * The parts of a profile both kinds read alike: campaigns taken (accepted) and completed, the
 * reviews (newest first, at most `PROFILE_REVIEWS_MAX`, with count and mean), the languages named, the
 * answer window of the current settings.
 */
export async function profileCommons(
  database: Database,
  ref: OfferRef,
  languageIds: readonly number[],
): Promise<Pick<OfferProfile, 'campaigns' | 'reviews' | 'languages' | 'answer_days'>> {
  const [counts, reviewRows, reviewStats, languageRows, settings] = await Promise.all([
    database.db
      .select({
        taken:
          sql<number>`count(*) filter (where ${expressCampaigns.submissionDeadline} is not null)`.mapWith(
            Number,
          ),
        completed: sql<number>`count(*) filter (where ${expressCampaigns.statusId} = ${S.COMPLETED})`.mapWith(
          Number,
        ),
      })
      .from(expressCampaigns)
      .where(campaignOf(ref)),
    database.db
      .select({ r: expressReviews })
      .from(expressReviews)
      .innerJoin(expressCampaigns, eq(expressCampaigns.id, expressReviews.campaignId))
      .where(campaignOf(ref))
      .orderBy(desc(expressReviews.createdAt), desc(expressReviews.id))
      .limit(PROFILE_REVIEWS_MAX),
    database.db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        avg: sql<number | null>`round(avg(${expressReviews.rating}), 1)::float8`,
      })
      .from(expressReviews)
      .innerJoin(expressCampaigns, eq(expressCampaigns.id, expressReviews.campaignId))
      .where(campaignOf(ref)),
    languageIds.length
      ? database.db
          .select({ id: languages.id, code: languages.code, name: languages.name })
          .from(languages)
          .where(inArray(languages.id, [...languageIds]))
          .orderBy(asc(languages.name))
      : Promise.resolve([]),
    getSettings(database),
  ]);
  return {
    campaigns: { taken: counts[0]?.taken ?? 0, completed: counts[0]?.completed ?? 0 },
    reviews: {
      count: reviewStats[0]?.n ?? 0,
      average: reviewStats[0]?.avg ?? null,
      items: reviewRows.map(({ r }) => ({
        id: r.id,
        campaign_id: r.campaignId,
        rating: r.rating,
        comment: r.comment,
        created_at: r.createdAt.toISOString(),
        reply: r.reply,
        replied_at: r.repliedAt?.toISOString() ?? null,
      })),
    },
    languages: languageRows,
    answer_days: Number(settings.answer_days),
  };
}

/** The genres of offers, by offer id (playlists' or accounts'). */
export async function offerGenres(
  database: Database | Tx,
  kind: OfferRef['kind'],
  ids: readonly number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const byOffer = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return byOffer;
  const link = kind === 'playlist' ? expressPlaylistGenres : socialAccountGenres;
  const offerId = kind === 'playlist' ? expressPlaylistGenres.playlistId : socialAccountGenres.accountId;
  const rows = await database.db
    .select({ offerId, id: genres.id, name: genres.name })
    .from(link)
    .innerJoin(genres, eq(genres.id, link.genreId))
    .where(inArray(offerId, [...ids]))
    .orderBy(asc(genres.name));
  for (const r of rows) {
    const list = byOffer.get(r.offerId) ?? [];
    list.push({ id: r.id, name: r.name });
    byOffer.set(r.offerId, list);
  }
  return byOffer;
}

/**
 * Checks a seller's profile edit and turns it into the columns to set: every language must exist.
 * @throws ValidationError 422 on `language_ids` ('validation.invalid') naming the unknown ones
 */
export async function profilePatch(
  database: Database | Tx,
  input: OfferProfileEdit,
): Promise<{
  description?: string | null;
  moods?: string[];
  languageIds?: number[];
  acceptsUnreleased?: boolean;
}> {
  const patch: {
    description?: string | null;
    moods?: string[];
    languageIds?: number[];
    acceptsUnreleased?: boolean;
  } = {};
  if (input.description !== undefined) patch.description = input.description?.trim() || null;
  if (input.moods !== undefined) patch.moods = [...new Set(input.moods)];
  if (input.language_ids !== undefined) {
    const ids = [...new Set(input.language_ids)];
    if (ids.length) {
      const found = await database.db
        .select({ id: languages.id })
        .from(languages)
        .where(inArray(languages.id, ids));
      if (found.length !== ids.length) throw new ValidationError({ language_ids: ['validation.invalid'] });
    }
    patch.languageIds = ids;
  }
  if (input.accepts_unreleased !== undefined) patch.acceptsUnreleased = input.accepts_unreleased;
  return patch;
}

/**
 * Replaces a creator account's genres (the playlists' are replaced by the playlist edit).
 * @throws ValidationError 422 on `genre_ids` when one is unknown
 */
export async function replaceAccountGenres(
  tx: Tx,
  accountId: number,
  genreIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(genreIds)];
  if (ids.length) {
    const found = await tx.db.select({ id: genres.id }).from(genres).where(inArray(genres.id, ids));
    if (found.length !== ids.length) throw new ValidationError({ genre_ids: ['validation.invalid'] });
  }
  await tx.db.delete(socialAccountGenres).where(eq(socialAccountGenres.accountId, accountId));
  if (ids.length)
    await tx.db.insert(socialAccountGenres).values(ids.map((genreId) => ({ accountId, genreId })));
}

/**
 * A seller replies in public to an artist's review of one of their campaigns (any platform); an empty
 * reply removes it. Only the campaign's seller may.
 * @throws NotFoundError when there is no review of that campaign or it is not the seller's
 */
export async function replyToReview(
  database: Database,
  sellerId: number,
  campaignId: number,
  reply: string,
  now: Date,
): Promise<void> {
  const text = reply.trim();
  const [row] = await database.db
    .update(expressReviews)
    .set({ reply: text || null, repliedAt: text ? now : null })
    .where(
      and(
        eq(expressReviews.campaignId, campaignId),
        sql`exists (select 1 from ${expressCampaigns} c where c.id = ${expressReviews.campaignId} and c.curator_id = ${sellerId})`,
      ),
    )
    .returning({ id: expressReviews.id });
  if (!row) throw new NotFoundError();
}

/** The stored score of one offer as the screens read it. */
export async function offerScore(database: Database, ref: OfferRef) {
  const [row] = await database.db
    .select()
    .from(trustScores)
    .where(ref.kind === 'playlist' ? eq(trustScores.playlistId, ref.id) : eq(trustScores.accountId, ref.id));
  return scoreItem(row);
}

/** Who may read a profile: staff read any; a seller reads their own; everyone else only offers on sale. */
export interface ProfileViewer {
  staff?: boolean;
  userId?: number;
}

/** Whether `viewer` may read a profile of `sellerId` that is (or is not) on sale. */
export function mayReadProfile(viewer: ProfileViewer, sellerId: number, onSale: boolean): boolean {
  return viewer.staff === true || viewer.userId === sellerId || onSale;
}
