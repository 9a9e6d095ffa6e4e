import { isApiError, usePageTitle } from '@lm/ui';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBrandSpotify, IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PlaylistPreview, useCreatePlaylist, usePlaylistChecks } from '../../hooks/use-express';
import { type PlaylistFields, PlaylistFieldsForm } from './PlaylistForm';

/** Spec section 5: a playlist link starts with {host}/playlist/. */
export const PLAYLIST_LINK_PREFIX = 'https://open.spotify.com/playlist/';

/**
 * /express/my/playlist/create (CURATOR_PERMISSION): the link is checked (rule, preview, not listed
 * yet, owned by a connected account), then tier, duration, genres and renewable; the playlist then
 * waits for admin approval.
 */
export function PlaylistCreatePage() {
  const { t } = useTranslation();
  usePageTitle('express.playlist.create_title');
  const checks = usePlaylistChecks();
  const create = useCreatePlaylist();
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [preview, setPreview] = useState<PlaylistPreview | null>(null);
  const [fields, setFields] = useState<PlaylistFields>({
    tier_id: null,
    duration_id: null,
    genre_ids: [],
    renewable: true,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof PlaylistFields, string | null>>>({});
  const [created, setCreated] = useState<number | null>(null);

  const check = async (): Promise<boolean> => {
    const url = link.trim();
    setLinkError(null);
    setPreview(null);
    if (!url.startsWith(PLAYLIST_LINK_PREFIX)) {
      setLinkError(t('express.invalid_playlist_link'));
      return false;
    }
    setChecking(true);
    try {
      const info = await checks.info(url);
      if (await checks.exists(url)) {
        setLinkError(t('express.playlist_exists'));
        return false;
      }
      if (!(await checks.owned(url))) {
        setLinkError(t('express.not_owner'));
        return false;
      }
      setPreview(info);
      return true;
    } catch (e) {
      setLinkError(isApiError(e) ? (e.errors?.spotify_url?.[0] ?? e.message) : t('ui.errors.unexpected'));
      return false;
    } finally {
      setChecking(false);
    }
  };

  const submit = async () => {
    const next: typeof errors = {
      tier_id: fields.tier_id ? null : t('express.playlist.tier_required'),
      duration_id: fields.duration_id ? null : t('express.playlist.duration_required'),
    };
    setErrors(next);
    if (!preview && !(await check())) return;
    if (next.tier_id || next.duration_id) return;
    try {
      const row = await create.mutateAsync({
        spotify_url: link.trim(),
        tier_id: Number(fields.tier_id),
        duration_id: Number(fields.duration_id),
        genre_ids: fields.genre_ids.map(Number),
        renewable: fields.renewable,
      });
      setCreated(row.id);
    } catch (e) {
      if (isApiError(e) && e.errors) {
        if (e.errors.spotify_url) setLinkError(e.errors.spotify_url[0] ?? null);
        setErrors({ tier_id: e.errors.tier_id?.[0], duration_id: e.errors.duration_id?.[0] });
      }
      if (isApiError(e) && !e.errors) setLinkError(e.message);
    }
  };

  if (created !== null)
    return (
      <Card padding="xl" radius="md" maw={640} data-testid="playlist-created">
        <Stack align="center" ta="center">
          <IconHourglass size={40} color="var(--mantine-color-orange-5)" />
          <Title order={3}>{t('express.playlist.created_title')}</Title>
          <Text c="dimmed">{t('express.playlist.waits_approval')}</Text>
          <Group>
            <Button component={Link} to={`/express/my/playlist/view/${created}`}>
              {t('express.playlist.open')}
            </Button>
            <Button variant="default" component={Link} to="/express/my/playlists/list">
              {t('express.playlist.list_title')}
            </Button>
          </Group>
        </Stack>
      </Card>
    );

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={2}>{t('express.playlist.create_title')}</Title>
        <Text c="dimmed">
          {t('express.playlist.create_intro')}{' '}
          <Anchor component={Link} to="/connection/list">
            {t('express.connections.title')}
          </Anchor>
        </Text>
      </div>
      <Card padding="lg" radius="md">
        <Stack>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('express.playlist.link')}
              placeholder={`${PLAYLIST_LINK_PREFIX}…`}
              value={link}
              onChange={(e) => {
                setLink(e.currentTarget.value);
                setPreview(null);
                setLinkError(null);
              }}
              error={linkError}
              leftSection={<IconBrandSpotify size={18} />}
              dir="ltr"
              withAsterisk
              data-testid="playlist-link"
            />
            <Button mt={25} variant="light" loading={checking} onClick={check} data-testid="check-playlist">
              {t('express.playlist.check')}
            </Button>
          </Group>
          {preview && (
            <Paper withBorder p="md" radius="md" data-testid="playlist-preview">
              <Group wrap="nowrap">
                <Avatar src={preview.image} size={64} radius="sm" />
                <div style={{ flex: 1 }}>
                  <Text fw={600}>{preview.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('express.fields.followers_value', { count: preview.followers })} · {preview.owner}
                  </Text>
                </div>
                <IconCircleCheck color="var(--mantine-color-green-6)" />
              </Group>
            </Paper>
          )}
          <PlaylistFieldsForm value={fields} onChange={setFields} errors={errors} />
          {create.isError && !linkError && (
            <Alert color="red">
              {isApiError(create.error) ? create.error.message : t('ui.errors.unexpected')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={submit} loading={create.isPending} data-testid="create-playlist">
              {t('express.playlist.submit')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
