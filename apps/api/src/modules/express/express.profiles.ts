import { FOLLOWER_HISTORY_DAYS, type Mood, type OfferProfile } from '@lm/contracts/offers';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  expressDurations,
  expressPlaylists,
  expressTiers,
  socialAccounts,
  socialTiers,
  trustAccountSnapshots,
  trustFollowerSnapshots,
  trustScores,
  users,
} from '../../db/schema';
import { accountVisibleToArtists, playlistResultsItem, playlistVisibleToArtists, scoreItem } from '../trust';
import { mayReadProfile, offerGenres, type ProfileViewer, profileCommons } from './express.offers';
import type { AccountAdapter } from './social.service';

/**
 * The profiles artists read before paying (issue "Choose with evidence", DESIGN section 8
 * "Choose"): one for an express playlist, one for a creator account, in the one shape
 * `offerProfileSchema`. Staff read any; the seller reads their own as artists see it; everyone else
 * only an offer on sale (approved, its tier on sale, not hidden by a confirmed fake-audience flag).
 * Nothing private of the seller: a name and the date they joined.
 */

const sellerName = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim();

/** The first day of the follower history of a profile read at `now`, as 'YYYY-MM-DD' (UTC). */
function historyStart(now: Date): string {
  return new Date(now.getTime() - FOLLOWER_HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The profile of an express playlist, or null when it does not exist or `viewer` may not read it.
 * `now` bounds the follower history (`FOLLOWER_HISTORY_DAYS`).
 */
export async function playlistProfile(
  database: Database,
  id: number,
  viewer: ProfileViewer,
  now: Date,
): Promise<OfferProfile | null> {
  const [row] = await database.db
    .select({
      p: expressPlaylists,
      tier: { id: expressTiers.id, tier_name: expressTiers.tierName, price: expressTiers.price },
      duration: expressDurations.duration,
      seller: { id: users.id, firstName: users.firstName, lastName: users.lastName, since: users.createdAt },
      score: trustScores,
      onSale: sql<boolean>`(${expressPlaylists.statusId} = 1 and ${expressTiers.status} = 1 and ${playlistVisibleToArtists()})`,
    })
    .from(expressPlaylists)
    .innerJoin(expressTiers, eq(expressTiers.id, expressPlaylists.tierId))
    .innerJoin(expressDurations, eq(expressDurations.id, expressPlaylists.durationId))
    .innerJoin(users, eq(users.id, expressPlaylists.curatorId))
    .leftJoin(trustScores, eq(trustScores.playlistId, expressPlaylists.id))
    .where(eq(expressPlaylists.id, id));
  if (!row || !mayReadProfile(viewer, row.p.curatorId, row.onSale)) return null;
  const [genreMap, history, commons] = await Promise.all([
    offerGenres(database, 'playlist', [id]),
    database.db
      .select({ date: trustFollowerSnapshots.day, followers: trustFollowerSnapshots.followers })
      .from(trustFollowerSnapshots)
      .where(
        and(eq(trustFollowerSnapshots.playlistId, id), gte(trustFollowerSnapshots.day, historyStart(now))),
      )
      .orderBy(asc(trustFollowerSnapshots.day)),
    profileCommons(database, { kind: 'playlist', id }, row.p.languageIds),
  ]);
  return {
    kind: 'playlist',
    platform: 'spotify',
    id,
    name: row.p.name,
    user_name: null,
    image_url: row.p.imageUrl,
    description: row.p.description,
    platform_url: row.p.spotifyUrl,
    genres: genreMap.get(id) ?? [],
    moods: row.p.moods as Mood[],
    accepts_unreleased: row.p.acceptsUnreleased,
    refuses_ai: row.p.refusesAi,
    seller: { id: row.seller.id, name: sellerName(row.seller), since: row.seller.since.toISOString() },
    followers: row.p.followers,
    follower_history: history,
    score: scoreItem(row.score),
    tier: row.tier,
    duration_days: row.duration,
    on_sale: row.onSale,
    results: playlistResultsItem(row.score),
    ...commons,
  };
}

/**
 * The profile of a creator account of `adapter`'s platform, or null when it does not exist, is of
 * another platform, is revoked, or `viewer` may not read it (see {@link playlistProfile}).
 */
export async function accountProfile(
  database: Database,
  adapter: AccountAdapter,
  id: number,
  viewer: ProfileViewer,
  now: Date,
): Promise<OfferProfile | null> {
  const [row] = await database.db
    .select({
      a: socialAccounts,
      tier: { id: socialTiers.id, tier_name: socialTiers.tierName, price: socialTiers.price },
      tierStatus: socialTiers.status,
      seller: { id: users.id, firstName: users.firstName, lastName: users.lastName, since: users.createdAt },
      score: trustScores,
      onSale: sql<boolean>`(${socialAccounts.status} = 'connected' and ${socialTiers.status} = 1 and ${accountVisibleToArtists()})`,
    })
    .from(socialAccounts)
    .innerJoin(socialTiers, eq(socialTiers.id, socialAccounts.tierId))
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .leftJoin(trustScores, eq(trustScores.accountId, socialAccounts.id))
    .where(and(eq(socialAccounts.id, id), eq(socialAccounts.platform, adapter.key)));
  if (!row || row.a.status === 'revoked' || !mayReadProfile(viewer, row.a.userId, row.onSale)) return null;
  const [genreMap, history, commons] = await Promise.all([
    offerGenres(database, 'account', [id]),
    database.db
      .select({ date: trustAccountSnapshots.day, followers: trustAccountSnapshots.followers })
      .from(trustAccountSnapshots)
      .where(and(eq(trustAccountSnapshots.accountId, id), gte(trustAccountSnapshots.day, historyStart(now))))
      .orderBy(asc(trustAccountSnapshots.day)),
    profileCommons(database, { kind: 'account', id }, row.a.languageIds),
  ]);
  return {
    kind: 'account',
    platform: adapter.key,
    id,
    name: row.a.displayName,
    user_name: row.a.username,
    image_url: row.a.avatarUrl,
    description: row.a.description,
    platform_url: adapter.accounts.profileUrl(row.a.username),
    genres: genreMap.get(id) ?? [],
    moods: row.a.moods as Mood[],
    accepts_unreleased: row.a.acceptsUnreleased,
    refuses_ai: row.a.refusesAi,
    seller: { id: row.seller.id, name: sellerName(row.seller), since: row.seller.since.toISOString() },
    followers: row.a.followers,
    follower_history: history,
    score: scoreItem(row.score),
    tier: row.tier,
    duration_days: null,
    on_sale: row.onSale,
    results: null,
    ...commons,
  };
}
