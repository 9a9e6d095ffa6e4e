import { EXPRESS_CAMPAIGN_STATUS as S, type SessionUser } from '@lm/contracts';
import type { ExpressSocialCampaignDetail } from '@lm/contracts/express';
import {
  AnswerBy,
  CampaignTimeline,
  CountedTextarea,
  DisclosureFix,
  DisclosureValue,
  EndReasonBadge,
  ExpressStatusBadge,
  endDateLabel,
  FactRow,
  FactsCard,
  formatDateTime,
  formatNumber,
  isTooLong,
  LoadingOrNotFound,
  MadeWithAiValue,
  PitchAndDeclineReason,
  type PlatformDescriptor,
  PlatformScreen,
  TrackLanguageName,
  usePageTitle,
  useSession,
} from '@lm/ui';
import {
  Alert,
  Anchor,
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Modal,
  Progress,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCheck,
  IconExternalLink,
  IconFlag,
  IconVideo,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSocialCampaign, useSoundVerdict } from '../../hooks/use-social-express';
import { ArtistCampaignActions } from './ArtistCampaignActions';
import { FeedbackRating } from './FeedbackRating';
import { RenewModal } from './RenewPage';

const k = (key: string) => `express.social_artist.${key}`;

/** The submitted video or reel, embedded from the platform, with a link to it. */
export function VideoEmbed({
  platform,
  video,
}: {
  platform: PlatformDescriptor;
  video: ExpressSocialCampaignDetail['video'];
}) {
  const { t } = useTranslation();
  if (!video)
    return (
      <Center mih={160} data-testid="no-video">
        <Stack align="center" gap={4}>
          <ThemeIcon variant="light" color="gray" size={40} radius="xl">
            <IconVideo size={22} />
          </ThemeIcon>
          <Text size="sm" c="dimmed" ta="center">
            {t(k('no_video'))}
          </Text>
        </Stack>
      </Center>
    );
  const src = platform.embedUrl(video);
  return (
    <Stack gap="xs" data-testid="video-embed">
      {src && (
        <AspectRatio ratio={9 / 16} maw={340} mx="auto" w="100%">
          <iframe
            src={src}
            title={t(k(`${platform.texts}.video`))}
            style={{ border: 0, borderRadius: 8 }}
            allow="encrypted-media; fullscreen"
            sandbox="allow-scripts allow-same-origin allow-popups"
            loading="lazy"
          />
        </AspectRatio>
      )}
      {video.url && (
        <Anchor href={video.url} target="_blank" rel="noreferrer" size="sm" ta="center">
          <Group gap={4} justify="center">
            {t(k(`${platform.texts}.open_video`))}
            <IconExternalLink size={14} />
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}

/** Views read from the platform against the target agreed at acceptance. */
function ViewsCard({ c }: { c: ExpressSocialCampaignDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const views = c.last_views ?? 0;
  const percent = c.target_views ? Math.min(100, Math.round((views / c.target_views) * 100)) : null;
  return (
    <Card padding="lg" radius="md" data-testid="views-card">
      <Title order={5} mb="sm">
        {t(k('views_title'))}
      </Title>
      <Group justify="space-between" align="baseline">
        <Text size="xl" fw={700} data-testid="views-value">
          {c.last_views === null ? '—' : formatNumber(c.last_views, lang)}
        </Text>
        <Text size="sm" c="dimmed">
          {c.target_views === null
            ? t(k(c.status.id === S.PENDING_APPROVAL ? 'target_pending' : 'no_target'))
            : t(k('of_target'), { target: formatNumber(c.target_views, lang) })}
        </Text>
      </Group>
      {percent !== null && (
        <Progress value={percent} mt="xs" aria-label={t(k('views_title'))} data-testid="views-progress" />
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {c.last_views_at
          ? t(k('views_read_at'), { date: formatDateTime(c.last_views_at, lang) })
          : t(k('views_none'))}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {t(k('views_rule'))}
      </Text>
    </Card>
  );
}

/**
 * Where the platform cannot tell which sound a post uses (Instagram): the artist confirms the sound
 * from the embed, or disputes it, before the confirmation window closes.
 */
function SoundVerdict({ c }: { c: ExpressSocialCampaignDetail }) {
  const { t, i18n } = useTranslation();
  const verdict = useSoundVerdict();
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (c.dispute)
    return (
      <Alert color="orange" icon={<IconFlag size={18} />} data-testid="sound-disputed">
        <Text size="sm" fw={600}>
          {t(k('disputed_title'))}
        </Text>
        <Text size="sm">{t(k('disputed_text'))}</Text>
      </Alert>
    );
  if (c.confirmed_at)
    return (
      <Alert color="green" icon={<IconCheck size={18} />} data-testid="sound-confirmed">
        {t(k('confirmed_text'), { date: formatDateTime(c.confirmed_at, i18n.language) })}
      </Alert>
    );
  const open =
    c.status.id === S.VERIFYING && c.confirm_until && new Date(c.confirm_until).getTime() > Date.now();
  if (!open || !c.confirm_until) return null;
  const send = async (body: { verdict: 'confirm' | 'dispute'; reason?: string }) => {
    try {
      await verdict.mutateAsync({ campaign_id: c.id, ...body });
      setDisputing(false);
    } catch {
      // The toast shows the server's message.
    }
  };
  return (
    <Alert color="blue" icon={<IconAlertTriangle size={18} />} data-testid="sound-verdict">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t(k('confirm_title'))}
        </Text>
        <Text size="sm">
          {t(k('confirm_text'), { date: formatDateTime(c.confirm_until, i18n.language) })}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            color="green"
            leftSection={<IconCheck size={14} />}
            loading={verdict.isPending && !disputing}
            onClick={() => void send({ verdict: 'confirm' })}
            data-testid="confirm-sound"
          >
            {t(k('confirm'))}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFlag size={14} />}
            onClick={() => setDisputing(true)}
            data-testid="dispute-sound"
          >
            {t(k('dispute'))}
          </Button>
        </Group>
      </Stack>
      <Modal opened={disputing} onClose={() => setDisputing(false)} title={t(k('dispute_title'))} centered>
        <Stack>
          <Text size="sm">{t(k('dispute_text'))}</Text>
          <CountedTextarea
            label={t(k('dispute_reason'))}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            max={500}
            autosize
            minRows={3}
            error={error}
            dir="auto"
            data-testid="dispute-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDisputing(false)}>
              {t('ui.confirm.cancel')}
            </Button>
            <Button
              color="orange"
              loading={verdict.isPending}
              disabled={isTooLong(reason, 500)}
              onClick={() => {
                if (!reason.trim()) {
                  setError(t(k('dispute_reason_required')));
                  return;
                }
                void send({ verdict: 'dispute', reason: reason.trim() });
              }}
              data-testid="send-dispute"
            >
              {t(k('send_dispute'))}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}

/**
 * A video campaign's page (TikTok, Instagram, any registered video platform): the campaign with its
 * status timeline (the one palette), the submitted video embedded, views against the target,
 * deadlines and money; renew once ended, review once completed, and where the platform asks it
 * (`artistConfirmsSound`) confirm or dispute the post's sound within the confirmation window.
 */
export function SocialCampaignDetail({
  platform,
  sellerActions,
  sellerDecision,
}: {
  platform: PlatformDescriptor;
  /** The influencer's actions on the campaign (approve, decline, submit), shown to sellers instead. */
  sellerActions?(campaign: ExpressSocialCampaignDetail): ReactNode;
  /** The influencer's decision on a pending request (its player first), shown to sellers above the campaign. */
  sellerDecision?(campaign: ExpressSocialCampaignDetail): ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const session = useSession<SessionUser>();
  const artist = session.ability.can('call', 'ARTIST_PERMISSION');
  const lang = i18n.language;
  usePageTitle(k(`${platform.texts}.detail_title`));
  const id = Number(useParams().campaignId);
  const campaign = useSocialCampaign(platform.key, id);
  const [renewing, setRenewing] = useState(false);
  if (!campaign.data) return <LoadingOrNotFound loading={campaign.isLoading} />;
  const c = campaign.data;
  const date = (v: string | null | undefined) => (v ? formatDateTime(v, lang) : '—');
  const coins = (n: number | null) => (n === null ? '—' : t('common.coins', { count: n }));
  return (
    <Stack gap="md" data-testid="social-campaign">
      <Anchor component={Link} to={platform.listPath} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} className="lm-flip-rtl" />
          {t('express.detail.back')}
        </Group>
      </Anchor>
      {!artist && sellerDecision?.(c)}
      <Card padding="lg" radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group wrap="nowrap" align="flex-start" miw={0}>
            <ThemeIcon size={56} radius="md" variant="light" color={platform.color}>
              <platform.Icon size={30} />
            </ThemeIcon>
            <Stack gap={4} miw={0}>
              <Title order={3} dir="auto" style={{ overflowWrap: 'anywhere' }} data-testid="campaign-name">
                {c.campaign_name}
              </Title>
              <Text c="dimmed" size="sm" dir="ltr" ta="start">
                @{c.account.user_name}
              </Text>
              <Group gap="xs">
                <ExpressStatusBadge statusId={c.status.id} video />
                <EndReasonBadge campaign={c} />
                <Badge variant="outline" color="gray" size="sm">
                  {t(k(c.is_released ? 'released' : 'unreleased'))}
                </Badge>
                <Text size="sm" c="dimmed">
                  #{c.id}
                </Text>
              </Group>
              <AnswerBy campaign={c} />
            </Stack>
          </Group>
          <Group gap="xs">
            {!artist && sellerActions?.(c)}
            {artist && (
              <ArtistCampaignActions platform={platform} campaign={c} onRenew={() => setRenewing(true)} />
            )}
            {c.review && <Rating value={c.review.rating} readOnly />}
          </Group>
        </Group>
        <PitchAndDeclineReason
          pitch={c.pitch}
          declineReason={c.decline_reason}
          decline={c.decline}
          rating={c.decline && <FeedbackRating campaignId={c.id} decline={c.decline} canRate={artist} />}
        />
      </Card>
      {!artist && <DisclosureFix campaign={c} />}
      {artist && platform.artistConfirmsSound && <SoundVerdict c={c} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card padding="lg" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={5}>{t(k(`${platform.texts}.video`))}</Title>
            {platform.embedPagePath && c.video && (
              <Anchor component={Link} to={platform.embedPagePath(c.id)} size="sm">
                {t(k('full_view'))}
              </Anchor>
            )}
          </Group>
          <VideoEmbed platform={platform} video={c.video} />
          <Group gap="xs" mt="sm" wrap="wrap">
            <Text size="sm">{t('express.disclosure.label')}:</Text>
            <DisclosureValue value={c.disclosure} />
          </Group>
        </Card>
        <Stack gap="md">
          <ViewsCard c={c} />
          <FactsCard title={t('express.detail.deadlines')}>
            <FactRow label={t('express.answer.deadline')}>{date(c.answer_deadline)}</FactRow>
            <FactRow label={t(k('submission_deadline'))}>{date(c.submission_deadline)}</FactRow>
            {platform.artistConfirmsSound && (
              <FactRow label={t(k('confirm_until'))}>{date(c.confirm_until)}</FactRow>
            )}
            <FactRow label={t(k('on_going_until'))}>{date(c.on_going_until)}</FactRow>
            <FactRow label={t('express.detail.auditing_until')}>{date(c.auditing_until)}</FactRow>
            <FactRow label={t(endDateLabel(c.status.id))}>{date(c.completed_at)}</FactRow>
          </FactsCard>
        </Stack>
        <FactsCard title={t(k('account_title'))}>
          <FactRow label={t('express.social.account')}>
            <span dir="ltr">@{c.account.user_name}</span>
          </FactRow>
          <FactRow label={t('express.fields.followers')}>
            {c.account.follower_count === null ? '—' : formatNumber(c.account.follower_count, lang)}
          </FactRow>
          <FactRow label={t('express.fields.tier')}>{c.tier.tier_name}</FactRow>
          <FactRow label={t('express.social.influencer')}>{c.influencer.name}</FactRow>
          <FactRow label={t('express.language.label')}>
            <TrackLanguageName language={c.language} />
          </FactRow>
          <FactRow label={t('express.ai.label')}>
            <MadeWithAiValue value={c.made_with_ai} />
          </FactRow>
          <FactRow label={t('express.fields.created_at')}>{date(c.created_at)}</FactRow>
        </FactsCard>
        <FactsCard title={t('express.detail.money')}>
          <FactRow label={t('express.fields.price')}>{coins(c.price)}</FactRow>
          <FactRow label={t(k('paid'))}>
            <span data-testid="paid-coins">{coins(c.paid_coins)}</span>
          </FactRow>
          <FactRow label={t('express.detail.refunded')}>
            <span data-testid="refunded-coins">{coins(c.refunded_coins)}</span>
          </FactRow>
        </FactsCard>
        <CampaignTimeline entries={c.timeline} video />
      </SimpleGrid>
      {!platform.renewPath && (
        <RenewModal
          platform={platform}
          campaignId={c.id}
          opened={renewing}
          onClose={() => setRenewing(false)}
        />
      )}
    </Stack>
  );
}

/**
 * /instagram/embed/?campaign_id= (the embed page of a platform whose artist confirms the sound): the
 * artist's view of the submitted post, embedded large, to check its sound before confirming or
 * disputing it.
 */
export function EmbedPage() {
  return (
    <PlatformScreen screen="embed">{(platform) => <PlatformEmbed platform={platform} />}</PlatformScreen>
  );
}

function PlatformEmbed({ platform }: { platform: PlatformDescriptor }) {
  const { t } = useTranslation();
  usePageTitle(k(`${platform.texts}.embed_title`));
  const [params] = useSearchParams();
  const id = Number(params.get('campaign_id'));
  const campaign = useSocialCampaign(platform.key, id);
  if (!campaign.data) return <LoadingOrNotFound loading={campaign.isLoading} />;
  const c = campaign.data;
  return (
    <Stack gap="md" maw={520} mx="auto" data-testid="instagram-embed">
      <Anchor component={Link} to={platform.detailPath(c.id)} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} className="lm-flip-rtl" />
          {t(k('back_to_campaign'))}
        </Group>
      </Anchor>
      <Title order={3} dir="auto">
        {c.campaign_name}
      </Title>
      <SoundVerdict c={c} />
      <Card padding="lg" radius="md">
        <VideoEmbed platform={platform} video={c.video} />
      </Card>
    </Stack>
  );
}
