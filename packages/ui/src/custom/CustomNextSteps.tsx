import {
  addWorkingDays,
  CUSTOM_REVIEW_WORKING_DAYS,
  CUSTOM_STATUS,
  type CustomCampaignDetail,
} from '@lm/contracts/custom-campaigns';
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../i18n/format';

/** The campaign durations an artist is told about (days; the settings' defaults when not given). */
export interface CustomDurations {
  submission: number;
  ongoing: number;
  auditing: number;
}

/**
 * What happens after an artist orders a custom campaign, in order: the team's review (by a date),
 * payment once approved, publishing to curators, then the curators' window, the days on the playlists
 * and the check before curators are paid. Shown on the wizard's Campaign Setting
 * step to the artist instead of the staff-only settings.
 */
export function CustomProcessSteps({ durations, reviewBy }: { durations: CustomDurations; reviewBy: Date }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="xs" data-testid="custom-process">
      <Text fw={600}>{t('custom.ui.next.process_title')}</Text>
      <List type="ordered" spacing={6} size="sm">
        <List.Item>
          {t('custom.ui.next.step_review', { date: formatDate(reviewBy, i18n.language) })}
        </List.Item>
        <List.Item>{t('custom.ui.next.step_pay')}</List.Item>
        <List.Item>{t('custom.ui.next.step_publish')}</List.Item>
        <List.Item>{t('custom.ui.next.step_window', { count: durations.submission })}</List.Item>
        <List.Item>{t('custom.ui.next.step_ongoing', { count: durations.ongoing })}</List.Item>
        <List.Item>{t('custom.ui.next.step_audit', { count: durations.auditing })}</List.Item>
      </List>
    </Stack>
  );
}

/**
 * The artist's "what happens next" on a custom campaign's page: while the team
 * reviews it (1 Pending, 2 Pending for Approval), that nothing is charged yet, the date the team answers
 * by and that paying opens once it is approved; once approved and unpaid, to pay; once paid, that the
 * team publishes it to curators. Nothing for the other states (their badges and lists say it).
 */
export function CustomNextSteps({
  campaign: c,
}: {
  campaign: Pick<
    CustomCampaignDetail,
    'status' | 'is_paid' | 'price' | 'created_at' | 'playlist_submission_days'
  >;
}) {
  const { t, i18n } = useTranslation();
  const status = c.status.id;
  let title: string;
  let body: string;
  if (status === CUSTOM_STATUS.PENDING || status === CUSTOM_STATUS.PENDING_APPROVAL) {
    const by = addWorkingDays(new Date(c.created_at), CUSTOM_REVIEW_WORKING_DAYS);
    title = t('custom.ui.next.review_title');
    body = t('custom.ui.next.review', { date: formatDate(by, i18n.language), price: c.price });
  } else if (status === CUSTOM_STATUS.APPROVED && !c.is_paid) {
    title = t('custom.ui.next.approved_title');
    body = t('custom.ui.next.approved', { price: c.price });
  } else if (status === CUSTOM_STATUS.PENDING_PUBLISHING) {
    title = t('custom.ui.next.publishing_title');
    body = t('custom.ui.next.publishing', { count: c.playlist_submission_days });
  } else return null;
  return (
    <Alert color="blue" icon={<IconInfoCircle size={18} />} title={title} data-testid="custom-next-steps">
      <Text size="sm">{body}</Text>
    </Alert>
  );
}
