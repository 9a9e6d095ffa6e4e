import type { PlatformSpotify, PlatformSpotifyOutcome } from '@lm/contracts/staff';
import { staffKeys, useApi } from '@lm/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useChange, useGet } from './use-admin-api';

/**
 * The platform's Spotify account as staff see it and how a connection ended: the zod schemas in
 * `@lm/contracts/staff` that the API serialises its answers through, as types only.
 */
export type { PlatformSpotify, PlatformSpotifyOutcome } from '@lm/contracts/staff';

/** `GET admin/spotify/platform`. */
export function usePlatformSpotify() {
  return useGet<PlatformSpotify>(staffKeys.platformSpotify, 'admin/spotify/platform', { silent: true });
}

/** `POST admin/spotify/platform/connect`: Spotify's consent page (the sandbox's while Spotify is the sandbox). */
export function useConnectPlatformSpotify() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async () => (await api.post<{ url: string }>('admin/spotify/platform/connect')).data.url,
  });
}

/** `DELETE admin/spotify/platform`. */
export function useDisconnectPlatformSpotify() {
  const { api } = useApi();
  return useChange(async () => api.delete('admin/spotify/platform'), [staffKeys.platformSpotify]);
}

/** `GET admin/spotify/platform/outcome?token=` (public): what the back-office page shows. */
export function usePlatformSpotifyOutcome(token: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.platformSpotifyOutcome(token),
    queryFn: async () =>
      (
        await api.get<PlatformSpotifyOutcome>('admin/spotify/platform/outcome', {
          query: { token },
          silent: true,
        })
      ).data,
    enabled: token !== '',
    retry: false,
  });
}
