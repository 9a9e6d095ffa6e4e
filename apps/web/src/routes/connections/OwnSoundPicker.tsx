import { isApiError } from '@lm/ui';
import { Select, Text } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ArtistSound, useArtistSounds } from '../../hooks/use-artist-connections';

/**
 * The artist's own TikTok or Instagram sounds (their earlier campaigns' sounds
 * and their connected accounts' posts' sounds) offered in the wizard above the link field; picking one
 * fills the link (which stays editable: pasting a link keeps working). When there is nothing to offer
 * the server answers an empty list with a message saying how to get some, shown here.
 */
export function OwnSoundPicker({
  platform,
  onPick,
}: {
  /** A video platform's key (its descriptor has connections). */
  platform: string;
  onPick(sound: ArtistSound): void;
}) {
  const { t } = useTranslation();
  const sounds = useArtistSounds(platform, true);
  if (sounds.error)
    return (
      <Text size="sm" c="dimmed" data-testid="own-sounds-note">
        {isApiError(sounds.error) ? sounds.error.message : t('ui.errors.unexpected')}
      </Text>
    );
  const list = sounds.data?.sounds ?? [];
  if (list.length === 0)
    return sounds.data?.note ? (
      <Text size="sm" c="dimmed" data-testid="own-sounds-note">
        {sounds.data.note}
      </Text>
    ) : null;
  const byId = new Map(list.map((s) => [s.id, s]));
  const group = (source: ArtistSound['source']) =>
    list
      .filter((s) => s.source === source)
      .map((s) => ({
        value: s.id,
        label: s.source === 'post' && s.user_name ? `${s.name} · @${s.user_name}` : s.name,
      }));
  const data = [
    { group: t('artist_connections.sounds_campaigns'), items: group('campaign') },
    { group: t('artist_connections.sounds_posts'), items: group('post') },
  ].filter((g) => g.items.length > 0);
  return (
    <Select
      label={t('artist_connections.pick_sound')}
      description={t('artist_connections.pick_sound_hint')}
      data={data}
      value={null}
      onChange={(value) => {
        const sound = value ? byId.get(value) : undefined;
        if (sound) onPick(sound);
      }}
      searchable
      leftSection={<IconMusic size={16} />}
      data-testid="own-sound-picker"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
