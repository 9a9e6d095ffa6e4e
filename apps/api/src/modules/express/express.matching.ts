import type { MatchQuery, MatchReason, Mood } from '@lm/contracts/offers';
import { MATCHED_MAX } from '@lm/contracts/offers';
import { type AnyColumn, and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  expressCampaigns,
  expressPlaylistGenres,
  expressPlaylists,
  expressTiers,
  genres as genreTable,
  socialAccountGenres,
  socialAccounts,
  socialTiers,
  trustScores,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { accountVisibleToArtists, playlistVisibleToArtists, scoreOrNeutral } from '../trust';
import { listPlaylists } from './express.queries';
import { type AccountAdapter, accountsForSale } from './social.service';

/**
 * "Matched for this track" (issue "Choose with evidence", DESIGN section 8 "Choose"): the offers a
 * track should go to first, each with the facts of its one-line reason. Two steps: the database keeps
 * the offers the track may go to at all ({@link matchCandidates}), then {@link matchRank} orders them.
 *
 * Never suggested (hard rules, in the query): an offer not on sale (not approved, tier withdrawn,
 * hidden by a confirmed fake-audience flag, a disconnected account), the buyer's own, one refusing
 * AI-made music for a track declared made with AI, one taking no unreleased tracks for an unreleased
 * one, one listing lyrics languages that are not the track's, and, when the track has genres, one
 * sharing none of them.
 */

/**
 * The weights of {@link matchRank}'s parts (sum 1). A part that cannot be judged (the track gives no
 * mood, no language) drops out and its weight is spread over the others, as in the quality score.
 * - `genre`: share of the track's genres the offer plays.
 * - `similar`: the seller's acceptance of requests sharing a genre with the track, smoothed
 *   ((accepted + 1) / (answered + 2)) so a seller with no history counts one half.
 * - `quality`: the quality score / 100 (the neutral 50 for a new seller).
 * - `mood`: share of the track's moods the offer plays.
 * - `language`: 1 when the offer lists the track's language, 0.6 when it takes any.
 * - `value`: followers per coin, log-scaled: log10(1 + followers / price) / 3, capped at 1 (1,000
 *   followers a coin and more is full value).
 */
export const MATCH_WEIGHTS = {
  genre: 0.35,
  similar: 0.15,
  quality: 0.2,
  mood: 0.1,
  language: 0.1,
  value: 0.1,
} as const;
export type MatchPart = keyof typeof MATCH_WEIGHTS;

/** What {@link matchRank} judges of one offer for one track. */
export interface MatchFacts {
  /** Genres the track has, and of those the offer plays. */
  trackGenres: number;
  sharedGenres: number;
  /** Moods the track has, and of those the offer plays. */
  trackMoods: number;
  sharedMoods: number;
  /** `listed`: the offer lists the track's language; `any`: it lists none; null: the track gives none. */
  language: 'listed' | 'any' | null;
  /** Requests sharing a genre with the track that the seller answered, and of those accepted. */
  similarDecided: number;
  similarAccepted: number;
  /** Quality score 0..100. */
  score: number;
  followers: number | null;
  /** Coins. */
  price: number;
}

/** Each part of {@link MATCH_WEIGHTS} in 0..1, or null when it cannot be judged. */
export function matchParts(f: MatchFacts): Record<MatchPart, number | null> {
  const share = (shared: number, of: number) => (of > 0 ? Math.min(1, shared / of) : null);
  const followersPerCoin = f.price > 0 ? Math.max(0, f.followers ?? 0) / f.price : 0;
  return {
    genre: share(f.sharedGenres, f.trackGenres),
    similar: (f.similarAccepted + 1) / (f.similarDecided + 2),
    quality: Math.min(100, Math.max(0, f.score)) / 100,
    mood: share(f.sharedMoods, f.trackMoods),
    language: f.language === null ? null : f.language === 'listed' ? 1 : 0.6,
    value: Math.min(1, Math.log10(1 + followersPerCoin) / 3),
  };
}

/** The rank of one offer for one track, 0..100 (higher first): the weighted mean of {@link matchParts}. */
export function matchRank(f: MatchFacts): number {
  const parts = matchParts(f);
  let sum = 0;
  let weight = 0;
  for (const [part, w] of Object.entries(MATCH_WEIGHTS) as [MatchPart, number][]) {
    const v = parts[part];
    if (v === null) continue;
    sum += w * v;
    weight += w;
  }
  return weight === 0 ? 0 : Math.round((100 * sum) / weight);
}

/** One offer the track may go to, with what the ranking reads. */
export interface MatchCandidate {
  id: number;
  sharedGenreIds: number[];
  moods: Mood[];
  languageIds: number[];
  score: number;
  medianResponseMinutes: number | null;
  followers: number | null;
  price: number;
}

/** Who asks (the buyer, never offered their own) and for which track. */
export interface MatchInput extends MatchQuery {
  buyerId: number;
}

/** How many offers the database hands to the ranking at most (the best genre overlap first). */
export const MATCH_POOL = 300;

/** The conditions of the hard rules the two kinds share (see the file's comment). */
function sharedRules(
  input: MatchInput,
  cols: { refusesAi: AnyColumn; acceptsUnreleased: AnyColumn; languageIds: AnyColumn },
): (SQL | undefined)[] {
  return [
    input.made_with_ai === true ? sql`not ${cols.refusesAi}` : undefined,
    input.is_released === false ? sql`${cols.acceptsUnreleased}` : undefined,
    input.language_id !== undefined
      ? sql`(cardinality(${cols.languageIds}) = 0 or ${input.language_id}::int = any(${cols.languageIds}))`
      : undefined,
  ];
}

const genreArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The offers of one kind `input`'s track may go to (hard rules above), at most {@link MATCH_POOL},
 * the most shared genres, then the best score, first.
 */
export async function matchCandidates(
  database: Database,
  kind: { kind: 'playlist' } | { kind: 'account'; platform: string },
  input: MatchInput,
): Promise<MatchCandidate[]> {
  const genres = input.genre_ids ?? [];
  if (kind.kind === 'playlist') {
    const shared = genres.length
      ? sql<
          number[]
        >`array(select g.genre_id from ${expressPlaylistGenres} g where g.playlist_id = ${expressPlaylists.id} and g.genre_id = any(${genreArray(genres)}) order by g.genre_id)`
      : sql<number[]>`'{}'::int[]`;
    const rows = await database.db
      .select({
        id: expressPlaylists.id,
        shared,
        moods: expressPlaylists.moods,
        languageIds: expressPlaylists.languageIds,
        score: scoreOrNeutral(trustScores.score),
        median: trustScores.medianResponseMinutes,
        followers: expressPlaylists.followers,
        price: expressTiers.price,
      })
      .from(expressPlaylists)
      .innerJoin(expressTiers, eq(expressTiers.id, expressPlaylists.tierId))
      .leftJoin(trustScores, eq(trustScores.playlistId, expressPlaylists.id))
      .where(
        and(
          eq(expressPlaylists.statusId, 1),
          eq(expressTiers.status, 1),
          playlistVisibleToArtists(),
          ne(expressPlaylists.curatorId, input.buyerId),
          ...sharedRules(input, expressPlaylists),
          genres.length
            ? sql`exists (select 1 from ${expressPlaylistGenres} g where g.playlist_id = ${expressPlaylists.id} and g.genre_id = any(${genreArray(genres)}))`
            : undefined,
        ),
      )
      .orderBy(
        desc(sql`cardinality(${shared})`),
        desc(scoreOrNeutral(trustScores.score)),
        desc(expressPlaylists.id),
      )
      .limit(MATCH_POOL);
    return rows.map(toCandidate);
  }
  const shared = genres.length
    ? sql<
        number[]
      >`array(select g.genre_id from ${socialAccountGenres} g where g.account_id = ${socialAccounts.id} and g.genre_id = any(${genreArray(genres)}) order by g.genre_id)`
    : sql<number[]>`'{}'::int[]`;
  const rows = await database.db
    .select({
      id: socialAccounts.id,
      shared,
      moods: socialAccounts.moods,
      languageIds: socialAccounts.languageIds,
      score: scoreOrNeutral(trustScores.score),
      median: trustScores.medianResponseMinutes,
      followers: socialAccounts.followers,
      price: socialTiers.price,
    })
    .from(socialAccounts)
    .innerJoin(socialTiers, eq(socialTiers.id, socialAccounts.tierId))
    .leftJoin(trustScores, eq(trustScores.accountId, socialAccounts.id))
    .where(
      and(
        eq(socialAccounts.platform, kind.platform),
        eq(socialAccounts.status, 'connected'),
        eq(socialTiers.status, 1),
        accountVisibleToArtists(),
        ne(socialAccounts.userId, input.buyerId),
        ...sharedRules(input, socialAccounts),
        genres.length
          ? sql`exists (select 1 from ${socialAccountGenres} g where g.account_id = ${socialAccounts.id} and g.genre_id = any(${genreArray(genres)}))`
          : undefined,
      ),
    )
    .orderBy(
      desc(sql`cardinality(${shared})`),
      desc(scoreOrNeutral(trustScores.score)),
      desc(socialAccounts.id),
    )
    .limit(MATCH_POOL);
  return rows.map(toCandidate);
}

function toCandidate(r: {
  id: number;
  shared: number[] | string;
  moods: string[];
  languageIds: number[];
  score: number;
  median: number | null;
  followers: number | null;
  price: number;
}): MatchCandidate {
  return {
    id: r.id,
    sharedGenreIds: Array.isArray(r.shared) ? r.shared.map(Number) : [],
    moods: r.moods as Mood[],
    languageIds: r.languageIds,
    score: Number(r.score),
    medianResponseMinutes: r.median,
    followers: r.followers,
    price: r.price,
  };
}

/**
 * Per offer, the requests sharing a genre with the track that the seller answered (left Pending
 * approval, not withdrawn) and of those accepted. A request's genres are its artist's genres (the
 * profile's), as requests carry none of their own (docs/decisions.md "Matched for this track").
 */
export async function similarAcceptance(
  database: Database,
  kind: 'playlist' | 'account',
  ids: readonly number[],
  genreIds: readonly number[],
): Promise<Map<number, { decided: number; accepted: number }>> {
  const out = new Map<number, { decided: number; accepted: number }>();
  if (ids.length === 0 || genreIds.length === 0) return out;
  const offer = kind === 'playlist' ? expressCampaigns.playlistId : expressCampaigns.accountId;
  const rows = await database.db
    .select({
      id: offer,
      decided:
        sql<number>`count(*) filter (where ${expressCampaigns.statusId} <> 1 and ${expressCampaigns.endReason} is distinct from 'withdrawn')`.mapWith(
          Number,
        ),
      accepted:
        sql<number>`count(*) filter (where ${expressCampaigns.statusId} <> 1 and ${expressCampaigns.submissionDeadline} is not null)`.mapWith(
          Number,
        ),
    })
    .from(expressCampaigns)
    .innerJoin(users, eq(users.id, expressCampaigns.artistId))
    .where(
      and(
        inArray(offer, [...ids]),
        sql`exists (select 1 from jsonb_array_elements(${users.profileGenres}) pg where (pg->>'id')::int = any(${genreArray(genreIds)}))`,
      ),
    )
    .groupBy(offer);
  for (const r of rows) if (r.id !== null) out.set(r.id, { decided: r.decided, accepted: r.accepted });
  return out;
}

/** One ranked suggestion: the offer's id and the facts of its reason (genres named by the caller). */
export interface RankedMatch {
  id: number;
  why: Omit<MatchReason, 'shared_genres'> & { shared_genre_ids: number[] };
}

/**
 * The suggestions for `input`'s track among one kind's offers, best first, at most `MATCHED_MAX`;
 * ties keep the candidates' order (more shared genres, then better score).
 */
export async function matchOffers(
  database: Database,
  kind: { kind: 'playlist' } | { kind: 'account'; platform: string },
  input: MatchInput,
): Promise<RankedMatch[]> {
  const candidates = await matchCandidates(database, kind, input);
  const genres = input.genre_ids ?? [];
  const moods = new Set(input.moods ?? []);
  const similar = await similarAcceptance(
    database,
    kind.kind,
    candidates.map((c) => c.id),
    genres,
  );
  const ranked = candidates.map((c, order) => {
    const sim = similar.get(c.id) ?? { decided: 0, accepted: 0 };
    const sharedMoods = c.moods.filter((m) => moods.has(m));
    const language: 'listed' | 'any' | null =
      input.language_id === undefined ? null : c.languageIds.length === 0 ? 'any' : 'listed';
    const match = matchRank({
      trackGenres: genres.length,
      sharedGenres: c.sharedGenreIds.length,
      trackMoods: moods.size,
      sharedMoods: sharedMoods.length,
      language,
      similarDecided: sim.decided,
      similarAccepted: sim.accepted,
      score: c.score,
      followers: c.followers,
      price: c.price,
    });
    return {
      order,
      id: c.id,
      why: {
        match,
        shared_genre_ids: c.sharedGenreIds,
        shared_moods: sharedMoods,
        language,
        similar: sim,
        median_response_minutes: c.medianResponseMinutes,
      },
    };
  });
  ranked.sort((a, b) => b.why.match - a.why.match || a.order - b.order);
  return ranked.slice(0, MATCHED_MAX).map(({ id, why }) => ({ id, why }));
}

/** Genre names by id (the reasons name the genres shared). */
export async function genreNames(
  database: Database,
  ids: readonly number[],
): Promise<Map<number, { id: number; name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await database.db
    .select({ id: genreTable.id, name: genreTable.name })
    .from(genreTable)
    .where(inArray(genreTable.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The genres of an artist's profile (ids), the track's genres when none are given. */
export async function artistGenreIds(database: Database, artistId: number): Promise<number[]> {
  const [row] = await database.db
    .select({ genres: users.profileGenres })
    .from(users)
    .where(eq(users.id, artistId));
  return (row?.genres ?? []).map((g) => g.id);
}

/** The matched reasons with their shared genres named, on the list items they belong to (ranked order). */
async function withReasons<T extends { id: number }>(
  database: Database,
  ranked: RankedMatch[],
  items: readonly T[],
): Promise<(T & { why: MatchReason })[]> {
  const byId = new Map(items.map((i) => [i.id, i]));
  const names = await genreNames(
    database,
    ranked.flatMap((r) => r.why.shared_genre_ids),
  );
  return ranked.flatMap(({ id, why: { shared_genre_ids, ...why } }) => {
    const item = byId.get(id);
    if (!item) return [];
    const shared = shared_genre_ids.flatMap((g) => {
      const named = names.get(g);
      return named ? [named] : [];
    });
    return [{ ...item, why: { ...why, shared_genres: shared } }];
  });
}

/**
 * "Matched for this track" among the playlists (`.../playlists/matched`): {@link matchOffers}, each
 * as the playlist list's item with `why`. `buyerId` is never offered their own.
 */
export async function matchedPlaylists(database: Database, buyerId: number, query: MatchQuery) {
  const ranked = await matchOffers(database, { kind: 'playlist' }, { ...query, buyerId });
  if (ranked.length === 0) return [];
  const page = await listPlaylists(
    database,
    { page: 1, limit: ranked.length, filter: undefined, order: undefined, q: undefined },
    { onlyApproved: true, playlistIds: ranked.map((r) => r.id) },
  );
  return withReasons(database, ranked, page.data);
}

/** "Matched for this track" among a platform's creator accounts (`.../accounts/matched`). */
export async function matchedAccounts(
  deps: Pick<AppDeps, 'database'>,
  adapter: AccountAdapter,
  buyerId: number,
  query: MatchQuery,
) {
  const ranked = await matchOffers(
    deps.database,
    { kind: 'account', platform: adapter.key },
    { ...query, buyerId },
  );
  if (ranked.length === 0) return [];
  const accounts = await accountsForSale(deps, adapter, { ids: ranked.map((r) => r.id) });
  return withReasons(deps.database, ranked, accounts);
}
