import type { SessionUser } from '@lm/contracts';
import type { SocialAccountForSale } from '@lm/contracts/express';
import type { MatchReason, Mood } from '@lm/contracts/offers';
import {
  FileDropZone,
  formatNumber,
  IMAGE_RULES,
  isApiError,
  MadeWithAiField,
  MatchReasonLine,
  MEDIA_RULES,
  MoodBadges,
  type OfferKind,
  OfferProfileButton,
  OfferProfileDrawer,
  type PlatformDescriptor,
  QualityScoreBadge,
  TrackLanguageField,
  useFileUpload,
  usePageTitle,
  useSession,
} from '@lm/ui';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCoins, IconMusic, IconUsers } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  type CheckedSound,
  type SocialCampaignRequest,
  useCheckMusic,
  useConfirmSocialCard,
  useCreateSocialCampaign,
  useMatchedAccounts,
  useSocialAccounts,
  useSocialCardCheckout,
  useSocialTiers,
} from '../../hooks/use-social-express';
import { useRefreshWallet } from '../../hooks/use-wallet';
import { OwnSoundPicker } from '../connections/OwnSoundPicker';
import { type PaymentMethod, PaymentStep, payErrorText, useCampaignCardFlow } from './CampaignPayment';
import { useCampaignFunds } from './campaign-funds';
import { AcceptanceText } from './OfferCards';
import { filtersToSend, OfferFilters, useOfferFilters } from './OfferFilters';
import { TrackTraitsFields, useTrackTraits } from './TrackTraits';
import { CampaignWizard, PitchField, pitchTooLong } from './WizardParts';

/** The TikTok cover: an image as `file/upload` takes it (up to 10 MB). */
const COVER_RULES = { ...IMAGE_RULES, maxBytes: 10 * 1024 * 1024 };

/** An uploaded file of the unreleased song: its upload key and the name shown. */
interface Uploaded {
  key: string;
  name: string;
}

/** The wizard's choices kept across the card page. */
interface SocialDraft {
  released: boolean;
  link: string;
  songName: string;
  pitch: string;
  madeWithAi?: boolean | null;
  languageId?: number | null;
  media: Uploaded | null;
  cover: Uploaded | null;
  accounts: SocialAccountForSale[];
  genreIds?: number[];
  moods?: Mood[];
}

function AccountCard({
  account,
  selected,
  onToggle,
  onProfile,
  why,
  testId = 'account-card',
}: {
  account: SocialAccountForSale;
  selected: boolean;
  onToggle(): void;
  onProfile(): void;
  why?: MatchReason;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      padding="sm"
      radius="md"
      withBorder
      data-testid={testId}
      data-selected={selected || undefined}
      onClick={onToggle}
      style={{
        cursor: 'pointer',
        borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
        borderWidth: selected ? 2 : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" gap="sm" miw={0}>
          <Avatar src={account.avatar_url} radius="xl" size={44}>
            {account.display_name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" lineClamp={1}>
              {account.display_name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1} dir="ltr">
              @{account.user_name}
            </Text>
          </div>
        </Group>
        <Checkbox
          checked={selected}
          onChange={onToggle}
          onClick={(e) => e.stopPropagation()}
          aria-label={`@${account.user_name}`}
        />
      </Group>
      {(account.genres.length > 0 || account.moods.length > 0) && (
        <Group gap={4} mt="xs">
          {account.genres.slice(0, 3).map((g) => (
            <Badge key={g.id} variant="light" size="xs">
              {g.name}
            </Badge>
          ))}
          <MoodBadges moods={account.moods.slice(0, 2)} />
        </Group>
      )}
      <Group gap={6} mt="sm">
        <Badge variant="light" size="sm">
          {account.tier.tier_name}
        </Badge>
        <QualityScoreBadge score={account.score} />
        <AcceptanceText acceptance={account.score.parts.acceptance} />
      </Group>
      <Group gap={4} c="dimmed" mt={6} wrap="nowrap">
        <IconUsers size={14} />
        <Text size="xs">
          {account.follower_count === null
            ? '—'
            : t('express.fields.followers_value', {
                count: account.follower_count,
                defaultValue: formatNumber(account.follower_count, i18n.language),
              })}
        </Text>
      </Group>
      {why && (
        <div style={{ marginTop: 6 }}>
          <MatchReasonLine why={why} />
        </div>
      )}
      <Group justify="space-between" mt="xs" wrap="nowrap" gap="xs">
        <Group gap={4} wrap="nowrap">
          <IconCoins size={16} color="var(--mantine-color-yellow-6)" />
          <Text fw={700} size="sm">
            {t('common.coins', { count: account.tier.price })}
          </Text>
        </Group>
        <OfferProfileButton onOpen={onProfile} name={`@${account.user_name}`} />
      </Group>
    </Card>
  );
}

/** One upload field of the unreleased song (mp3/mp4 media, or the TikTok cover image). */
function UploadField({
  label,
  rules,
  value,
  error,
  onUploaded,
  testId,
}: {
  label: string;
  rules: typeof MEDIA_RULES;
  value: Uploaded | null;
  error?: string | null;
  onUploaded(file: Uploaded): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const upload = useFileUpload();
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <FileDropZone
        rules={rules}
        loading={upload.isPending}
        onFiles={async ([file]) => {
          if (!file) return;
          try {
            const stored = await upload.mutateAsync(file);
            onUploaded({ key: stored.file, name: file.name });
          } catch {
            // The toast shows the server's message.
          }
        }}
      />
      {value && (
        <Group gap={6} data-testid={`${testId}-done`}>
          <IconCheck size={14} color="var(--mantine-color-green-6)" />
          <Text size="xs">{t('express.social_artist.uploaded', { name: value.name })}</Text>
        </Group>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The campaign wizard of a video platform (TikTok, Instagram or any registered one): the song
 * (released or, where the platform allows it, not; the music link checked by the platform's check
 * call, an unreleased song with its mp3/mp4 and, where the platform needs one, its cover), the
 * accounts by tier and followers, then the summary and the payment with coins (held) or by card.
 * Everything that differs per platform comes from its descriptor; the payment step and card round
 * trip are the playlist wizard's.
 */
export function SocialCreateCampaign({
  platform,
  releasedOnly = false,
}: {
  platform: PlatformDescriptor;
  /** The platform's released-only wizard (/create/tiktok/released/campaign): no files, no choice. */
  releasedOnly?: boolean;
}) {
  const { t } = useTranslation();
  const k = (key: string) => `express.social_artist.${key}`;
  const title = k(`${platform.texts}.${releasedOnly ? 'released_title' : 'create_title'}`);
  usePageTitle(title);
  const navigate = useNavigate();
  const session = useSession<SessionUser>();
  const isArtist = session.user?.user_type_id === 1;
  const [released, setReleased] = useState(true);
  const [link, setLink] = useState('');
  const [songName, setSongName] = useState('');
  const [pitch, setPitch] = useState('');
  const [madeWithAi, setMadeWithAi] = useState<boolean | null>(null);
  const [languageId, setLanguageId] = useState<number | null>(null);
  const [media, setMedia] = useState<Uploaded | null>(null);
  const [cover, setCover] = useState<Uploaded | null>(null);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [sound, setSound] = useState<CheckedSound | null>(null);
  const soundLink = useRef('');
  const [filters, setFilter, clearFilters] = useOfferFilters();
  const traits = useTrackTraits();
  const [profileId, setProfileId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Map<number, SocialAccountForSale>>(new Map());
  const [payError, setPayError] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('coins');
  const pitchIsTooLong = pitchTooLong(pitch);
  const check = useCheckMusic(platform.checkPath!);
  const tiers = useSocialTiers(platform.key);
  const accounts = useSocialAccounts(platform.key, filtersToSend(filters), madeWithAi);
  const matched = useMatchedAccounts(
    platform.key,
    { genreIds: traits.genreIds, moods: traits.moods, languageId, isReleased: released, madeWithAi },
    sound !== null && madeWithAi !== null && traits.genreIds.length > 0,
  );
  const create = useCreateSocialCampaign(platform.key);
  const checkout = useSocialCardCheckout(platform.key);
  const confirmCard = useConfirmSocialCard(platform.key);
  // What pays: the wallet, or while acting for an artist their budget (issue 35; no card then).
  const funds = useCampaignFunds();
  const refreshWallet = useRefreshWallet();
  const balance = funds.balance;
  const chosen = useMemo(() => [...selected.values()], [selected]);
  const total = chosen.reduce((sum, a) => sum + a.tier.price, 0);

  const done = (count: number) => {
    notifications.show({ color: 'green', message: t(k('created'), { count }) });
    navigate(platform.listPath);
  };
  const card = useCampaignCardFlow<SocialDraft>({
    draftKey: `LC_${platform.key.toUpperCase()}_CARD_DRAFT`,
    confirm: (id) => confirmCard.mutateAsync(id),
    confirming: confirmCard.isPending,
    onCreated: done,
    onRestore: (d) => {
      setReleased(d.released);
      setLink(d.link);
      setSongName(d.songName);
      setPitch(d.pitch);
      setMadeWithAi(d.madeWithAi ?? null);
      setLanguageId(d.languageId ?? null);
      setMedia(d.media);
      setCover(d.cover);
      if (d.genreIds) traits.setGenreIds(d.genreIds);
      if (d.moods) traits.setMoods(d.moods);
      setSelected(new Map(d.accounts.map((a) => [a.id, a])));
    },
  });

  const setError = (field: string, message: string | null) => setErrors((e) => ({ ...e, [field]: message }));

  /** Spec section 4: choosing released or not clears the song's name, link and files. */
  const chooseRelease = (value: string) => {
    setReleased(value === 'released');
    setLink('');
    setSongName('');
    setMedia(null);
    setCover(null);
    setSound(null);
    setErrors({});
  };

  /** A sound's name worth offering as the song name (an Instagram audio id is not). */
  const nameOf = (found: CheckedSound | null) => (found && !/^\d+$/.test(found.name) ? found.name : '');

  /**
   * Checks the link once per value with the platform's check call; fills the song name if empty.
   * @returns the sound, or null when the link is missing or refused (the field says why)
   */
  const checkLink = async (): Promise<CheckedSound | null> => {
    const value = link.trim();
    if (!value) {
      setError('link', t(k('link_required')));
      return null;
    }
    if (sound && soundLink.current === value) return sound;
    try {
      const found = await check.mutateAsync(value);
      soundLink.current = value;
      setSound(found);
      setError('link', null);
      // Only an empty name is filled: the artist may have typed one while the check ran.
      const offered = nameOf(found);
      if (offered) setSongName((current) => (current.trim() ? current : offered));
      return found;
    } catch (e) {
      setSound(null);
      setError(
        'link',
        (isApiError(e) && (e.errors?.sound_link?.[0] ?? e.message)) || t('ui.errors.unexpected'),
      );
      return null;
    }
  };

  const validateSong = async (): Promise<boolean> => {
    const found = await checkLink();
    const nameOk = songName.trim().length > 0 || nameOf(found).length > 0;
    setError('song_name', nameOk ? null : t(k('song_name_required')));
    let filesOk = true;
    if (!released) {
      setError('media_link', media ? null : t(k('media_required')));
      filesOk = Boolean(media);
      if (platform.unreleased.needsCover) {
        setError('tiktok_img', cover ? null : t(k('cover_required')));
        filesOk = filesOk && Boolean(cover);
      }
    }
    setError('made_with_ai', madeWithAi === null ? t('express.ai.required') : null);
    return found !== null && nameOk && filesOk && !pitchIsTooLong && madeWithAi !== null;
  };

  const request = (): SocialCampaignRequest => ({
    track_link: link.trim(),
    account_ids: chosen.map((a) => a.id),
    song_name: songName.trim(),
    pitch: pitch.trim(),
    is_released: released,
    media_link: released ? null : (media?.key ?? null),
    tiktok_img: released || !platform.unreleased.needsCover ? null : (cover?.key ?? null),
    made_with_ai: madeWithAi,
    language_id: languageId,
  });

  const pay = async () => {
    setPayError(null);
    try {
      if (method === 'card') {
        const start = await checkout.mutateAsync(request());
        card.redirect(start, {
          released,
          link,
          songName,
          pitch,
          madeWithAi,
          languageId,
          media,
          cover,
          accounts: chosen,
          genreIds: traits.genreIds,
          moods: traits.moods,
        });
        return;
      }
      const created = await create.mutateAsync(request());
      await refreshWallet();
      done(created.length);
    } catch (e) {
      setPayError(payErrorText(e, t('ui.errors.unexpected')));
    }
  };

  const toggle = (a: SocialAccountForSale) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(a.id)) next.delete(a.id);
      else next.set(a.id, a);
      setError('accounts', null);
      return next;
    });

  const songStep = (
    <Stack gap="md" maw={640} mt="md">
      {!releasedOnly && platform.unreleased.allowed && (
        <SegmentedControl
          value={released ? 'released' : 'unreleased'}
          onChange={chooseRelease}
          data={[
            { value: 'released', label: t(k('released')) },
            { value: 'unreleased', label: t(k('unreleased')) },
          ]}
          data-testid="release-state"
          w="fit-content"
        />
      )}
      {isArtist && platform.connectionsPath && (
        <OwnSoundPicker
          platform={platform.key}
          onPick={(picked) => {
            setLink(picked.url);
            setSound(null);
            setError('link', null);
            if (picked.name && !/^\d+$/.test(picked.name))
              setSongName((current) => (current.trim() ? current : picked.name));
          }}
        />
      )}
      <TextInput
        label={t(k(`${platform.texts}.link`))}
        description={t(k(`${platform.texts}.link_hint`))}
        placeholder={platform.linkPlaceholder}
        value={link}
        onChange={(e) => {
          setLink(e.currentTarget.value);
          setSound(null);
          setError('link', null);
        }}
        onBlur={() => link.trim() && !sound && void checkLink()}
        error={errors.link}
        leftSection={<platform.Icon size={18} />}
        rightSection={check.isPending ? <Loader size="xs" /> : sound ? <IconCheck size={16} /> : null}
        dir="ltr"
        name="track_link"
        data-testid="sound-link"
      />
      <TextInput
        label={t(k('song_name'))}
        value={songName}
        onChange={(e) => {
          setSongName(e.currentTarget.value);
          setError('song_name', null);
        }}
        error={errors.song_name}
        maxLength={300}
        leftSection={<IconMusic size={16} />}
        name="song_name"
        data-testid="song-name"
        dir="auto"
      />
      {!released && (
        <>
          <UploadField
            label={t(k('media'))}
            rules={MEDIA_RULES}
            value={media}
            error={errors.media_link}
            onUploaded={(f) => {
              setMedia(f);
              setError('media_link', null);
            }}
            testId="media-file"
          />
          {platform.unreleased.needsCover && (
            <UploadField
              label={t(k('cover'))}
              rules={COVER_RULES}
              value={cover}
              error={errors.tiktok_img}
              onUploaded={(f) => {
                setCover(f);
                setError('tiktok_img', null);
              }}
              testId="cover-file"
            />
          )}
        </>
      )}
      <PitchField label={t(k('pitch'))} description={t(k('pitch_hint'))} value={pitch} onChange={setPitch} />
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
          setError('made_with_ai', null);
          // An account refusing AI-made music may have been picked before: choose again from the list.
          if (v) setSelected(new Map());
        }}
        error={errors.made_with_ai}
      />
    </Stack>
  );

  const list = accounts.data ?? [];
  const byId = new Map([...(matched.data ?? []), ...list, ...chosen].map((a) => [a.id, a]));
  const accountsStep = (
    <Stack gap="lg" mt="md">
      <Text size="sm" c="dimmed" data-testid="accounts-selected">
        {t(k('selected'), { count: chosen.length, total })}
      </Text>
      {errors.accounts && (
        <Text c="red" size="sm" role="alert">
          {errors.accounts}
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
            {(matched.data ?? []).map((a) => (
              <AccountCard
                key={a.id}
                account={a}
                why={a.why}
                testId="matched-account-card"
                selected={selected.has(a.id)}
                onToggle={() => toggle(a)}
                onProfile={() => setProfileId(a.id)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4}>{t('offers.all_accounts')}</Title>
        <OfferFilters state={filters} onChange={setFilter} onClear={clearFilters} tiers={tiers.data} />
        {accounts.isLoading ? (
          <Loader />
        ) : list.length === 0 ? (
          <Paper withBorder p="lg" radius="md" data-testid="no-accounts">
            <Text fw={600}>{t(k('no_accounts'))}</Text>
            <Text size="sm" c="dimmed">
              {t(k('no_accounts_hint'))}
            </Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} data-testid="all-accounts">
            {list.map((a) => (
              <AccountCard
                key={a.id}
                account={a}
                selected={selected.has(a.id)}
                onToggle={() => toggle(a)}
                onProfile={() => setProfileId(a.id)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <OfferProfileDrawer
        kind={platform.key as OfferKind}
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
        <Group wrap="nowrap">
          <ThemeIcon size={48} radius="md" variant="light" color={platform.color}>
            <platform.Icon size={26} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {songName}
            </Text>
            <Text size="sm" c="dimmed">
              {t(k(released ? 'released' : 'unreleased'))}
            </Text>
          </div>
        </Group>
      }
      lines={chosen.map((a) => ({
        key: a.id,
        label: <span dir="ltr">@{a.user_name}</span>,
        sub: a.tier.tier_name,
        price: a.tier.price,
      }))}
      balance={balance}
      coinsOnly={funds.coinsOnly}
      funds={funds}
      method={method}
      onMethod={(m) => {
        setMethod(m);
        setPayError(null);
      }}
      payError={payError}
      coinsLabel="express.social_artist.method_coins"
    />
  );

  return (
    <Stack gap="lg" pos="relative">
      {card.banner}
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light" color={platform.color}>
          <platform.Icon size={28} />
        </ThemeIcon>
        <div>
          <Title order={2}>{t(title)}</Title>
          <Text c="dimmed">{t(k('create_intro'))}</Text>
        </div>
      </Group>
      <CampaignWizard
        steps={[
          { label: 'express.create.step_song', validate: validateSong, content: songStep },
          {
            label: 'express.social_artist.step_accounts',
            validate: () => {
              if (chosen.length > 0) return true;
              setError('accounts', t(k('pick_one')));
              return false;
            },
            content: accountsStep,
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
