import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { genres, users } from '../../db/schema';
import {
  expressDurations,
  expressPlaylistGenres,
  expressPlaylists,
  expressReasons,
  expressTiers,
  spotifyConnections,
} from './express.schema';

/** Default tiers (price in coins per placement), durations (days) and decline reasons. */
export const DEFAULT_TIERS = [
  { tierName: 'Starter', price: 50, description: 'Playlists up to 10k followers' },
  { tierName: 'Rising', price: 120, description: '10k to 50k followers' },
  { tierName: 'Premium', price: 300, description: '50k to 250k followers' },
  { tierName: 'Elite', price: 800, description: 'Over 250k followers' },
] as const;
export const DEFAULT_DURATIONS = [7, 14, 28] as const;
/**
 * Default decline reasons per platform (`campaign_type_ids`): the curators' playlist reasons for
 * Spotify, the creators' video reasons for TikTok and Instagram (each list ends with its own "Other").
 */
export const DEFAULT_REASONS: readonly { reasons: readonly string[]; campaignTypeIds: number[] }[] = [
  {
    campaignTypeIds: [1],
    reasons: [
      'Does not fit the playlist genre',
      'Production quality below the playlist standard',
      'Playlist is full for now',
      'Explicit content not accepted on this playlist',
      'Other',
    ],
  },
  {
    campaignTypeIds: [2, 3],
    reasons: [
      'The sound does not fit my content',
      'My audience would not engage with this genre',
      'The sound does not work in a short video',
      'My posting schedule is full for now',
      'Explicit lyrics do not suit my account',
      'Other',
    ],
  },
];

/**
 * Reference data of express, inserted once when the tables are empty (staff edit them later
 * in the back-office): tiers, durations, and each platform's decline reasons while it has none.
 */
export async function seedExpressReference(database: Database): Promise<void> {
  const count = async (table: typeof expressTiers | typeof expressDurations) =>
    (await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table))[0]?.n ?? 0;
  if ((await count(expressTiers)) === 0)
    await database.db
      .insert(expressTiers)
      .values(DEFAULT_TIERS.map((t) => ({ ...t })))
      .onConflictDoNothing();
  if ((await count(expressDurations)) === 0)
    await database.db
      .insert(expressDurations)
      .values(DEFAULT_DURATIONS.map((duration) => ({ duration })))
      .onConflictDoNothing();
  // Per platform: a platform none of whose sellers is offered any reason (new, or the playlist
  // reasons of before they were kept per platform) gets its defaults.
  for (const list of DEFAULT_REASONS) {
    const [offered] = await database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(expressReasons)
      .where(sql`${expressReasons.campaignTypeIds} && ${`{${list.campaignTypeIds.join(',')}}`}::smallint[]`);
    if ((offered?.n ?? 0) === 0)
      await database.db
        .insert(expressReasons)
        .values(list.reasons.map((reason) => ({ reason, campaignTypeIds: list.campaignTypeIds })));
  }
}

/** Spotify playlist ids of the demo curator's two approved express playlists. */
export const DEMO_PLAYLISTS = [
  {
    spotifyPlaylistId: '37i9dQZF1DX0XUsuxWHRQd',
    name: 'Fresh Hip-Hop Finds',
    followers: 8_400,
    tier: 'Starter',
    genres: ['hip-hop'],
  },
  {
    spotifyPlaylistId: '37i9dQZF1DXcBWIGoYBM5M',
    name: 'Indie Pop Rising',
    followers: 64_000,
    tier: 'Premium',
    genres: ['indie-pop', 'pop'],
  },
] as const;

/** Demo data: a connected sandbox Spotify account and two approved playlists for the demo curator. */
export async function seedExpressDemo(database: Database): Promise<void> {
  const [curator] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'curator@demo.test'));
  if (!curator) return;
  const [conn] = await database.db
    .insert(spotifyConnections)
    .values({
      userId: curator.id,
      spotifyUserId: 'sandbox-demo-curator',
      name: 'Carl Curator',
      userEmail: 'curator@demo.test',
      isActive: 1,
    })
    .onConflictDoUpdate({
      target: [spotifyConnections.userId, spotifyConnections.spotifyUserId],
      set: { isActive: 1 },
    })
    .returning();
  const tiers = await database.db.select().from(expressTiers);
  const [duration] = await database.db
    .select()
    .from(expressDurations)
    .where(eq(expressDurations.duration, 28));
  for (const p of DEMO_PLAYLISTS) {
    const tier = tiers.find((t) => t.tierName === p.tier) ?? tiers[0];
    if (!tier || !duration) return;
    const [row] = await database.db
      .insert(expressPlaylists)
      .values({
        curatorId: curator.id,
        connectionId: conn!.id,
        spotifyPlaylistId: p.spotifyPlaylistId,
        spotifyUrl: `https://open.spotify.com/playlist/${p.spotifyPlaylistId}`,
        name: p.name,
        followers: p.followers,
        tierId: tier.id,
        durationId: duration.id,
        statusId: 1,
        renewable: true,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    const genreRows = await database.db.select().from(genres);
    const ids = genreRows.filter((g) => (p.genres as readonly string[]).includes(g.name)).map((g) => g.id);
    if (ids.length)
      await database.db
        .insert(expressPlaylistGenres)
        .values(ids.map((genreId) => ({ playlistId: row.id, genreId })))
        .onConflictDoNothing();
  }
}
