import type { SessionUser } from '@lm/contracts';
import {
  type ExpressPlaylist,
  isApiError,
  MadeWithAiField,
  QualityScoreBadge,
  TrackLanguageField,
  usePageTitle,
  useSession,
} from '@lm/ui';
import {
  Avatar,
  Badge,
  Card,
  Center,
  Checkbox,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandSpotify, IconCoins, IconPlaylist, IconUsers } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  type ExpressBuyer,
  type SpotifyTrack,
  useArtistPlaylists,
  useCampaignCardCheckout,
  useCampaignCardQuote,
  useConfirmCampaignCard,
  useCreateExpressCampaign,
  useExpressGenres,
  useExpressTiers,
  useTrackLookup,
} from '../../hooks/use-express';
import { useRefreshWallet, useWalletBalance } from '../../hooks/use-wallet';
import { OwnTrackPicker } from '../connections/OwnTrackPicker';
import { type PaymentMethod, PaymentStep, payErrorText, useCampaignCardFlow } from './CampaignPayment';
import { ScoreSortFilter } from './ScoreSortFilter';
import { CampaignWizard, PitchField, pitchTooLong, TierFilter } from './WizardParts';

/** The wizard's choices kept across the card page (restored when the payment is cancelled). */
const CARD_DRAFT_KEY = 'LC_EXPRESS_CARD_DRAFT';

interface CardDraft {
  link: string;
  playlists: ExpressPlaylist[];
  pitch?: string;
  madeWithAi?: boolean | null;
  languageId?: number | null;
}

function PlaylistCard({
  playlist,
  selected,
  onToggle,
}: {
  playlist: ExpressPlaylist;
  selected: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  return (
    <Card
      padding="sm"
      radius="md"
      withBorder
      data-testid="playlist-card"
      data-selected={selected || undefined}
      onClick={onToggle}
      style={{
        cursor: 'pointer',
        borderColor: selected ? 'var(--mantine-color-green-6)' : undefined,
        borderWidth: selected ? 2 : undefined,
      }}
    >
      <Card.Section>
        {playlist.image_url ? (
          <Image src={playlist.image_url} h={120} alt="" />
        ) : (
          <Center h={120} bg="var(--mantine-color-green-light)">
            <IconPlaylist size={44} color="var(--mantine-color-green-6)" />
          </Center>
        )}
      </Card.Section>
      <Group justify="space-between" mt="sm" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm" lineClamp={2}>
          {playlist.name}
        </Text>
        <Checkbox
          checked={selected}
          onChange={onToggle}
          onClick={(e) => e.stopPropagation()}
          aria-label={playlist.name}
        />
      </Group>
      <Group gap={6} mt={6}>
        <Badge variant="light" color="violet" size="sm">
          {playlist.tier.tier_name}
        </Badge>
        <QualityScoreBadge score={playlist.score} />
        <Group gap={4} c="dimmed">
          <IconUsers size={14} />
          <Text size="xs">{t('express.fields.followers_value', { count: playlist.followers })}</Text>
        </Group>
      </Group>
      <Group gap={4} mt="xs">
        <IconCoins size={16} color="var(--mantine-color-yellow-6)" />
        <Text fw={700} size="sm">
          {t('common.coins', { count: playlist.tier.price })}
        </Text>
      </Group>
    </Card>
  );
}

/**
 * /create/express/campaign (ARTIST_PERMISSION): song (Spotify track link), playlists (genre and tier
 * filters), summary with the total and the wallet balance, then pay with coins (one hold per playlist)
 * or by card (a hosted card page for exactly the total; the campaigns are created once it is paid).
 * `buyer="curator"` is the curator's `/express/checkout`: the same order through the
 * curators' paths, other curators' playlists only, paid with the wallet's coins; `onCreated` then
 * replaces the move to the artist's campaign list.
 */
export function CreateCampaignPage({
  buyer = 'artist',
  onCreated,
}: {
  buyer?: ExpressBuyer;
  onCreated?: (count: number) => void;
} = {}) {
  const { t } = useTranslation();
  const curator = buyer === 'curator';
  usePageTitle(curator ? 'express.checkout.title' : 'express.create.title');
  const navigate = useNavigate();
  const session = useSession<SessionUser>();
  const [link, setLink] = useState('');
  const [pitch, setPitch] = useState('');
  const pitchIsTooLong = pitchTooLong(pitch);
  const [madeWithAi, setMadeWithAi] = useState<boolean | null>(null);
  const [languageId, setLanguageId] = useState<number | null>(null);
  const [aiError, setAiError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [track, setTrack] = useState<SpotifyTrack | null>(null);
  const [genreId, setGenreId] = useState<string | null>(null);
  const [tierId, setTierId] = useState<string | null>(null);
  const [sort, setSort] = useState<string | null>(null);
  const [minScore, setMinScore] = useState<string | null>(null);
  const [selected, setSelected] = useState<Map<number, ExpressPlaylist>>(new Map());
  const [pickError, setPickError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const lookup = useTrackLookup();
  const inFlight = useRef<{ link: string; promise: Promise<SpotifyTrack> } | null>(null);
  const trackLink = useRef('');
  const genres = useExpressGenres('');
  const tiers = useExpressTiers();
  const playlists = useArtistPlaylists(genreId, tierId, sort, minScore, buyer, madeWithAi);
  const create = useCreateExpressCampaign(buyer);
  const checkout = useCampaignCardCheckout();
  const confirmCard = useConfirmCampaignCard();
  const [method, setMethod] = useState<PaymentMethod>('coins');
  const wallet = useWalletBalance();
  const refreshWallet = useRefreshWallet();
  const balance = wallet.data?.balance ?? session.balance ?? 0;
  const chosen = useMemo(() => [...selected.values()], [selected]);
  const cardQuote = useCampaignCardQuote(
    chosen.map((p) => p.id),
    method === 'card' && !curator,
  );
  const total = chosen.reduce((sum, p) => sum + p.tier.price, 0);

  const card = useCampaignCardFlow<CardDraft>({
    draftKey: CARD_DRAFT_KEY,
    confirm: (id) => confirmCard.mutateAsync(id),
    confirming: confirmCard.isPending,
    onCreated: (count) => {
      notifications.show({ color: 'green', message: t('express.create.created', { count }) });
      navigate('/express/campaigns/list');
    },
    onRestore: (draft) => {
      setLink(draft.link);
      setPitch(draft.pitch ?? '');
      setMadeWithAi(draft.madeWithAi ?? null);
      setLanguageId(draft.languageId ?? null);
      setSelected(new Map(draft.playlists.map((p) => [p.id, p])));
    },
  });

  /**
   * Looks the link up once: the blur of the field and the Next click share the same request (a
   * second lookup of the same link would race the first one's answer).
   */
  const lookupOnce = (value: string): Promise<SpotifyTrack> => {
    const current = inFlight.current;
    if (current && current.link === value) return current.promise;
    const promise = lookup.mutateAsync(value);
    inFlight.current = { link: value, promise };
    promise.catch(() => {
      if (inFlight.current?.promise === promise) inFlight.current = null;
    });
    return promise;
  };

  const findTrack = async (): Promise<boolean> => {
    const value = link.trim();
    if (!value) {
      setLinkError(t('express.create.link_required'));
      return false;
    }
    if (track && trackLink.current === value) return true;
    try {
      const found = await lookupOnce(value);
      trackLink.current = value;
      setTrack(found);
      setLinkError(null);
      return true;
    } catch (e) {
      setTrack(null);
      setLinkError((isApiError(e) && (e.errors?.link?.[0] ?? e.message)) || t('express.invalid_track'));
      return false;
    }
  };

  const toggle = (p: ExpressPlaylist) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(p.id)) next.delete(p.id);
      else next.set(p.id, p);
      setPickError(null);
      return next;
    });

  const payByCard = async () => {
    try {
      const start = await checkout.mutateAsync({
        track_link: link.trim(),
        playlist_ids: chosen.map((p) => p.id),
        pitch: pitch.trim(),
        made_with_ai: madeWithAi,
        language_id: languageId,
        expected_amount_minor: cardQuote.data?.purchase?.amount_minor,
      });
      card.redirect(start, { link: link.trim(), playlists: chosen, pitch, madeWithAi, languageId });
    } catch (e) {
      setPayError(payErrorText(e, t('ui.errors.unexpected')));
      // The price may have changed since it was shown (409 payments.quote_changed): show the new one.
      void cardQuote.refetch();
    }
  };

  const pay = async () => {
    setPayError(null);
    if (method === 'card') return payByCard();
    try {
      const created = await create.mutateAsync({
        track_link: link.trim(),
        playlist_ids: chosen.map((p) => p.id),
        pitch: pitch.trim(),
        made_with_ai: madeWithAi,
        language_id: languageId,
      });
      await refreshWallet();
      notifications.show({ color: 'green', message: t('express.create.created', { count: created.length }) });
      if (onCreated) onCreated(created.length);
      else navigate('/express/campaigns/list');
    } catch (e) {
      setPayError(payErrorText(e, t('ui.errors.unexpected')));
    }
  };

  const songStep = (
    <Stack gap="md" maw={640} mt="md">
      {!curator && (
        <OwnTrackPicker
          onPick={(value) => {
            setLink(value);
            setTrack(null);
            setLinkError(null);
            inFlight.current = null;
          }}
        />
      )}
      <TextInput
        label={t('express.create.link')}
        description={t('express.create.link_hint')}
        placeholder="https://open.spotify.com/track/…"
        value={link}
        onChange={(e) => {
          setLink(e.currentTarget.value);
          setTrack(null);
          setLinkError(null);
          inFlight.current = null;
        }}
        onBlur={() => link.trim() && !track && void findTrack()}
        error={linkError}
        leftSection={<IconBrandSpotify size={18} />}
        rightSection={lookup.isPending ? <Loader size="xs" /> : null}
        dir="ltr"
        name="track_link"
        data-testid="track-link"
      />
      {track && (
        <Paper p="md" withBorder radius="md" data-testid="track-preview">
          <Group wrap="nowrap">
            <Avatar src={track.cover_url} size={64} radius="sm" />
            <div>
              <Text fw={600}>{track.name}</Text>
              <Text size="sm" c="dimmed">
                {track.artist}
              </Text>
              <Text size="xs" c="dimmed">
                {track.album}
              </Text>
            </div>
          </Group>
        </Paper>
      )}
      <PitchField
        label={t('express.create.pitch')}
        description={t('express.create.pitch_hint')}
        value={pitch}
        onChange={setPitch}
      />
      <TrackLanguageField value={languageId} onChange={setLanguageId} />
      <MadeWithAiField
        value={madeWithAi}
        onChange={(v) => {
          setMadeWithAi(v);
          setAiError(null);
          // A playlist refusing AI-made music may have been picked before the answer changed.
          if (v) setSelected((prev) => new Map([...prev].filter(([, p]) => !p.refuses_ai)));
        }}
        error={aiError}
      />
    </Stack>
  );

  const playlistsStep = (
    <Stack gap="md" mt="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('express.fields.genre')}
          placeholder={t('express.create.all_genres')}
          data={(genres.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={genreId}
          onChange={setGenreId}
          searchable
          clearable
          w={240}
          data-testid="genre-filter"
        />
        <TierFilter tiers={tiers.data} value={tierId} onChange={setTierId} />
        <ScoreSortFilter sort={sort} onSort={setSort} minScore={minScore} onMinScore={setMinScore} />
        <Text size="sm" c="dimmed" ms="auto">
          {t('express.create.selected', { count: chosen.length, total })}
        </Text>
      </Group>
      {pickError && (
        <Text c="red" size="sm">
          {pickError}
        </Text>
      )}
      {playlists.isLoading ? (
        <Loader />
      ) : (playlists.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('express.create.no_playlists')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
          {(playlists.data ?? []).map((p) => (
            <PlaylistCard key={p.id} playlist={p} selected={selected.has(p.id)} onToggle={() => toggle(p)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );

  const summaryStep = (
    <PaymentStep
      header={
        track && (
          <Group wrap="nowrap">
            <Avatar src={track.cover_url} size={48} radius="sm" />
            <div>
              <Text fw={600}>{track.name}</Text>
              <Text size="sm" c="dimmed">
                {track.artist}
              </Text>
            </div>
          </Group>
        )
      }
      lines={chosen.map((p) => ({ key: p.id, label: p.name, sub: p.tier.tier_name, price: p.tier.price }))}
      balance={balance}
      coinsOnly={curator}
      cardQuote={cardQuote.data}
      method={method}
      onMethod={(m) => {
        setMethod(m);
        setPayError(null);
      }}
      payError={payError}
    />
  );

  return (
    <Stack gap="lg" pos="relative">
      {card.banner}
      <div>
        <Title order={2}>{t(curator ? 'express.checkout.title' : 'express.create.title')}</Title>
        <Text c="dimmed">{t(curator ? 'express.checkout.intro' : 'express.create.intro')}</Text>
      </div>
      <CampaignWizard
        steps={[
          {
            label: 'express.create.step_song',
            validate: async () => {
              const answered = madeWithAi !== null;
              if (!answered) setAiError(t('express.ai.required'));
              return (await findTrack()) && !pitchIsTooLong && answered;
            },
            content: songStep,
          },
          {
            label: 'express.create.step_playlists',
            validate: () => {
              if (chosen.length > 0) return true;
              setPickError(t('express.create.pick_one'));
              return false;
            },
            content: playlistsStep,
          },
          { label: 'express.create.step_pay', content: summaryStep },
        ]}
        method={method}
        submitting={create.isPending || checkout.isPending || card.redirecting}
        onFinish={pay}
      />
    </Stack>
  );
}
