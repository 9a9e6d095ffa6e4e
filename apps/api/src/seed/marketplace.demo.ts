import type { Mood } from '@lm/contracts/offers';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { withTransaction } from '../db/client';
import {
  expressDurations,
  expressPlaylistGenres,
  expressPlaylists,
  expressTiers,
  genres,
  languages,
  socialAccountGenres,
  socialAccounts,
  trustFollowerSnapshots,
  userGenres,
  users,
} from '../db/schema';
import { assignDefaultRoles } from '../modules/rbac';
import { utcDay } from '../modules/trust';
import type { AppDeps } from '../platform/app';
import { hashPassword } from '../platform/crypto';
import { isSandboxSpotify } from '../providers/spotify/index';
import { sandboxPlaylistFollowers } from '../providers/spotify/sandbox';

type Deps = Pick<AppDeps, 'database' | 'providers' | 'clock'>;

/** What a demo offer's profile says: genres (Spotify seeds), moods, lyrics languages (ISO codes). */
interface DemoProfile {
  description: string;
  genres: readonly string[];
  moods: readonly Mood[];
  languages: readonly string[];
  acceptsUnreleased?: boolean;
  refusesAi?: boolean;
}

/** The demo's other curators (the marketplace has more than one seller), signing in with the demo password. */
const DEMO_CURATORS = [
  { email: 'nora.curator@demo.test', firstName: 'Nora', lastName: 'Lindqvist', countryCode: 'SE' },
  { email: 'sami.curator@demo.test', firstName: 'Sami', lastName: 'Haddad', countryCode: 'FR' },
  { email: 'elif.curator@demo.test', firstName: 'Elif', lastName: 'Kaya', countryCode: 'TR' },
] as const;

/**
 * The demo catalogue artists choose from: sandbox playlist ids (their covers and follower histories
 * come from the Spotify sandbox), names, tiers, and profiles written as curators write them.
 */
export const DEMO_CATALOGUE: readonly (DemoProfile & {
  spotifyPlaylistId: string;
  name: string;
  tier: string;
  curator: (typeof DEMO_CURATORS)[number]['email'];
})[] = [
  {
    spotifyPlaylistId: '37iDemoIndieNightDrive',
    name: 'Indie Night Drive',
    tier: 'Rising',
    curator: 'nora.curator@demo.test',
    description:
      'Dreamy indie and synth-pop for the drive home. I listen to every submission in full and answer within two days.',
    genres: ['indie', 'indie-pop', 'synth-pop'],
    moods: ['dreamy', 'chill'],
    languages: ['en', 'sv'],
  },
  {
    spotifyPlaylistId: '37iDemoNordicChill0000',
    name: 'Nordic Chill',
    tier: 'Starter',
    curator: 'nora.curator@demo.test',
    description: 'Soft electronic and acoustic songs from the north. Unreleased demos welcome.',
    genres: ['chill', 'acoustic', 'ambient'],
    moods: ['relaxing', 'melancholic'],
    languages: [],
  },
  {
    spotifyPlaylistId: '37iDemoRapFrancais0000',
    name: 'Rap Français Frais',
    tier: 'Rising',
    curator: 'sami.curator@demo.test',
    description: 'Le meilleur du rap français indépendant, mis à jour chaque vendredi. French lyrics only.',
    genres: ['hip-hop', 'french'],
    moods: ['energetic', 'dark'],
    languages: ['fr'],
    acceptsUnreleased: false,
  },
  {
    spotifyPlaylistId: '37iDemoAfroHeat0000000',
    name: 'Afro Heat',
    tier: 'Premium',
    curator: 'sami.curator@demo.test',
    description: 'Afrobeats and amapiano for the dance floor. No AI-made tracks, please.',
    genres: ['afrobeat', 'dance'],
    moods: ['party', 'happy'],
    languages: [],
    refusesAi: true,
  },
  {
    spotifyPlaylistId: '37iDemoIstanbulPop0000',
    name: 'İstanbul Pop',
    tier: 'Starter',
    curator: 'elif.curator@demo.test',
    description: 'Yeni Türkçe pop ve indie. New Turkish pop and indie, updated every week.',
    genres: ['turkish', 'pop', 'indie-pop'],
    moods: ['happy', 'romantic'],
    languages: ['tr'],
  },
  {
    spotifyPlaylistId: '37iDemoLofiStudyRoom00',
    name: 'Lo-fi Study Room',
    tier: 'Starter',
    curator: 'elif.curator@demo.test',
    description: 'Instrumental beats to focus and study. Vocals only if they stay in the background.',
    genres: ['chill', 'study', 'hip-hop'],
    moods: ['focus', 'relaxing'],
    languages: [],
  },
  {
    spotifyPlaylistId: '37iDemoMetalForge00000',
    name: 'Metal Forge',
    tier: 'Rising',
    curator: 'nora.curator@demo.test',
    description: 'Heavy riffs only: metal, metalcore and hard rock from new bands.',
    genres: ['metal', 'metalcore', 'hard-rock'],
    moods: ['aggressive', 'energetic'],
    languages: [],
  },
];

/** Profiles of the demo curator's own playlists and of the demo influencer's accounts. */
const DEMO_OWN_PROFILES: Record<string, DemoProfile> = {
  '37i9dQZF1DX0XUsuxWHRQd': {
    description:
      'New hip-hop from independent artists, every Friday. Tell me in the pitch what the song is about.',
    genres: ['hip-hop'],
    moods: ['energetic', 'dark'],
    languages: ['en', 'de'],
  },
  '37i9dQZF1DXcBWIGoYBM5M': {
    description: 'Indie pop on the rise: catchy hooks, honest lyrics. I answer within three days.',
    genres: ['indie-pop', 'pop', 'indie'],
    moods: ['happy', 'uplifting'],
    languages: [],
  },
  'ines.dances': {
    description: 'Dance videos to new songs, three a week. I pick the sounds my followers can move to.',
    genres: ['dance', 'pop', 'afrobeat'],
    moods: ['party', 'energetic'],
    languages: [],
  },
  'ines.sings': {
    description: 'Acoustic covers and reels of songs I love, in French and English.',
    genres: ['acoustic', 'indie-pop', 'french'],
    moods: ['chill', 'romantic'],
    languages: ['fr', 'en'],
  },
};

/** The demo artist's genres (an indie-pop artist: the matched list has something to show). */
const DEMO_ARTIST_GENRES = ['indie-pop', 'indie', 'synth-pop'] as const;

const DAY_MS = 86_400_000;
/** Days of follower history the demo playlists start with. */
const HISTORY_DAYS = 90;

/**
 * Demo marketplace (sandbox Spotify only; idempotent): more curators with playlists of several genres,
 * moods and languages, so an artist has something to filter and match; the profiles of the demo
 * curator's playlists and the demo influencer's accounts; 90 days of follower history from the
 * sandbox's deterministic histories. The new playlists start as new sellers: no campaigns yet.
 */
export async function seedMarketplaceDemo(deps: Deps, password: string): Promise<void> {
  const spotify = deps.providers.spotify;
  if (!isSandboxSpotify(spotify)) return;
  const db = deps.database.db;
  const passwordHash = await hashPassword(password);
  await withTransaction(deps.database, async (tx) => {
    for (const c of DEMO_CURATORS) {
      const [created] = await tx.db
        .insert(users)
        .values({
          ...c,
          userTypeId: 2,
          gender: 'other',
          passwordHash,
          status: 'approved',
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (created) await assignDefaultRoles(tx, created.id, 2);
    }
  });
  const curators = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_CURATORS.map((c) => c.email),
      ),
    );
  const genreIds = new Map((await db.select().from(genres)).map((g) => [g.name, g.id]));
  // The demo artist's genres (the song step starts from them), once.
  const [artist] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'artist@demo.test'));
  if (artist) {
    const [has] = await db.select().from(userGenres).where(eq(userGenres.userId, artist.id)).limit(1);
    const ids = DEMO_ARTIST_GENRES.map((g) => genreIds.get(g)).filter((id): id is number => id !== undefined);
    if (!has && ids.length)
      await db.insert(userGenres).values(ids.map((genreId) => ({ userId: artist.id, genreId })));
  }
  const languageIds = new Map((await db.select().from(languages)).map((l) => [l.code, l.id]));
  const tiers = await db.select().from(expressTiers).where(eq(expressTiers.campaignTypeId, 1));
  const [duration] = await db
    .select()
    .from(expressDurations)
    .where(and(eq(expressDurations.campaignTypeId, 1), eq(expressDurations.duration, 28)));
  if (!duration) return;
  const columns = (p: DemoProfile) => ({
    description: p.description,
    moods: [...p.moods],
    languageIds: p.languages
      .map((code) => languageIds.get(code))
      .filter((id): id is number => id !== undefined),
    acceptsUnreleased: p.acceptsUnreleased ?? true,
    refusesAi: p.refusesAi ?? false,
  });
  const today = Math.floor(deps.clock.now().getTime() / DAY_MS);

  for (const p of DEMO_CATALOGUE) {
    const curator = curators.find((c) => c.email === p.curator);
    const tier = tiers.find((t) => t.tierName === p.tier);
    const info = await spotify.getPlaylist(p.spotifyPlaylistId);
    if (!curator || !tier || !info) continue;
    const [row] = await db
      .insert(expressPlaylists)
      .values({
        curatorId: curator.id,
        spotifyPlaylistId: p.spotifyPlaylistId,
        spotifyUrl: info.externalUrl,
        name: p.name,
        imageUrl: info.imageUrl,
        followers: info.followers,
        tierId: tier.id,
        durationId: duration.id,
        statusId: 1,
        ...columns(p),
      })
      .onConflictDoNothing()
      .returning({ id: expressPlaylists.id });
    if (!row) continue;
    const ids = p.genres.map((g) => genreIds.get(g)).filter((id): id is number => id !== undefined);
    if (ids.length)
      await db.insert(expressPlaylistGenres).values(ids.map((genreId) => ({ playlistId: row.id, genreId })));
  }

  // The demo curator's playlists: their profile, once (a curator's own edits are kept), and a cover.
  for (const [spotifyId, profile] of Object.entries(DEMO_OWN_PROFILES)) {
    if (!isSpotifyKey(spotifyId)) continue;
    const info = await spotify.getPlaylist(spotifyId);
    await db
      .update(expressPlaylists)
      .set({ ...columns(profile), imageUrl: info?.imageUrl ?? null })
      .where(and(eq(expressPlaylists.spotifyPlaylistId, spotifyId), isNull(expressPlaylists.description)));
  }
  // The demo influencer's accounts.
  for (const [username, profile] of Object.entries(DEMO_OWN_PROFILES)) {
    if (isSpotifyKey(username)) continue;
    // Once: an account with genres already has its profile (the creator's own edits are kept).
    const [account] = await db
      .update(socialAccounts)
      .set(columns(profile))
      .where(
        and(
          eq(socialAccounts.username, username),
          sql`not exists (select 1 from ${socialAccountGenres} g where g.account_id = ${socialAccounts.id})`,
        ),
      )
      .returning({ id: socialAccounts.id });
    if (!account) continue;
    const ids = profile.genres.map((g) => genreIds.get(g)).filter((id): id is number => id !== undefined);
    if (ids.length)
      await db
        .insert(socialAccountGenres)
        .values(ids.map((genreId) => ({ accountId: account.id, genreId })))
        .onConflictDoNothing();
  }

  // Follower history of the catalogue (the profile's chart), the sandbox's own history of each id.
  const playlists = await db
    .select({ id: expressPlaylists.id, spotifyId: expressPlaylists.spotifyPlaylistId })
    .from(expressPlaylists)
    .where(
      inArray(
        expressPlaylists.spotifyPlaylistId,
        DEMO_CATALOGUE.map((p) => p.spotifyPlaylistId),
      ),
    );
  for (const p of playlists)
    await db
      .insert(trustFollowerSnapshots)
      .values(
        Array.from({ length: HISTORY_DAYS }, (_, i) => {
          const day = today - HISTORY_DAYS + 1 + i;
          return {
            playlistId: p.id,
            day: utcDay(new Date(day * DAY_MS)),
            followers: sandboxPlaylistFollowers(p.spotifyId, day),
          };
        }),
      )
      .onConflictDoNothing();
}

/** The keys of {@link DEMO_OWN_PROFILES} that are Spotify playlist ids (the others are handles). */
function isSpotifyKey(key: string): boolean {
  return key.startsWith('37i');
}
