import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { ExpressSocialCampaign, ExpressSocialStaffCampaign } from '@lm/contracts/express';
import {
  AnswerBy,
  CampaignTimeline,
  DisclosureValue,
  EndReasonBadge,
  ExpressFactRow,
  ExpressFactsCard,
  ExpressStatusBadge,
  endDateLabel,
  formatDateTime,
  getPlatform,
  ListScreen,
  LoadingOrNotFound,
  MadeWithAiValue,
  PitchAndDeclineReason,
  TrackLanguageName,
  useCampaignColumns,
  useExpressStatusOptions,
  usePageTitle,
} from '@lm/ui';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { NoteConfirmModal } from '../../components/NoteConfirmModal';
import { PersonLink } from '../../components/PersonLink';
import { StaffCampaignHistory } from '../../components/StaffCampaignHistory';
import { StaffCampaignMessages } from '../../components/StaffCampaignMessages';
import { StaffCampaignResults } from '../../components/StaffCampaignResults';
import { useAdminSocialCampaign, useDecideDispute } from '../../hooks/use-express';
import { ForceEnd } from './CampaignsPages';
import { ExpressNav } from './ExpressNav';

type Platform = 'tiktok' | 'instagram';
const NOTE_MAX = 500;

const listPath = (p: Platform) => `/express/${p}/campaigns/list`;

/**
 * /express/tiktok/campaigns/list and /express/instagram/campaigns/list (express.campaigns.show):
 * every TikTok or Instagram campaign, searchable by song or id, filtered by status and,
 * for Instagram, by disputes waiting for a decision.
 */
function SocialCampaignsList({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  const column = useCampaignColumns<ExpressSocialCampaign>();
  const title = `social_campaigns_admin.${platform}_title`;
  usePageTitle(title);
  const navigate = useNavigate();
  const statuses = useExpressStatusOptions(true);
  const views = (n: number | null) => (n === null ? '—' : t('express.social.views_value', { count: n }));
  return (
    <Stack gap="md">
      <ExpressNav />
      <ListScreen<ExpressSocialCampaign>
        title={title}
        path={`admin/express-${platform}/campaigns`}
        exportPath={`admin/express-${platform}/campaigns/export.csv`}
        exportName={`${platform}-campaigns`}
        searchable
        filters={[
          { type: 'multiselect', name: 'status', label: 'express.fields.status', options: statuses },
          { type: 'text', name: 'artist', label: 'admin.lists.artist' },
          { type: 'text', name: 'seller', label: 'admin.lists.influencer' },
          { type: 'text', name: 'track', label: 'admin.lists.track' },
          { type: 'date', name: 'date_from', label: 'express.admin.date_from' },
          { type: 'date', name: 'date_to', label: 'express.admin.date_to' },
          ...(getPlatform(platform).artistConfirmsSound
            ? [
                {
                  type: 'select' as const,
                  name: 'disputed',
                  label: 'social_campaigns_admin.dispute_filter',
                  options: [{ value: '1', label: t('social_campaigns_admin.dispute_waiting') }],
                },
              ]
            : []),
        ]}
        onRowClick={(c) => navigate(getPlatform(platform).adminDetailPath(c.id))}
        empty={{ title: 'social_campaigns_admin.empty_title', hint: 'social_campaigns_admin.empty_hint' }}
        columns={[
          column.id,
          column.campaign_name,
          column.artist,
          {
            accessor: 'account',
            title: 'express.social.account',
            render: (c) => (
              <div>
                <Text size="sm" dir="ltr">
                  @{c.account.user_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.influencer.name}
                </Text>
              </div>
            ),
          },
          column.tier,
          column.price,
          {
            accessor: 'last_views',
            title: 'express.social.views',
            noWrap: true,
            render: (c) => (
              <div>
                <Text size="sm">{views(c.last_views)}</Text>
                <Text size="xs" c="dimmed">
                  {t('express.social.target_views')}: {views(c.target_views)}
                </Text>
              </div>
            ),
          },
          {
            accessor: 'status',
            title: 'express.fields.status',
            noWrap: true,
            render: (c) => (
              <Group gap={4} wrap="nowrap">
                <ExpressStatusBadge statusId={c.status.id} video />
                <EndReasonBadge campaign={c} />
                {c.dispute && c.dispute.decision === null ? (
                  <Badge color="orange" variant="light" data-testid="dispute-badge">
                    {t('social_campaigns_admin.dispute_waiting')}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          column.created_at,
        ]}
      />
    </Stack>
  );
}

/** /express/tiktok/campaigns/list. */
export function TikTokCampaignsPage() {
  return <SocialCampaignsList platform="tiktok" />;
}

/** /express/instagram/campaigns/list. */
export function InstagramCampaignsPage() {
  return <SocialCampaignsList platform="instagram" />;
}

/**
 * Staff decide an artist's dispute of a reel: uphold (the reel does not prove the campaign: it fails
 * and the artist is refunded through the engine) or reject (the reel is verified, the campaign goes
 * live). Objective reasons only (sound missing, not public), written in the note.
 */
function DisputeDecision({ campaign }: { campaign: ExpressSocialStaffCampaign }) {
  const { t } = useTranslation();
  const decide = useDecideDispute();
  const [open, setOpen] = useState(false);
  const [decision, setDecision] = useState<'uphold' | 'reject'>('reject');
  const [note, setNote] = useState('');
  const run = () =>
    decide
      .mutateAsync({ id: campaign.id, decision, note: note.trim() || undefined })
      .then(() => setOpen(false))
      .catch(() => undefined);
  return (
    <>
      <Button
        leftSection={<IconGavel size={16} />}
        onClick={() => setOpen(true)}
        data-testid="decide-dispute"
      >
        {t('social_campaigns_admin.decide')}
      </Button>
      <NoteConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('social_campaigns_admin.decide')}
        text={campaign.dispute?.reason}
        textProps={{ dir: 'auto', style: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } }}
        note={{ label: t('express.admin.note'), value: note, onChange: setNote, max: NOTE_MAX }}
        onConfirm={run}
        loading={decide.isPending}
      >
        <Radio.Group value={decision} onChange={(v) => setDecision(v as 'uphold' | 'reject')}>
          <Stack gap="xs">
            <Radio value="reject" label={t('social_campaigns_admin.reject')} data-testid="dispute-reject" />
            <Radio value="uphold" label={t('social_campaigns_admin.uphold')} data-testid="dispute-uphold" />
          </Stack>
        </Radio.Group>
      </NoteConfirmModal>
    </>
  );
}

/**
 * /express-tiktok-campaigns/:campaignId and /express-instagram-campaigns/:campaignId
 * (express.campaigns.show): the campaign, the submitted video, views against the target, money, the
 * artist's dispute with staff's decision, and the timeline; Force end while open.
 */
function SocialCampaignDetail({ platform }: { platform: Platform }) {
  const { t, i18n } = useTranslation();
  usePageTitle('express.detail.title');
  const id = Number(useParams().campaignId);
  const campaign = useAdminSocialCampaign(platform, id);
  if (!campaign.data) return <LoadingOrNotFound loading={campaign.isLoading} h={240} homePath="/dashboard" />;
  const c = campaign.data;
  const lang = i18n.language;
  const date = (v: string | null | undefined) => (v ? formatDateTime(v, lang) : '—');
  const coins = (n: number | null) => (n === null ? '—' : t('common.coins', { count: n }));
  const views = (n: number | null) => (n === null ? '—' : t('express.social.views_value', { count: n }));
  const disputeWaiting = c.dispute !== null && c.dispute.decision === null && c.status.id === S.VERIFYING;
  return (
    <Stack gap="md" data-testid="social-campaign">
      <BackLink to={listPath(platform)}>{t(`social_campaigns_admin.${platform}_title`)}</BackLink>
      <Card padding="lg" radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={3} dir="auto">
              {c.campaign_name}
            </Title>
            <Group gap="xs">
              <ExpressStatusBadge statusId={c.status.id} video />
              <EndReasonBadge campaign={c} />
              <Text size="sm" c="dimmed">
                #{c.id}
              </Text>
            </Group>
            <AnswerBy campaign={c} />
          </Stack>
          <Group gap="xs">
            {disputeWaiting ? <DisputeDecision campaign={c} /> : null}
            <ForceEnd campaign={{ id: c.id, status_id: c.status.id, price: c.price }} seller="influencer" />
          </Group>
        </Group>
        <PitchAndDeclineReason pitch={c.pitch} declineReason={c.decline_reason} decline={c.decline} />
      </Card>
      {c.dispute ? (
        <Alert
          color={c.dispute.decision === null ? 'orange' : 'gray'}
          title={t(
            c.dispute.decision === null
              ? 'social_campaigns_admin.dispute_waiting'
              : `social_campaigns_admin.dispute_${c.dispute.decision}`,
          )}
          data-testid="dispute"
        >
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {c.dispute.reason}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {date(c.dispute.opened_at)}
            {c.dispute.decided_at ? ` · ${date(c.dispute.decided_at)}` : ''}
          </Text>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ExpressFactsCard title={t('social_campaigns_admin.campaign')}>
          <ExpressFactRow label={t('express.social.account')}>
            <span dir="ltr">@{c.account.user_name}</span>
          </ExpressFactRow>
          <ExpressFactRow label={t('express.social.influencer')}>
            <PersonLink person={c.influencer} />
          </ExpressFactRow>
          <ExpressFactRow label={t('express.fields.artist')}>
            <PersonLink person={c.artist} />
          </ExpressFactRow>
          <ExpressFactRow label={t('express.language.label')}>
            <TrackLanguageName language={c.language} />
          </ExpressFactRow>
          <ExpressFactRow label={t('express.ai.label')}>
            <MadeWithAiValue value={c.made_with_ai} />
          </ExpressFactRow>
          <ExpressFactRow label={t('express.fields.tier')}>{c.tier.tier_name}</ExpressFactRow>
          <ExpressFactRow label={t('social_campaigns_admin.sound')}>
            <Anchor href={c.track.url} target="_blank" rel="noreferrer" size="sm">
              {c.track.name}
            </Anchor>
          </ExpressFactRow>
          <ExpressFactRow label={t('express.fields.created_at')}>{date(c.created_at)}</ExpressFactRow>
        </ExpressFactsCard>
        <ExpressFactsCard title={t('social_campaigns_admin.video')}>
          <ExpressFactRow label={t('social_campaigns_admin.video')}>
            {c.video?.url ? (
              <Anchor href={c.video.url} target="_blank" rel="noreferrer" size="sm" data-testid="video-link">
                {t('social_campaigns_admin.open_video')}
              </Anchor>
            ) : (
              '—'
            )}
          </ExpressFactRow>
          <ExpressFactRow label={t('express.disclosure.label')}>
            <DisclosureValue value={c.disclosure} />
          </ExpressFactRow>
          <ExpressFactRow label={t('express.social.views')}>{views(c.last_views)}</ExpressFactRow>
          <ExpressFactRow label={t('express.social.target_views')}>{views(c.target_views)}</ExpressFactRow>
          <ExpressFactRow label={t('express.answer.deadline')}>{date(c.answer_deadline)}</ExpressFactRow>
          <ExpressFactRow label={t('social_campaigns_admin.submission_deadline')}>
            {date(c.submission_deadline)}
          </ExpressFactRow>
          <ExpressFactRow label={t('social_campaigns_admin.on_going_until')}>
            {date(c.on_going_until)}
          </ExpressFactRow>
          <ExpressFactRow label={t('express.detail.auditing_until')}>{date(c.auditing_until)}</ExpressFactRow>
        </ExpressFactsCard>
        <ExpressFactsCard title={t('express.detail.money')}>
          <ExpressFactRow label={t('express.fields.price')}>{coins(c.price)}</ExpressFactRow>
          <ExpressFactRow label={t('social_campaigns_admin.paid')}>{coins(c.paid_coins)}</ExpressFactRow>
          <ExpressFactRow label={t('express.detail.refunded')}>{coins(c.refunded_coins)}</ExpressFactRow>
          <ExpressFactRow label={t(endDateLabel(c.status.id))}>{date(c.completed_at)}</ExpressFactRow>
        </ExpressFactsCard>
        <CampaignTimeline entries={c.timeline} video />
      </SimpleGrid>
      <StaffCampaignHistory campaignId={c.id} />
      <StaffCampaignResults campaignId={c.id} />
      <StaffCampaignMessages campaignId={c.id} />
    </Stack>
  );
}

/** /express-tiktok-campaigns/:campaignId. */
export function TikTokCampaignDetailPage() {
  return <SocialCampaignDetail platform="tiktok" />;
}

/** /express-instagram-campaigns/:campaignId. */
export function InstagramCampaignDetailPage() {
  return <SocialCampaignDetail platform="instagram" />;
}
