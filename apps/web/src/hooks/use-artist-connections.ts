import type { AllAccounts, ArtistProfile, ArtistSound, ArtistTrack } from '@lm/contracts/connections';
import { type ApiPath, artistConnectionKeys, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * Shapes of the connection answers: the zod schemas in `@lm/contracts/connections` the API serialises
 * them through, imported as types only (no zod in the bundle).
 */
export type { AllAccounts, ArtistProfile, ArtistSound, ArtistTrack } from '@lm/contracts/connections';

const base = 'connected/platforms';
/**
 * A video platform's own sounds: each platform registers `connected/platforms/artist/{platform}/music`
 * (TikTok's and Instagram's are in the document); a platform added later names its own.
 */
const soundsPath = (platform: string) => `${base}/artist/${platform}/music` as ApiPath<'get'>;
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
      const answer = await api.get<ArtistSound[]>(soundsPath(platform), { silent: true });
      return { sounds: answer.data, note: answer.message ?? null };
    },
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
