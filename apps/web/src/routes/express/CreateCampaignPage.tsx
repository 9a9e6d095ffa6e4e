import type { MatchReason, Mood } from '@lm/contracts/offers';
import {
  type ExpressPlaylist,
  isApiError,
  MadeWithAiField,
  OfferProfileDrawer,
  TrackLanguageField,
  usePageTitle,
} from '@lm/ui';
import {
  Avatar,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandSpotify } from '@tabler/icons-react';
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
  useExpressTiers,
  useMatchedPlaylists,
  useTrackLookup,
} from '../../hooks/use-express';
import { useRefreshWallet } from '../../hooks/use-wallet';
import { OwnTrackPicker } from '../connections/OwnTrackPicker';
import { type PaymentMethod, PaymentStep, payErrorText, useCampaignCardFlow } from './CampaignPayment';
import { useCampaignFunds } from './campaign-funds';
import { OfferCard } from './OfferCards';
import { filtersToSend, OfferFilters, useOfferFilters } from './OfferFilters';
import { TrackTraitsFields, useTrackTraits } from './TrackTraits';
import { CampaignWizard, PitchField, pitchTooLong } from './WizardParts';

/** The wizard's choices kept across the card page (restored when the payment is cancelled). */
const CARD_DRAFT_KEY = 'LC_EXPRESS_CARD_DRAFT';

interface CardDraft {
  link: string;
  playlists: ExpressPlaylist[];
  pitch?: string;
  madeWithAi?: boolean | null;
  languageId?: number | null;
  genreIds?: number[];
  moods?: Mood[];
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
  const [link, setLink] = useState('');
  const [pitch, setPitch] = useState('');
  const pitchIsTooLong = pitchTooLong(pitch);
  const [madeWithAi, setMadeWithAi] = useState<boolean | null>(null);
  const [languageId, setLanguageId] = useState<number | null>(null);
  const [aiError, setAiError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [track, setTrack] = useState<SpotifyTrack | null>(null);
  const [filters, setFilter, clearFilters] = useOfferFilters();
  const traits = useTrackTraits();
  const [profileId, setProfileId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Map<number, ExpressPlaylist>>(new Map());
  const [pickError, setPickError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const lookup = useTrackLookup();
  const inFlight = useRef<{ link: string; promise: Promise<SpotifyTrack> } | null>(null);
  const trackLink = useRef('');
  const tiers = useExpressTiers();
  const playlists = useArtistPlaylists(filtersToSend(filters), buyer, madeWithAi);
  const matched = useMatchedPlaylists(
    {
      genreIds: traits.genreIds,
      moods: traits.moods,
      languageId,
      isReleased: true,
      madeWithAi,
    },
    buyer,
    track !== null && madeWithAi !== null && traits.genreIds.length > 0,
  );
  const create = useCreateExpressCampaign(buyer);
  const checkout = useCampaignCardCheckout();
  const confirmCard = useConfirmCampaignCard();
  const [method, setMethod] = useState<PaymentMethod>('coins');
  // What pays: the wallet, or while acting for an artist their budget (issue 35; no card then).
  const funds = useCampaignFunds();
  const refreshWallet = useRefreshWallet();
  const balance = funds.balance;
  const chosen = useMemo(() => [...selected.values()], [selected]);
  const cardQuote = useCampaignCardQuote(
    chosen.map((p) => p.id),
    method === 'card' && !curator && !funds.coinsOnly,
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
      if (draft.genreIds) traits.setGenreIds(draft.genreIds);
      if (draft.moods) traits.setMoods(draft.moods);
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
      card.redirect(start, {
        link: link.trim(),
        playlists: chosen,
        pitch,
        madeWithAi,
        languageId,
        genreIds: traits.genreIds,
        moods: traits.moods,
      });
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
      <TrackTraitsFields
        genreIds={traits.genreIds}
        onGenres={traits.setGenreIds}
        moods={traits.moods}
        onMoods={traits.setMoods}
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

  const offerCard = (p: ExpressPlaylist, why?: MatchReason) => (
    <OfferCard
      key={p.id}
      testId={why ? 'matched-playlist-card' : 'playlist-card'}
      name={p.name}
      imageUrl={p.image_url}
      genres={p.genres}
      moods={p.moods}
      score={p.score}
      audience={t('express.fields.followers_value', { count: p.followers })}
      price={p.tier.price}
      selected={selected.has(p.id)}
      onToggle={() => toggle(p)}
      onProfile={() => setProfileId(p.id)}
      why={why}
    />
  );
  const byId = new Map([...(matched.data ?? []), ...(playlists.data ?? []), ...chosen].map((p) => [p.id, p]));

  const playlistsStep = (
    <Stack gap="lg" mt="md">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed" data-testid="selected-summary">
          {t('express.create.selected', { count: chosen.length, total })}
        </Text>
      </Group>
      {pickError && (
        <Text c="red" size="sm">
          {pickError}
        </Text>
      )}
      <Stack gap="xs" data-testid="matched-list">
        <Title order={4}>{t('offers.matched.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('offers.matched.intro')}
        </Text>
        {traits.genreIds.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="matched-needs-genres">
            {t('offers.matched.needs_genres')}
          </Text>
        ) : matched.isLoading ? (
          <Loader size="sm" />
        ) : (matched.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="matched-empty">
            {t('offers.matched.empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
            {(matched.data ?? []).map((p) => offerCard(p, p.why))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4}>{t('offers.all_playlists')}</Title>
        <OfferFilters state={filters} onChange={setFilter} onClear={clearFilters} tiers={tiers.data} />
        {playlists.isLoading ? (
          <Loader />
        ) : (playlists.data ?? []).length === 0 ? (
          <Text c="dimmed">{t('express.create.no_playlists')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} data-testid="all-playlists">
            {(playlists.data ?? []).map((p) => offerCard(p))}
          </SimpleGrid>
        )}
      </Stack>
      <OfferProfileDrawer
        kind="playlist"
        id={profileId}
        onClose={() => setProfileId(null)}
        actions={(profile) => {
          const item = byId.get(profile.id);
          if (!item || !profile.on_sale) return null;
          const isChosen = selected.has(profile.id);
          return (
            <Button
              variant={isChosen ? 'light' : 'filled'}
              onClick={() => toggle(item)}
              data-testid="profile-choose"
              disabled={madeWithAi === true && item.refuses_ai}
            >
              {isChosen
                ? t('offers.unchoose')
                : t('offers.choose', { price: t('common.coins', { count: item.tier.price }) })}
            </Button>
          );
        }}
      />
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
      coinsOnly={curator || funds.coinsOnly}
      funds={funds}
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
