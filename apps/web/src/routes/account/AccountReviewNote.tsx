import type { SessionUser } from '@lm/contracts';
import { LIMITS } from '@lm/contracts/limits';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What the team's approval of a new account is, what it checks and how long it takes (not a request to
 * confirm an address, which no screen asks for). For a declined account, what happened and where to
 * turn. Nothing for an approved account.
 */
export function AccountReviewNote({ user }: { user: Pick<SessionUser, 'status' | 'user_type_id'> }) {
  const { t } = useTranslation();
  if (user.status === 'approved') return null;
  if (user.status === 'declined') {
    return (
      <Text size="sm" data-testid="account-review">
        {t('account.review.declined')}{' '}
        <Anchor component={Link} to="/tickets" inherit>
          {t('nav.support')}
        </Anchor>
      </Text>
    );
  }
  const artist = user.user_type_id === 1;
  return (
    <Stack gap={4} data-testid="account-review">
      <Text size="sm">{t(artist ? 'account.review.checks_artist' : 'account.review.checks_any')}</Text>
      <Text size="sm">{t('account.review.when', { count: LIMITS.accountReviewWorkingDays })}</Text>
      <Anchor component={Link} to="/account" size="sm">
        {t('dashboard.edit_profile')}
      </Anchor>
    </Stack>
  );
}
