import { type SQL, sql } from 'drizzle-orm';
import { expressPlaylists, socialAccounts } from '../../db/schema';
import { trustFlags } from './flags.schema';

/**
 * Condition "this playlist is not hidden from artists" (a confirmed fake-audience flag
 * hides the playlist from every list and choice artists see). A pending flag hides nothing: artists
 * never see a suspicion before staff review it. Used by the express module's artist-facing queries.
 */
export function playlistVisibleToArtists(): SQL {
  return sql`not exists (select 1 from ${trustFlags} where ${trustFlags.playlistId} = ${expressPlaylists.id} and ${trustFlags.status} = 'confirmed')`;
}

/** Condition "this influencer account is not hidden from artists" (see {@link playlistVisibleToArtists}). */
export function accountVisibleToArtists(): SQL {
  return sql`not exists (select 1 from ${trustFlags} where ${trustFlags.accountId} = ${socialAccounts.id} and ${trustFlags.status} = 'confirmed')`;
}
