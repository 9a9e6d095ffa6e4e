import { ConnectionCard, confirmAction, type FanFinderConnection, isApiError, usePageTitle } from '@lm/ui';
import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  Card,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBrandInstagram, IconInfoCircle, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  useAddRelatedArtist,
  useDeleteFanConnection,
  useFanConnections,
  useFanFinderCheck,
  useFinishInstagram,
  useSetSpotifyProfile,
  useSpotifyArtistSearch,
  useStartInstagram,
} from '../../hooks/use-fan-finder';

const MAX_RELATED = 2;

type Artist = { id: string; name: string; imageUrl: string | null; followers: number };

/** Spotify artist search (`spotify/search-artists`): type 3 characters, pick one of the results. */
function ArtistSearch({ onPick, testId }: { onPick: (a: Artist) => void; testId: string }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 300);
  const search = useSpotifyArtistSearch(debounced);
  return (
    <Stack gap="xs">
      <TextInput
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        label={t('fan_finder.connection.search_label')}
        description={t('fan_finder.connection.search_hint')}
        maxLength={100}
        data-testid={`${testId}-input`}
      />
      {debounced.trim().length >= 3 && search.data ? (
        search.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('fan_finder.connection.no_results')}
          </Text>
        ) : (
          <Stack gap={4} data-testid={`${testId}-results`}>
            {search.data.map((a) => (
              <UnstyledButton
                key={a.id}
                onClick={() => {
                  onPick(a);
                  setQ('');
                }}
                p={6}
                style={{ borderRadius: 6 }}
                data-testid="artist-result"
              >
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={a.imageUrl} radius="sm" size={36} color="initials" name={a.name} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate="end">
                      {a.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('fan_finder.connection.followers', { count: a.followers })}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        )
      ) : null}
    </Stack>
  );
}

/** Adds one related artist: the Spotify artist chosen, then their Instagram username. */
function AddRelated() {
  const { t } = useTranslation();
  const add = useAddRelatedArtist();
  const [artist, setArtist] = useState<Artist | null>(null);
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!artist) return;
    setError(null);
    try {
      await add.mutateAsync({ spotify_id: artist.id, instagram_username: username.trim() });
      setArtist(null);
      setUsername('');
    } catch (e) {
      if (isApiError(e))
        setError(e.errors?.instagram_username?.[0] ?? e.errors?.spotify_id?.[0] ?? e.message);
    }
  };
  return artist ? (
    <Card padding="sm" radius="md" withBorder data-testid="related-form">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={artist.imageUrl} radius="sm" size={36} color="initials" name={artist.name} />
          <Text fw={600} size="sm" truncate="end">
            {artist.name}
          </Text>
        </Group>
        <TextInput
          label={t('fan_finder.connection.instagram_label')}
          description={t('fan_finder.connection.instagram_hint')}
          leftSection={<IconBrandInstagram size={16} />}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          maxLength={31}
          error={error}
          dir="ltr"
          data-testid="related-instagram"
        />
        <Group gap="xs">
          <Button
            onClick={submit}
            loading={add.isPending}
            disabled={!username.trim()}
            data-testid="related-add"
          >
            {t('fan_finder.connection.add_related')}
          </Button>
          <Button variant="subtle" onClick={() => setArtist(null)}>
            {t('ui.confirm.cancel')}
          </Button>
        </Group>
      </Stack>
    </Card>
  ) : (
    <ArtistSearch onPick={setArtist} testId="related-search" />
  );
}

/**
 * /fan-finder/connection (artists): connect the own Instagram professional account
 * (consent through the shared connections module, sandbox consent by default; the consent returns here
 * with `code` and `state`), name the own Spotify artist profile and pick up to 2 related artists (Spotify
 * search + Instagram username). Each change queues the analysis.
 */
export function ConnectionPage() {
  const { t } = useTranslation();
  usePageTitle('fan_finder.connection.title');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const check = useFanFinderCheck();
  const connections = useFanConnections();
  const start = useStartInstagram();
  const finish = useFinishInstagram();
  const setSpotify = useSetSpotifyProfile();
  const remove = useDeleteFanConnection();
  const [callbackError, setCallbackError] = useState<string | null>(null);
  const started = useRef(false);

  // Back from Instagram's consent page: finish the connection once, then drop the code from the URL.
  useEffect(() => {
    const code = search.get('code');
    const state = search.get('state');
    const denied = search.get('error');
    if ((!code || !state) && !denied) return;
    if (started.current) return;
    started.current = true;
    if (denied || !code || !state) {
      setCallbackError(t('social.denied'));
      navigate('/fan-finder/connection', { replace: true });
      return;
    }
    finish
      .mutateAsync({ code, state })
      .catch((e) => setCallbackError(isApiError(e) ? e.message : t('social.failed')))
      .finally(() => navigate('/fan-finder/connection', { replace: true }));
  }, [finish, navigate, search, t]);

  if (check.isLoading || connections.isLoading) return <Skeleton h={320} />;
  if (!check.data?.is_subscribed)
    return (
      <Alert
        icon={<IconInfoCircle size={18} />}
        color="yellow"
        maw={640}
        data-testid="fan-finder-not-subscribed"
      >
        <Stack gap="xs">
          <Text size="sm">{t('fan_finder.connection.subscribe_first')}</Text>
          <Button component={Link} to="/fan-finder/landing/page" size="xs" w="fit-content">
            {t('fan_finder.see_plans')}
          </Button>
        </Stack>
      </Alert>
    );

  const c = connections.data;
  const removeIt = async (conn: FanFinderConnection) => {
    const ok = await confirmAction({
      title: t('fan_finder.connection.remove_title'),
      message: t('fan_finder.connection.remove_text'),
      confirmLabel: t('fan_finder.connection.remove'),
    });
    if (ok) remove.mutate(conn.id);
  };
  const removeButton = (conn: FanFinderConnection) => (
    <ActionIcon
      variant="subtle"
      color="red"
      onClick={() => removeIt(conn)}
      aria-label={t('fan_finder.connection.remove')}
      data-testid={`remove-${conn.kind}`}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
  const related = c?.related ?? [];

  return (
    <Stack gap="lg" maw={760} data-testid="fan-finder-connection">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={4}>
          <Title order={2}>{t('fan_finder.connection.title')}</Title>
          <Text c="dimmed">{t('fan_finder.connection.intro')}</Text>
        </Stack>
        <Button component={Link} to="/fan-finder/dashboard" variant="light" data-testid="to-dashboard">
          {t('fan_finder.dashboard.open')}
        </Button>
      </Group>
      {callbackError ? (
        <Alert color="red" title={t('social.failed')} data-testid="connection-error">
          {callbackError}
        </Alert>
      ) : null}
      {finish.isPending ? <Loader /> : null}

      <Card padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={4}>{t('fan_finder.connection.instagram_title')}</Title>
          <Text size="sm" c="dimmed">
            {t('fan_finder.connection.instagram_intro')}
          </Text>
          {c?.instagram ? (
            <ConnectionCard connection={c.instagram} actions={removeButton(c.instagram)} />
          ) : (
            <Button
              leftSection={<IconBrandInstagram size={18} />}
              w="fit-content"
              loading={start.isPending}
              onClick={async () => {
                window.location.assign(await start.mutateAsync());
              }}
              data-testid="connect-instagram"
            >
              {t('fan_finder.connection.connect_instagram')}
            </Button>
          )}
        </Stack>
      </Card>

      <Card padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={4}>{t('fan_finder.connection.spotify_title')}</Title>
          <Text size="sm" c="dimmed">
            {t('fan_finder.connection.spotify_intro')}
          </Text>
          {c?.spotify ? (
            <ConnectionCard connection={c.spotify} actions={removeButton(c.spotify)} />
          ) : (
            <ArtistSearch onPick={(a) => setSpotify.mutate(a.id)} testId="spotify-search" />
          )}
        </Stack>
      </Card>

      <Card padding="lg" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{t('fan_finder.connection.related')}</Title>
            <Text size="sm" c="dimmed" data-testid="related-count">
              {t('fan_finder.connection.related_count', { n: related.length, max: MAX_RELATED })}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('fan_finder.connection.related_intro')}
          </Text>
          {related.map((r) => (
            <ConnectionCard key={r.id} connection={r} actions={removeButton(r)} />
          ))}
          {related.length < MAX_RELATED ? (
            <AddRelated />
          ) : (
            <Text size="sm" c="dimmed">
              {t('fan_finder.connection.related_full')}
            </Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
