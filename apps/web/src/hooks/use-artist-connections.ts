import { artistConnectionKeys, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SocialAccount } from './use-connections';

/** A connected Spotify artist profile. */
export interface ArtistProfile {
  id: number;
  name: string;
  spotify_artist_id: string;
  external_url: string;
  image_url: string | null;
  followers: number | null;
  is_active: number;
  status: { status: string };
  created_at: string;
}

/** A track of the artist's connected profiles. */
export interface ArtistTrack {
  id: string;
  name: string;
  artists: string;
  album: string;
  cover_url: string | null;
  external_url: string;
  duration_ms: number;
  account_id: number;
}

/** Every account of the user (`connected/platforms/all/user/accounts`). */
export interface AllAccounts {
  spotify: { id: number; name: string; user_name: string; user_email: string | null; is_active: number }[];
  artist_profiles: ArtistProfile[];
  tiktok: SocialAccount[];
  instagram: SocialAccount[];
  platforms_limit: number;
}

const base = 'connected/platforms';
/** All of the user's connected accounts. */
export function useAllAccounts() {
  const { api } = useApi();
  return useQuery({
    queryKey: artistConnectionKeys.accounts,
    queryFn: async () => (await api.get<AllAccounts>(`${base}/all/user/accounts`)).data,
  });
}

/** The tracks of the artist's connected profiles (artists only). */
export function useArtistTracks(enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: artistConnectionKeys.tracks,
    queryFn: async () => (await api.get<ArtistTrack[]>(`${base}/artist/connected/tracks`)).data,
    enabled,
  });
}

/** Connect a Spotify artist profile by its link. */
export function useConnectArtist() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (link: string) =>
      (await api.post<ArtistProfile>(`${base}/artist/connect/spotify/account`, { link })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: artistConnectionKeys.all }),
  });
}

/** Disconnect one of the artist's profiles. */
export function useDisconnectArtist() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.delete(`${base}/artist/delete/connected/account/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: artistConnectionKeys.all }),
  });
}

/** One of the artist's own TikTok or Instagram sounds (`connected/platforms/artist/{platform}/music`). */
export interface ArtistSound {
  id: string;
  /** A link that passes the platform's music-link check. */
  url: string;
  name: string;
  artists: string;
  cover_url: string | null;
  /** An earlier campaign's sound, or the sound of a post of the artist's connected account. */
  source: 'campaign' | 'post';
  account_id: number | null;
  user_name: string | null;
}

/**
 * The artist's own sounds on `platform` (artists only), and `note`: the server's message when there is
 * nothing to draw from yet (an empty list, not an error). Silent: the wizard shows
 * that message, or the error's (platform not answering), beside the picker instead of a toast.
 */
export function useArtistSounds(platform: string, enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: artistConnectionKeys.sounds(platform),
    queryFn: async () => {
      const answer = await api.get<ArtistSound[]>(`${base}/artist/${platform}/music`, { silent: true });
      return { sounds: answer.data, note: answer.message ?? null };
    },
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
