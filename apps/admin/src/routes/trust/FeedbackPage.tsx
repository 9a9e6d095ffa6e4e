import type { FeedbackSeller } from '@lm/contracts/express';
import { formatDateTime, formatNumber, ListScreen, usePageTitle } from '@lm/ui';
import { Group, Rating, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserCell } from '../../components/UserCell';

/**
 * /trust/feedback (trust.flags.show): sellers whose decline feedback artists rate low, lowest mean
 * first, with the number of ratings, the mean stars, the share rated helpful and the last rating; the
 * filters set the highest mean shown (3 stars by default) and the fewest ratings.
 */
export function FeedbackPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('trust_feedback.title');
  const navigate = useNavigate();
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <ListScreen<FeedbackSeller>
      title="trust_feedback.title"
      path="admin/trust/feedback"
      idAccessor={(r) => r.seller.id}
      header={
        <Text size="sm" c="dimmed">
          {t('trust_feedback.subtitle')}
        </Text>
      }
      filters={[
        {
          type: 'select',
          name: 'max_average',
          label: 'trust_feedback.max_average',
          options: [1, 2, 3, 4, 5].map((v) => ({
            value: String(v),
            label: t('trust_feedback.at_most_stars', { count: v }),
          })),
        },
        {
          type: 'select',
          name: 'min_ratings',
          label: 'trust_feedback.min_ratings',
          options: [1, 3, 5, 10].map((v) => ({
            value: String(v),
            label: t('trust_feedback.at_least_ratings', { count: v }),
          })),
        },
      ]}
      empty={{ title: 'trust_feedback.empty_title', hint: 'trust_feedback.empty_hint' }}
      onRowClick={(r) => navigate(`/users/${r.seller.id}`)}
      columns={[
        { accessor: 'seller', title: 'trust_feedback.seller', render: (r) => <UserCell user={r.seller} /> },
        { accessor: 'ratings', title: 'trust_feedback.ratings', render: (r) => n(r.ratings) },
        {
          accessor: 'average_stars',
          title: 'trust_feedback.average',
          render: (r) => (
            <Group gap={6} wrap="nowrap">
              <Rating value={r.average_stars} fractions={10} readOnly size="xs" aria-hidden />
              <Text size="sm">
                {formatNumber(r.average_stars, i18n.language, { maximumFractionDigits: 1 })}
              </Text>
            </Group>
          ),
        },
        {
          accessor: 'helpful_percent',
          title: 'trust_feedback.helpful',
          render: (r) => t('trust_feedback.percent', { value: n(r.helpful_percent) }),
        },
        {
          accessor: 'last_rated_at',
          title: 'trust_feedback.last_rated',
          render: (r) => formatDateTime(r.last_rated_at, i18n.language),
        },
      ]}
    />
  );
}
