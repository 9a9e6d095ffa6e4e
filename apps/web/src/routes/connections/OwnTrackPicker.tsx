import { Select } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useArtistTracks } from '../../hooks/use-artist-connections';

/**
 * The artist's own tracks (from their connected Spotify artist profiles) offered in a wizard
 * instead of pasting a link; nothing is shown while the artist has none. `onPick` gets the track link.
 */
export function OwnTrackPicker({ onPick }: { onPick(link: string): void }) {
  const { t } = useTranslation();
  const tracks = useArtistTracks(true);
  const options = (tracks.data ?? []).map((track) => ({
    value: track.external_url,
    label: `${track.name} — ${track.album}`,
  }));
  if (options.length === 0) return null;
  return (
    <Select
      label={t('artist_connections.pick_track')}
      data={options}
      value={null}
      onChange={(value) => value && onPick(value)}
      searchable
      leftSection={<IconMusic size={16} />}
      data-testid="own-track-picker"
    />
  );
}
