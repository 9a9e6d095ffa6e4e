import { EXPRESS_CAMPAIGN_STATUS } from '@lm/contracts';
import type { ExpressEndReason } from '@lm/contracts/express';
import { Badge, Group, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../i18n/format';

/** What the answer-in-time parts read of a campaign, whatever the platform. */
export interface AnswerInTimeFields {
  status: { id: number };
  answer_deadline?: string | null;
  end_reason?: ExpressEndReason | null;
}

/**
 * "Answer by <date>" on a request waiting for the seller (Pending for Approval): both sides read when
 * it is declined and refunded unless answered. Nothing once answered or for a request without a
 * deadline. `xs` (a list cell) shows the day only.
 */
export function AnswerBy({ campaign, size = 'sm' }: { campaign: AnswerInTimeFields; size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  if (campaign.status.id !== EXPRESS_CAMPAIGN_STATUS.PENDING_APPROVAL || !campaign.answer_deadline)
    return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="answer-by">
      <IconHourglass size={size === 'xs' ? 12 : 14} aria-hidden />
      <Text size={size} c="dimmed">
        {t('express.answer.by', {
          // Lists (xs) give the day; a detail the day and time.
          date: (size === 'xs' ? formatDate : formatDateTime)(campaign.answer_deadline, i18n.language),
        })}
      </Text>
    </Group>
  );
}

/**
 * Why a campaign ended in Declined, beside its status badge (the badge keeps the spec's "Declined"):
 * "Withdrawn" or "Not answered in time". Nothing for a seller's decline (the badge says it) or an open
 * campaign.
 */
export function EndReasonBadge({ campaign }: { campaign: AnswerInTimeFields }) {
  const { t } = useTranslation();
  const reason = campaign.end_reason;
  if (reason !== 'withdrawn' && reason !== 'unanswered') return null;
  return (
    <Badge variant="outline" color="gray" size="sm" data-testid="end-reason" data-reason={reason}>
      {t(`express.answer.${reason}`)}
    </Badge>
  );
}
