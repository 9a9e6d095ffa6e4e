import {
  EXPRESS_CAMPAIGN_STATUS,
  EXPRESS_CAMPAIGN_STATUSES,
  EXPRESS_VIDEO_CAMPAIGN_STATUSES,
} from '@lm/contracts';
import { Anchor, Avatar, Card, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock, IconPlaylist } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../components/StatusBadge';
import { badgeColor } from '../components/status-colors';
import { formatDateTime, formatNumber } from '../i18n/format';
import { AnswerBy, EndReasonBadge } from './AnswerInTime';
import type { ExpressCampaignDetail, ExpressDecline, ExpressTimelineEntry } from './express-types';
import { MadeWithAiValue } from './Honesty';
import { TrackLanguageName } from './TrackLanguage';

/**
 * The foot of an express campaign's header card, for every platform: the artist's pitch to the
 * seller (as typed, line breaks kept) and why the campaign was declined, each only when there is one.
 * With `decline` (the detail answers), the seller's reason in the reader's language and the written
 * feedback, then `rating` (the artist's control, or the rating given); else the stored text.
 */
export function PitchAndDeclineReason({
  pitch,
  declineReason,
  decline,
  rating,
}: {
  pitch: string | null | undefined;
  declineReason: string | null | undefined;
  decline?: ExpressDecline | null;
  rating?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {pitch ? (
        <Stack gap={2} mt="md" data-testid="campaign-pitch">
          <Text size="xs" c="dimmed" fw={500} tt="uppercase">
            {t('express.detail.pitch')}
          </Text>
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {pitch}
          </Text>
        </Stack>
      ) : null}
      {decline ? (
        <Stack gap={6} mt="md" data-testid="decline-feedback-view">
          <Text size="xs" c="dimmed" fw={500} tt="uppercase">
            {t('express.decline.why_title')}
          </Text>
          <Text size="sm" fw={600} data-testid="decline-reason">
            {decline.reason}
          </Text>
          {decline.feedback ? (
            <Text
              size="sm"
              dir="auto"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="decline-feedback-text"
            >
              {decline.feedback}
            </Text>
          ) : null}
          {rating}
        </Stack>
      ) : declineReason ? (
        <Text size="sm" c="red" mt="md" data-testid="decline-reason">
          {t('express.detail.decline_reason')}: {declineReason}
        </Text>
      ) : null}
    </>
  );
}

/**
 * Express campaign status badge, the same colour in lists, detail pages and the timeline (the one
 * palette of `@lm/contracts`). `video`: TikTok and Instagram wording (a video, not a playlist).
 */
export function ExpressStatusBadge({ statusId, video = false }: { statusId: number; video?: boolean }) {
  return (
    <StatusBadge
      id={statusId}
      map={video ? EXPRESS_VIDEO_CAMPAIGN_STATUSES : EXPRESS_CAMPAIGN_STATUSES}
      data-testid="express-status"
    />
  );
}

/** The statuses as select options (translated labels), for the list filters; `video` as the badge. */
export function useExpressStatusOptions(video = false): { value: string; label: string }[] {
  const { t } = useTranslation();
  return (video ? EXPRESS_VIDEO_CAMPAIGN_STATUSES : EXPRESS_CAMPAIGN_STATUSES).map((s) => ({
    value: String(s.id),
    label: t(`ui.status.${s.label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`, { defaultValue: s.label }),
  }));
}

/**
 * Label key of a campaign's end date (`completed_at`, set whenever it ends): a declined, refunded or
 * failed campaign "Ended", never "Completed"; a completed or still open one
 * "Completed".
 */
export function endDateLabel(statusId: number): string {
  const S = EXPRESS_CAMPAIGN_STATUS;
  return statusId === S.DECLINED || statusId === S.FAILED_TO_SUBMIT
    ? 'express.detail.ended_at'
    : 'express.detail.completed_at';
}

/** One labelled fact of a {@link FactsCard}. */
export function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td c="dimmed" w="45%">
        {label}
      </Table.Td>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** A titled card of labelled facts (campaign details of every platform). */
export function FactsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card padding="lg" radius="md">
      <Title order={5} mb="sm">
        {title}
      </Title>
      <Table verticalSpacing={6} fz="sm">
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Card>
  );
}

/** A titled card of label/value rows and one of its rows (campaign screens of every platform). */
export { FactRow as ExpressFactRow, FactsCard as ExpressFactsCard };

/**
 * Every transition of a campaign with its date, actor and note; `video`: TikTok and Instagram labels.
 * Staff read the staff member's name on admin events (`actor_name`), others "Admin".
 */
export function CampaignTimeline({
  entries,
  video = false,
}: {
  entries: readonly ExpressTimelineEntry[];
  video?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card padding="lg" radius="md" data-testid="express-timeline">
      <Title order={5} mb="md">
        {t('express.detail.timeline')}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('express.detail.no_events')}
        </Text>
      ) : (
        <Timeline active={entries.length - 1} bulletSize={24} lineWidth={2}>
          {entries.map((e) => {
            const kind = EXPRESS_CAMPAIGN_STATUSES.find((s) => s.id === e.to_status)?.kind ?? 'neutral';
            return (
              <Timeline.Item
                key={e.id}
                color={badgeColor(kind)}
                data-kind={kind}
                bullet={
                  kind === 'failure' ? (
                    <IconCircleX size={14} />
                  ) : kind === 'success' ? (
                    <IconCircleCheck size={14} />
                  ) : (
                    <IconClock size={14} />
                  )
                }
                title={<ExpressStatusBadge statusId={e.to_status} video={video} />}
              >
                <Text size="xs" c="dimmed" mt={4}>
                  {formatDateTime(e.created_at, lang)} ·{' '}
                  {e.actor_name ?? t(`express.actor.${e.actor_type}`, { defaultValue: e.actor_type })}
                </Text>
                {e.note ? (
                  <Text size="sm" mt={2}>
                    {e.note}
                  </Text>
                ) : null}
                {e.listened_seconds !== null && e.listened_seconds !== undefined ? (
                  <Text size="xs" c="dimmed" mt={2} data-testid="timeline-listened">
                    {t('express.detail.listened', { seconds: e.listened_seconds })}
                  </Text>
                ) : null}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Card>
  );
}

/**
 * The body of an express campaign detail (user app and back-office): track and playlist, deadlines,
 * placement evidence, performance, money, and the timeline of every transition.
 */
export function ExpressCampaignView({
  campaign,
  actions,
  declineRating,
  personLink,
}: {
  campaign: ExpressCampaignDetail;
  actions?: ReactNode;
  /** Staff: the curator and the artist named as links to their overview (this renders the link). */
  personLink?: (person: { id: number; name: string }) => ReactNode;
  /** Under a decline's feedback: the artist's rating control, or the rating given. */
  declineRating?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const date = (v: string | null | undefined) => (v ? formatDateTime(v, lang) : '—');
  const coins = (n: number | null) => (n === null ? '—' : t('common.coins', { count: n }));
  const p = campaign.performance;
  return (
    <Stack gap="lg" data-testid="express-campaign">
      <Card padding="lg" radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group wrap="nowrap" align="flex-start">
            <Avatar src={campaign.track.cover_url} size={72} radius="md">
              <IconPlaylist />
            </Avatar>
            <Stack gap={4}>
              <Title order={3}>{campaign.track.name}</Title>
              <Text c="dimmed" size="sm">
                {campaign.track.artist}
              </Text>
              {campaign.custom_campaign_id !== null && (
                <Text size="sm" data-testid="custom-placement-of">
                  {t('custom.ui.placement_of', { id: campaign.custom_campaign_id })}
                </Text>
              )}
              <Group gap="xs">
                <ExpressStatusBadge statusId={campaign.status.id} />
                <EndReasonBadge campaign={campaign} />
                <Text size="sm" c="dimmed">
                  #{campaign.id}
                </Text>
              </Group>
              <AnswerBy campaign={campaign} />
            </Stack>
          </Group>
          {actions}
        </Group>
        <PitchAndDeclineReason
          pitch={campaign.pitch}
          declineReason={campaign.decline_reason}
          decline={campaign.decline}
          rating={declineRating}
        />
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <FactsCard title={t('express.detail.playlist')}>
          <FactRow label={t('express.fields.playlist')}>
            <Anchor href={campaign.playlist.url} target="_blank" rel="noreferrer" size="sm">
              {campaign.playlist.name}
            </Anchor>
          </FactRow>
          <FactRow label={t('express.fields.followers')}>
            {formatNumber(campaign.playlist.followers, lang)}
          </FactRow>
          <FactRow label={t('express.fields.tier')}>{campaign.tier.tier_name}</FactRow>
          <FactRow label={t('express.fields.curator')}>
            {personLink ? personLink(campaign.curator) : campaign.curator.name}
          </FactRow>
          <FactRow label={t('express.fields.artist')}>
            {personLink ? personLink(campaign.artist) : campaign.artist.name}
          </FactRow>
          <FactRow label={t('express.language.label')}>
            <TrackLanguageName language={campaign.language} />
          </FactRow>
          <FactRow label={t('express.ai.label')}>
            <MadeWithAiValue value={campaign.made_with_ai} />
          </FactRow>
          <FactRow label={t('express.fields.created_at')}>{date(campaign.created_at)}</FactRow>
        </FactsCard>
        <FactsCard title={t('express.detail.deadlines')}>
          <FactRow label={t('express.answer.deadline')}>{date(campaign.answer_deadline)}</FactRow>
          <FactRow label={t('express.detail.submission_deadline')}>
            {date(campaign.submission_deadline)}
          </FactRow>
          <FactRow label={t('express.detail.on_going_until')}>{date(campaign.on_going_until)}</FactRow>
          <FactRow label={t('express.detail.auditing_until')}>{date(campaign.auditing_until)}</FactRow>
          <FactRow label={t('express.detail.days')}>
            {t('express.detail.days_value', {
              submission: campaign.playlist_submission_days,
              ongoing: campaign.on_going_days,
              auditing: campaign.auditing_days,
            })}
          </FactRow>
          <FactRow label={t(endDateLabel(campaign.status.id))}>{date(campaign.completed_at)}</FactRow>
        </FactsCard>
        <FactsCard title={t('express.detail.placement')}>
          <FactRow label={t('express.detail.found_at')}>{date(campaign.placement.found_at)}</FactRow>
          <FactRow label={t('express.detail.position')}>
            {campaign.placement.position !== null ? formatNumber(campaign.placement.position, lang) : '—'}
          </FactRow>
          <FactRow label={t('express.detail.last_seen')}>{date(campaign.placement.last_seen_at)}</FactRow>
          <FactRow label={t('express.detail.removed_at')}>{date(campaign.placement.removed_at)}</FactRow>
        </FactsCard>
        <FactsCard title={t('express.detail.money')}>
          <FactRow label={t('express.fields.price')}>{coins(campaign.price)}</FactRow>
          <FactRow label={t('express.detail.paid')}>
            <span data-testid="paid-coins">{coins(campaign.curator_coins)}</span>
          </FactRow>
          <FactRow label={t('express.detail.fee', { percent: formatNumber(campaign.fee_percent, lang) })}>
            <span data-testid="fee-coins">{coins(campaign.fee_coins)}</span>
          </FactRow>
          <FactRow label={t('express.detail.refunded')}>
            <span data-testid="refunded-coins">{coins(campaign.refunded_coins)}</span>
          </FactRow>
          <FactRow label={t('express.detail.payment_method')}>
            {t(
              campaign.payment_method === 'card'
                ? 'express.detail.method_card'
                : 'express.detail.method_coins',
            )}
          </FactRow>
        </FactsCard>
        {p ? (
          <FactsCard title={t('express.detail.performance')}>
            <FactRow label={t('express.detail.days_live')}>
              {t('express.detail.days_live_value', {
                live: formatNumber(p.days_live, lang),
                total: formatNumber(p.on_going_days, lang),
              })}
            </FactRow>
            <FactRow label={t('express.detail.position')}>
              {p.position !== null ? formatNumber(p.position, lang) : '—'}
            </FactRow>
            <FactRow label={t('express.detail.last_seen')}>{date(p.last_seen_at)}</FactRow>
            <FactRow label={t('express.fields.followers')}>
              {formatNumber(p.playlist_followers, lang)}
            </FactRow>
            <FactRow label={t('express.detail.removed_early')}>
              {t(p.removed_early ? 'express.yes' : 'express.no')}
            </FactRow>
          </FactsCard>
        ) : null}
        <CampaignTimeline entries={campaign.timeline} />
      </SimpleGrid>
    </Stack>
  );
}
