import type { MatchReason, Mood, OfferProfile } from '@lm/contracts/offers';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Image,
  Loader,
  Paper,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconPlaylist, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useApi } from '../api/api-context';
import type { ApiPath } from '../api/api-paths';
import { intlLocale } from '../i18n/languages';
import { LoadingOrNotFound } from '../layout/NotFoundPage';
import { expressKeys } from '../query-keys/express';
import { PlaylistResultsView } from './PlaylistResults';
import { QualityScoreBadge, QualityScoreParts } from './QualityScore';
import { languageName } from './TrackLanguage';

export type { MatchReason, Mood, OfferProfile } from '@lm/contracts/offers';

/** The chart is loaded with the profile, not with the wizard (its library is large). */
const FollowerHistoryChart = lazy(() => import('./FollowerHistoryChart'));

/** Which offer: an express playlist, or a creator account of a platform. */
export type OfferKind = 'playlist' | 'tiktok' | 'instagram';

/** The API path of an offer's profile (issue "Choose with evidence"). */
export function offerProfilePath(kind: OfferKind, id: number): ApiPath<'get'> {
  return kind === 'playlist' ? `express/playlists/${id}/profile` : `express-${kind}/accounts/${id}/profile`;
}

/** One offer's profile (staff, the seller, or anyone when on sale; 404 otherwise). */
export function useOfferProfile(kind: OfferKind, id: number | null) {
  const { api } = useApi();
  return useQuery({
    queryKey: expressKeys.offerProfile(kind, id ?? 0),
    queryFn: async () => (await api.get<OfferProfile>(offerProfilePath(kind, id!))).data,
    enabled: id !== null,
  });
}

/** Names joined as the reader's language joins a list ("indie, pop and chill"). */
function listOf(items: string[], language: string): string {
  try {
    return new Intl.ListFormat(intlLocale(language), { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** A percentage in the reader's language ("42 %", "%42"). */
function percent(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 0 }).format(
    value,
  );
}

/** Moods as badges, named in the reader's language. */
export function MoodBadges({ moods }: { moods: readonly Mood[] }) {
  const { t } = useTranslation();
  return (
    <>
      {moods.map((m) => (
        <Badge key={m} variant="outline" color="grape" size="sm" data-testid="mood-badge">
          {t(`offers.moods.${m}`)}
        </Badge>
      ))}
    </>
  );
}

/** A median answer time in words ("about 2 days", "about 5 hours"). */
export function useAnswerTime() {
  const { t } = useTranslation();
  return (minutes: number) =>
    minutes >= 36 * 60
      ? t('offers.answer_days', { count: Math.round(minutes / 1440) })
      : t('offers.answer_hours', { count: Math.max(1, Math.round(minutes / 60)) });
}

/**
 * Why one offer is suggested, in one line of the reader's language: what it shares with the track,
 * how often it accepted requests like it, how fast it answers ("Shares indie and chill · accepted
 * 42 % of indie requests · answers in about 2 days").
 */
export function MatchReasonLine({ why }: { why: MatchReason }) {
  const { t, i18n } = useTranslation();
  const answerTime = useAnswerTime();
  const lang = i18n.language;
  const shared = [
    ...why.shared_genres.map((g) => g.name),
    ...why.shared_moods.map((m) => t(`offers.moods.${m}`)),
  ];
  const parts: string[] = [];
  if (shared.length) parts.push(t('offers.why.shares', { list: listOf(shared, lang) }));
  if (why.language === 'listed') parts.push(t('offers.why.language'));
  if (why.similar.decided > 0 && why.shared_genres[0])
    parts.push(
      t('offers.why.similar', {
        percent: percent(why.similar.accepted / why.similar.decided, lang),
        genre: why.shared_genres[0].name,
        count: why.similar.decided,
      }),
    );
  if (why.median_response_minutes !== null)
    parts.push(t('offers.why.answers', { time: answerTime(why.median_response_minutes) }));
  return (
    <Text size="xs" c="dimmed" data-testid="match-reason">
      {parts.join(' · ')}
    </Text>
  );
}

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="xs" radius="md" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm">
        {value}
      </Text>
    </Paper>
  );
}

/**
 * An offer's profile as artists read it (issue "Choose with evidence"): cover, description, genres,
 * moods and languages, the seller and since when, the link to the platform, the follower history, the
 * quality score's parts in words, campaigns taken and completed, what a playlist's placements
 * delivered (`PlaylistResultsView`), reviews with the seller's replies, price and answer window. `actions` sits under the header (choose it, edit it).
 */
export function OfferProfileView({ profile, actions }: { profile: OfferProfile; actions?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const answerTime = useAnswerTime();
  const since = new Intl.DateTimeFormat(intlLocale(lang), { month: 'long', year: 'numeric' }).format(
    new Date(profile.seller.since),
  );
  const platformName = t(`offers.platforms.${profile.platform === 'spotify' ? 'spotify' : profile.platform}`);
  const number = new Intl.NumberFormat(intlLocale(lang));
  return (
    <Stack gap="md" data-testid="offer-profile">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {profile.image_url ? (
          <Image src={profile.image_url} w={96} h={96} radius="md" alt="" fit="cover" />
        ) : (
          <Center
            w={96}
            h={96}
            bg="var(--mantine-color-green-light)"
            style={{ borderRadius: 8, flexShrink: 0 }}
          >
            {profile.kind === 'playlist' ? <IconPlaylist size={40} /> : <IconUser size={40} />}
          </Center>
        )}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={3} style={{ overflowWrap: 'anywhere' }} dir="auto">
            {profile.name}
          </Title>
          {profile.user_name && (
            <Text size="sm" c="dimmed" dir="ltr" ta="start">
              @{profile.user_name}
            </Text>
          )}
          <Text size="sm" data-testid="offer-seller">
            {t('offers.by_seller', { name: profile.seller.name, since })}
          </Text>
          <Anchor
            href={profile.platform_url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            data-testid="offer-platform-link"
          >
            <Group gap={4} component="span">
              {t('offers.open_on', { platform: platformName })}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Stack>
      </Group>
      {actions}
      {!profile.on_sale && (
        <Text size="sm" c="orange.8" data-testid="offer-not-on-sale">
          {t('offers.not_on_sale')}
        </Text>
      )}
      {profile.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} dir="auto" data-testid="offer-description">
          {profile.description}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('offers.no_description')}
        </Text>
      )}
      <Group gap={6}>
        {profile.genres.map((g) => (
          <Badge key={g.id} variant="light" size="sm">
            {g.name}
          </Badge>
        ))}
        <MoodBadges moods={profile.moods} />
      </Group>
      <Text size="sm" data-testid="offer-languages">
        {profile.languages.length
          ? t('offers.languages', {
              list: listOf(
                profile.languages.map((l) => languageName(l.code, l.name, lang)),
                lang,
              ),
            })
          : t('offers.languages_any')}
        {' · '}
        {profile.accepts_unreleased ? t('offers.takes_unreleased') : t('offers.released_only')}
        {profile.refuses_ai ? ` · ${t('offers.refuses_ai')}` : ''}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        <Fact
          label={t('offers.price')}
          value={`${profile.tier.tier_name} · ${t('common.coins', { count: profile.tier.price })}`}
          testId="offer-price"
        />
        <Fact
          label={t('offers.followers')}
          value={profile.followers === null ? '—' : number.format(profile.followers)}
        />
        <Fact label={t('offers.answer_window')} value={t('offers.days', { count: profile.answer_days })} />
        {profile.duration_days !== null && (
          <Fact label={t('offers.duration')} value={t('offers.days', { count: profile.duration_days })} />
        )}
        <Fact
          label={t('offers.campaigns')}
          value={t('offers.campaigns_value', {
            taken: number.format(profile.campaigns.taken),
            completed: number.format(profile.campaigns.completed),
          })}
          testId="offer-campaigns"
        />
        <Fact
          label={t('offers.median_answer')}
          value={
            profile.score.median_response_minutes === null
              ? t('offers.not_yet')
              : answerTime(profile.score.median_response_minutes)
          }
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text fw={600}>{t('offers.follower_history')}</Text>
        {profile.follower_history.length >= 2 ? (
          <Suspense fallback={<Loader size="sm" />}>
            <FollowerHistoryChart history={profile.follower_history} />
          </Suspense>
        ) : (
          <Text size="sm" c="dimmed">
            {t('offers.no_history')}
          </Text>
        )}
      </Stack>
      <PlaylistResultsView results={profile.results} />
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t('score.title')}</Text>
          <QualityScoreBadge score={profile.score} testId="offer-score" />
        </Group>
        <QualityScoreParts score={profile.score} />
      </Stack>
      <Stack gap="xs" data-testid="offer-reviews">
        <Text fw={600}>
          {profile.reviews.count
            ? t('offers.reviews_title', {
                count: profile.reviews.count,
                average: profile.reviews.average ?? 0,
              })
            : t('offers.no_reviews')}
        </Text>
        {profile.reviews.items.map((r) => (
          <Paper key={r.id} withBorder p="sm" radius="md" data-testid="offer-review">
            <Group justify="space-between" gap="xs">
              <Rating
                value={r.rating}
                readOnly
                size="sm"
                aria-label={t('offers.rating', { rating: r.rating })}
              />
              <Text size="xs" c="dimmed">
                {new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium' }).format(
                  new Date(r.created_at),
                )}
              </Text>
            </Group>
            {r.comment && (
              <Text size="sm" mt={4} dir="auto">
                {r.comment}
              </Text>
            )}
            {r.reply && (
              <Paper
                bg="var(--mantine-color-default-hover)"
                p="xs"
                mt="xs"
                radius="sm"
                data-testid="offer-review-reply"
              >
                <Text size="xs" fw={600}>
                  {t('offers.seller_reply', { name: profile.seller.name })}
                </Text>
                <Text size="sm" dir="auto">
                  {r.reply}
                </Text>
              </Paper>
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * An offer's profile in a side panel (full screen on a phone), opened from a card without leaving
 * the list or losing the selection. `actions(profile)` renders under the header (e.g. choose it).
 */
export function OfferProfileDrawer({
  kind,
  id,
  onClose,
  actions,
}: {
  kind: OfferKind;
  id: number | null;
  onClose(): void;
  actions?: (profile: OfferProfile) => ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const profile = useOfferProfile(kind, id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={t('offers.profile_title')}
      closeButtonProps={{ 'aria-label': t('ui.close') }}
      data-testid="offer-drawer"
    >
      {profile.isLoading ? (
        <Loader />
      ) : profile.data ? (
        <OfferProfileView profile={profile.data} actions={actions?.(profile.data)} />
      ) : (
        <Text c="dimmed">{t('offers.not_found')}</Text>
      )}
    </Drawer>
  );
}

/** The button that opens an offer's profile from its card (never toggles the card). */
export function OfferProfileButton({ onOpen, name }: { onOpen(): void; name: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
      onKeyDown={(e) => e.stopPropagation()}
      // The visible word starts the accessible name (WCAG 2.5.3), the offer's name follows.
      aria-label={`${t('offers.open_profile')}: ${name}`}
      data-testid="open-profile"
    >
      {t('offers.open_profile')}
    </Button>
  );
}

/**
 * `/offers/:kind/:id` (web, any signed-in user) and the back-office's `/express/offers/:kind/:id`: an
 * offer's profile as a page of its own, to open from a link. `kind` is `playlist`, `tiktok` or
 * `instagram`; anything else, or an offer the reader may not see, is "not found".
 */
export function OfferProfilePage({ homePath }: { homePath: string }) {
  const { t } = useTranslation();
  const params = useParams();
  const kind = (['playlist', 'tiktok', 'instagram'] as const).find((k) => k === params.kind);
  const id = Number(params.id);
  const valid = kind !== undefined && Number.isInteger(id) && id > 0;
  const profile = useOfferProfile(kind ?? 'playlist', valid ? id : null);
  useEffect(() => {
    if (profile.data) document.title = `${profile.data.name} · ${t('offers.profile_title')}`;
  }, [profile.data, t]);
  if (!valid || !profile.data)
    return <LoadingOrNotFound loading={valid && profile.isLoading} homePath={homePath} />;
  return (
    <Paper withBorder p="lg" radius="md" maw={880} data-testid="offer-profile-page">
      <OfferProfileView profile={profile.data} />
    </Paper>
  );
}
