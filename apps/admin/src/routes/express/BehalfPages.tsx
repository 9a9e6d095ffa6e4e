import { PITCH_MAX } from '@lm/contracts';
import type { MatchedPlaylist } from '@lm/contracts/offers';
import {
  CountedTextarea,
  type ExpressPlaylist,
  isApiError,
  isTooLong,
  MadeWithAiField,
  MatchReasonLine,
  OfferProfileButton,
  OfferProfileDrawer,
  TrackLanguageField,
  useApi,
  usePageTitle,
} from '@lm/ui';
import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBrandSpotify } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BehalfUserPicker } from '../../components/BehalfUserPicker';
import {
  type BehalfUser,
  useCheckoutFor,
  useCreatePlaylistFor,
  usePlaylistOptions,
} from '../../hooks/use-express';

type FieldErrors = Record<string, string | null | undefined>;

/** The first message of each field the server refused, or the message alone under `_`. */
function errorsOf(error: unknown, fields: readonly string[]): FieldErrors {
  if (!isApiError(error)) return {};
  const out: FieldErrors = {};
  for (const f of fields) out[f] = error.errors?.[f]?.[0];
  if (!fields.some((f) => out[f])) out._ = error.message;
  return out;
}

const positiveId = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * /express/playlist/create (express.playlist.show; spec section 2): staff list a
 * Spotify playlist for an approved curator with the curator's own fields (link, tier, duration,
 * genres, renewable). The server runs the curator's own checks (link, not listed, owned by one of
 * the curator's connected accounts); the playlist then waits for approval, and the curator is told.
 * `?curator=<id>` preselects the curator (the user overview's button).
 */
export function PlaylistCreateForCuratorPage() {
  const { t } = useTranslation();
  usePageTitle('behalf.playlist_title');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const options = usePlaylistOptions();
  const create = useCreatePlaylistFor();
  const [curator, setCurator] = useState<BehalfUser | null>(null);
  const [link, setLink] = useState('');
  const [tierId, setTierId] = useState<string | null>(null);
  const [durationId, setDurationId] = useState<string | null>(null);
  const [genreIds, setGenreIds] = useState<string[]>([]);
  const [renewable, setRenewable] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async () => {
    const local: FieldErrors = {
      curator_id: curator ? null : t('behalf.curator_required'),
      spotify_url: link.trim() ? null : t('validation.required'),
      tier_id: tierId ? null : t('express.playlist.tier_required'),
      duration_id: durationId ? null : t('express.playlist.duration_required'),
    };
    setErrors(local);
    if (Object.values(local).some(Boolean)) return;
    try {
      const row = await create.mutateAsync({
        curator_id: curator!.id,
        spotify_url: link.trim(),
        tier_id: Number(tierId),
        duration_id: Number(durationId),
        genre_ids: genreIds.map(Number),
        renewable,
      });
      navigate(`/express/playlist/view/${row.id}`);
    } catch (e) {
      setErrors(errorsOf(e, ['curator_id', 'spotify_url', 'tier_id', 'duration_id', 'genre_ids']));
    }
  };

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={2}>{t('behalf.playlist_title')}</Title>
        <Text c="dimmed">{t('behalf.playlist_intro')}</Text>
      </div>
      <Card padding="lg" radius="md">
        <Stack>
          <BehalfUserPicker
            path="admin/express/curators"
            label={t('express.fields.curator')}
            placeholder={t('behalf.pick_curator')}
            initialId={positiveId(params.get('curator'))}
            value={curator}
            onChange={setCurator}
            error={errors.curator_id}
            testId="behalf-curator"
          />
          <TextInput
            label={t('express.playlist.link')}
            placeholder="https://open.spotify.com/playlist/…"
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            error={errors.spotify_url}
            leftSection={<IconBrandSpotify size={18} />}
            dir="ltr"
            withAsterisk
            data-testid="behalf-playlist-link"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('express.fields.tier')}
              data={(options.data?.tiers ?? []).map((x) => ({
                value: String(x.id),
                label: `${x.tier_name} · ${t('common.coins', { count: x.price })}`,
              }))}
              value={tierId}
              onChange={setTierId}
              error={errors.tier_id}
              withAsterisk
              data-testid="behalf-tier"
            />
            <Select
              label={t('express.fields.duration')}
              data={(options.data?.durations ?? []).map((d) => ({
                value: String(d.id),
                label: t('common.days', { count: d.duration }),
              }))}
              value={durationId}
              onChange={setDurationId}
              error={errors.duration_id}
              withAsterisk
              data-testid="behalf-duration"
            />
          </SimpleGrid>
          <MultiSelect
            label={t('express.fields.genres')}
            data={(options.data?.genres ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={genreIds}
            onChange={setGenreIds}
            searchable
            maxValues={10}
            error={errors.genre_ids}
          />
          <Switch
            label={t('express.fields.renewable')}
            description={t('express.playlist.renewable_hint')}
            checked={renewable}
            onChange={(e) => setRenewable(e.currentTarget.checked)}
          />
          {errors._ && <Alert color="red">{errors._}</Alert>}
          <Group justify="flex-end">
            <Button onClick={submit} loading={create.isPending} data-testid="behalf-playlist-submit">
              {t('behalf.playlist_submit')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/**
 * /express/checkout (express.campaigns.show; spec section 2): staff order Spotify
 * express campaigns for an approved artist: the track link, the approved playlists and an optional
 * pitch, paid from the artist's coins through the artist's own order (one hold per playlist; too few
 * coins: nothing is held). The total and the artist's balance are shown; the server decides.
 * `?artist=<id>` preselects the artist (the user overview's button); done, the artist's overview opens.
 */
export function CheckoutForArtistPage() {
  const { t } = useTranslation();
  usePageTitle('behalf.checkout_title');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { api } = useApi();
  const checkout = useCheckoutFor();
  const [artist, setArtist] = useState<BehalfUser | null>(null);
  const [link, setLink] = useState('');
  const [playlistIds, setPlaylistIds] = useState<string[]>([]);
  const [pitch, setPitch] = useState('');
  // What the artist says of the track, asked as in the artist's own wizard.
  const [languageId, setLanguageId] = useState<number | null>(null);
  const [madeWithAi, setMadeWithAi] = useState<boolean | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const playlists = useQuery({
    queryKey: ['admin-express', 'approved-playlists'],
    queryFn: async () =>
      (
        await api.list<ExpressPlaylist>('admin/express/playlists', {
          query: { 'filter[status_id]': 1, limit: 100 },
        })
      ).data,
  });
  // Matched for the artist (their genres, this track's language and AI declaration).
  const matched = useQuery({
    queryKey: ['admin-express', 'matched', artist?.id ?? 0, languageId, madeWithAi],
    queryFn: async () =>
      (
        await api.get<MatchedPlaylist[]>('admin/express/playlists/matched', {
          query: {
            artist_id: artist!.id,
            language_id: languageId,
            made_with_ai: madeWithAi === null ? null : String(madeWithAi),
          },
        })
      ).data,
    enabled: artist !== null,
  });
  const [profileId, setProfileId] = useState<number | null>(null);
  const offered = [
    ...(playlists.data ?? []),
    ...(matched.data ?? []).filter((m) => !(playlists.data ?? []).some((p) => p.id === m.id)),
  ];
  const chosen = offered.filter((p) => playlistIds.includes(String(p.id)));
  const total = chosen.reduce((sum, p) => sum + p.tier.price, 0);
  const short = artist !== null && chosen.length > 0 && artist.balance < total;

  const submit = async () => {
    const local: FieldErrors = {
      artist_id: artist ? null : t('behalf.artist_required'),
      track_link: link.trim() ? null : t('express.create.link_required'),
      playlist_ids: playlistIds.length ? null : t('express.create.pick_one'),
      made_with_ai: madeWithAi === null ? t('express.ai.required') : null,
    };
    setErrors(local);
    if (Object.values(local).some(Boolean) || isTooLong(pitch, PITCH_MAX)) return;
    try {
      await checkout.mutateAsync({
        artist_id: artist!.id,
        track_link: link.trim(),
        playlist_ids: playlistIds.map(Number),
        pitch: pitch.trim() || undefined,
        made_with_ai: madeWithAi!,
        language_id: languageId,
      });
      navigate(`/users/${artist!.id}`);
    } catch (e) {
      setErrors(
        errorsOf(e, ['artist_id', 'track_link', 'playlist_ids', 'pitch', 'made_with_ai', 'language_id']),
      );
    }
  };

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={2}>{t('behalf.checkout_title')}</Title>
        <Text c="dimmed">{t('behalf.checkout_intro')}</Text>
      </div>
      <Card padding="lg" radius="md">
        <Stack>
          <BehalfUserPicker
            path="admin/express/artists"
            label={t('express.fields.artist')}
            placeholder={t('behalf.pick_artist')}
            initialId={positiveId(params.get('artist'))}
            value={artist}
            onChange={setArtist}
            error={errors.artist_id}
            testId="behalf-artist"
          />
          {artist && (
            <Text size="sm" data-testid="behalf-balance">
              {t('express.create.balance')}: <b>{t('common.coins', { count: artist.balance })}</b>
            </Text>
          )}
          <TextInput
            label={t('express.create.link')}
            description={t('express.create.link_hint')}
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            error={errors.track_link}
            leftSection={<IconBrandSpotify size={18} />}
            dir="ltr"
            withAsterisk
            data-testid="behalf-track-link"
          />
          {artist && (matched.data ?? []).length > 0 && (
            <Stack gap={6} data-testid="behalf-matched">
              <Text fw={600} size="sm">
                {t('offers.matched.title')}
              </Text>
              {(matched.data ?? []).map((m) => {
                const on = playlistIds.includes(String(m.id));
                return (
                  <Group key={m.id} justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} miw={0}>
                      <Text size="sm" fw={500} lineClamp={1}>
                        {m.name} · {t('common.coins', { count: m.tier.price })}
                      </Text>
                      <MatchReasonLine why={m.why} />
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      <OfferProfileButton name={m.name} onOpen={() => setProfileId(m.id)} />
                      <Button
                        size="compact-xs"
                        variant={on ? 'filled' : 'light'}
                        aria-pressed={on}
                        onClick={() =>
                          setPlaylistIds((ids) =>
                            on ? ids.filter((i) => i !== String(m.id)) : [...ids, String(m.id)],
                          )
                        }
                        data-testid="behalf-matched-add"
                      >
                        {on ? t('offers.added') : t('offers.add')}
                      </Button>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          )}
          <OfferProfileDrawer kind="playlist" id={profileId} onClose={() => setProfileId(null)} />
          <MultiSelect
            label={t('express.create.step_playlists')}
            data={offered.map((p) => ({
              value: String(p.id),
              label: `${p.name} · ${p.tier.tier_name} · ${t('common.coins', { count: p.tier.price })}`,
            }))}
            value={playlistIds}
            onChange={setPlaylistIds}
            searchable
            withAsterisk
            error={errors.playlist_ids}
            nothingFoundMessage={t('express.create.no_playlists')}
            data-testid="behalf-playlists"
          />
          <CountedTextarea
            label={t('express.create.pitch')}
            description={t('express.create.pitch_hint')}
            value={pitch}
            max={PITCH_MAX}
            autosize
            minRows={2}
            onChange={(e) => setPitch(e.currentTarget.value)}
            error={errors.pitch}
          />
          <TrackLanguageField value={languageId} onChange={setLanguageId} error={errors.language_id} />
          <MadeWithAiField
            value={madeWithAi}
            onChange={(v) => {
              setMadeWithAi(v);
              setErrors((e) => ({ ...e, made_with_ai: null }));
            }}
            error={errors.made_with_ai}
          />
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} data-testid="behalf-total">
              {t('express.create.total')}: {t('common.coins', { count: total })}
            </Text>
            {short && (
              <Text c="red" size="sm" data-testid="behalf-short">
                {t('behalf.short')}
              </Text>
            )}
          </Group>
          {errors._ && <Alert color="red">{errors._}</Alert>}
          <Group justify="flex-end">
            <Button
              onClick={submit}
              loading={checkout.isPending}
              disabled={short || isTooLong(pitch, PITCH_MAX)}
              data-testid="behalf-checkout-submit"
            >
              {t('behalf.checkout_submit')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
