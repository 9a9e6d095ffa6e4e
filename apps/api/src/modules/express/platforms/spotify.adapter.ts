import { and, asc, eq, sql } from 'drizzle-orm';
import { idList, inIdsPlaceholder, prepareOnce, type Tx } from '../../../db/client';
import { users } from '../../../db/schema';
import { NotFoundError } from '../../../platform/errors';
import { parseTrackLink } from '../../../providers/spotify/links';
import { playlistVisibleToArtists } from '../../trust';
import { EXPRESS_ONE_OPEN_PER_TRACK_PLAYLIST, expressPlaylists, expressTiers } from '../express.schema';
import {
  type EngineDeps,
  type ExpressCampaignRow,
  type ExpressCheck,
  type ExpressPlatformAdapter,
  PAYER_PLACEHOLDER,
  payerAccountsColumn,
  payerBalanceColumn,
  proRataShare,
  reservedIdColumns,
  reservedOf,
  SELLER_CONTACT,
} from './adapter';

/**
 * Spotify playlist placement (campaign_type_id 1): how a Spotify express campaign proves itself and
 * ends.
 *
 * - Target: an approved playlist of a curator (`express_playlists`, status 1), priced by its tier.
 * - Proof: the track is on the playlist (Spotify Web API playlist items). Seen once -> Verifying; still
 *   there an hour later -> On Going for `on_going_days`. Not there by the submission deadline -> Failed
 *   to Submit Playlist, full refund.
 * - Still there: checked daily while On Going (with the playlist's followers and the track's
 *   popularity, for the campaign's daily history). Removed early -> Completed, the curator paid pro rata of
 *   the whole days served, the rest refunded.
 * - Achievement: a placement kept through On Going and Auditing earns the full price (less the fee);
 *   Spotify shows no per-placement streams, so there is no performance refund.
 */
/**
 * Spotify's check cadence (minutes): a placement must still be there an hour after it was first seen
 * before On Going; the playlist is read every 30 minutes while waiting, daily while On Going.
 */
export const SPOTIFY_TIMING = {
  verifyDelayMinutes: 60,
  checkEveryWaitingMinutes: 30,
  checkEveryOnGoingMinutes: 24 * 60,
} as const;

export const spotifyAdapter: ExpressPlatformAdapter = {
  typeId: 1,
  key: 'spotify',
  promise: 'placement',
  timing: SPOTIFY_TIMING,
  invalidSoundKey: 'express.invalid_track',
  oneOpenIndex: EXPRESS_ONE_OPEN_PER_TRACK_PLAYLIST,

  async resolveSound(deps, link) {
    const trackId = parseTrackLink(link);
    if (!trackId) return null;
    const track = await deps.providers.spotify.getTrack(trackId);
    if (!track) return null;
    return {
      id: trackId,
      url: track.externalUrl,
      name: track.name.slice(0, 300),
      artist: track.artists.join(', ').slice(0, 300),
      coverUrl: track.coverUrl,
    };
  },
  soundLink: (c) => `https://open.spotify.com/track/${c.trackId}`,
  // Spotify's embed player (its iFrame API reports playback); the sandbox plays its generated preview.
  player(deps, c, seconds) {
    const preview = deps.providers.spotify.soundPreviewUrl?.(c.trackId, seconds);
    return preview
      ? { kind: 'audio', url: preview, reports_playback: true }
      : { kind: 'spotify', url: `spotify:track:${c.trackId}`, reports_playback: true };
  },
  renewal: {
    targetsField: 'playlist_ids',
    keepsArtistText: false,
    // The same playlist at its tier's price of today; it can be bought again while it is listed, its
    // curator allows renewals and it was not hidden after a confirmed fake-audience flag.
    async target(deps, c) {
      if (c.playlistId === null) return null;
      const [row] = await deps.database.db
        .select({
          id: expressPlaylists.id,
          name: expressPlaylists.name,
          statusId: expressPlaylists.statusId,
          renewable: expressPlaylists.renewable,
          price: expressTiers.price,
          visible: sql<boolean>`${playlistVisibleToArtists()}`,
        })
        .from(expressPlaylists)
        .innerJoin(expressTiers, eq(expressTiers.id, expressPlaylists.tierId))
        .where(eq(expressPlaylists.id, c.playlistId));
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        price: row.price,
        available: row.statusId === 1 && row.renewable && row.visible,
      };
    },
  },

  async loadTargets(tx: Pick<Tx, 'db'>, ids, payerId) {
    // Built and prepared once per connection: planning it cost more than running it, and
    // building it more than both.
    const withPayer = payerId !== undefined;
    const rows = await prepareOnce(
      tx.db,
      `express.targets.spotify:${withPayer ? 'payer' : 'staff'}`,
      (name) =>
        tx.db
          .select({
            // Only what a target needs: the driver describes and parses every column of every row.
            playlist: {
              id: expressPlaylists.id,
              name: expressPlaylists.name,
              curatorId: expressPlaylists.curatorId,
              tierId: expressPlaylists.tierId,
              refusesAi: expressPlaylists.refusesAi,
            },
            price: expressTiers.price,
            shown: {
              url: expressPlaylists.spotifyUrl,
              imageUrl: expressPlaylists.imageUrl,
              followers: expressPlaylists.followers,
              tierName: expressTiers.tierName,
              sellerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
            },
            seller: SELLER_CONTACT,
            payerBalance: payerBalanceColumn(withPayer),
            payerAccounts: payerAccountsColumn(withPayer),
            reserved: reservedIdColumns(withPayer),
          })
          .from(expressPlaylists)
          .innerJoin(expressTiers, eq(expressTiers.id, expressPlaylists.tierId))
          .innerJoin(users, eq(users.id, expressPlaylists.curatorId))
          .where(
            and(
              inIdsPlaceholder(expressPlaylists.id, 'ids'),
              eq(expressPlaylists.statusId, 1),
              eq(expressTiers.status, 1),
              playlistVisibleToArtists(),
            ),
          )
          .orderBy(asc(expressPlaylists.id))
          .prepare(name),
    ).execute({ ids: idList(ids), [PAYER_PLACEHOLDER]: payerId ?? null });
    return rows.map(({ playlist, price, shown, seller, payerBalance, payerAccounts, reserved }) => ({
      id: playlist.id,
      name: playlist.name,
      sellerId: playlist.curatorId,
      tierId: playlist.tierId,
      refusesAi: playlist.refusesAi,
      price,
      shown,
      seller,
      ...(payerBalance === null ? {} : { payerBalance }),
      ...(payerAccounts === null ? {} : { payerAccounts }),
      ...reservedOf(reserved),
    }));
  },
  targetColumns: (target) => ({ playlistId: target.id, tierId: target.tierId }),
  sellerLink: (target) => `/express/my/playlist/view/${target.id}`,
  campaignPath: (id) => `/express-campaigns/${id}`,

  proveSubmission: (deps, c) => trackOnPlaylist(deps, c),
  stillThere: (deps, c) => trackOnPlaylist(deps, c),
  achievement: async (_deps, c) => ({ coins: c.price }),
  earlyEndShare: proRataShare,
};

/**
 * Is the campaign's track on its playlist now (and where)? When it is, the playlist's followers and the
 * track's popularity are read too for the day's history (one playlist and one track call; none when
 * the track is not there, so the half-hourly waiting checks cost nothing more).
 */
async function trackOnPlaylist(deps: EngineDeps, c: ExpressCampaignRow): Promise<ExpressCheck> {
  if (c.playlistId === null) throw new NotFoundError();
  const [p] = await deps.database.db
    .select({ id: expressPlaylists.spotifyPlaylistId })
    .from(expressPlaylists)
    .where(eq(expressPlaylists.id, c.playlistId));
  if (!p) throw new NotFoundError();
  const { spotify } = deps.providers;
  const check = await spotify.playlistHasTrack(p.id, c.trackId);
  if (!check.found) return { ok: false, position: null };
  // The figures are history only: a failed read leaves them null rather than holding up the check.
  const [playlist, track] = await Promise.all([
    spotify.getPlaylist(p.id).catch(() => null),
    spotify.getTrack(c.trackId).catch(() => null),
  ]);
  return {
    ok: true,
    position: check.position,
    playlistFollowers: playlist?.followers ?? null,
    trackPopularity: track?.popularity ?? null,
  };
}
