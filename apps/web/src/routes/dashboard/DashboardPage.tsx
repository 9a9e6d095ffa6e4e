import { type SessionUser, USER_STATUS_LABELS, type UserStatus } from '@lm/contracts';
import {
  formatNumber,
  LatestNotificationsCard,
  StatCard,
  StatusBadge,
  useActing,
  usePageTitle,
  useSession,
  WalletBalanceCard,
} from '@lm/ui';
import { Anchor, Badge, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWalletBalance } from '../../hooks/use-wallet';
import { ExpressDashboardSection } from '../express/ExpressDashboardSection';
import { GettingStarted } from './GettingStarted';
import { profileCompleteness } from './profile-completeness';

/**
 * /dashboard (any signed-in user): balance, account state, getting-started steps, latest notifications.
 * While acting for an artist (issue 35) it is the artist's: their balance (no deposit: the organisation
 * funds the artist from its billing page), campaigns and notifications; the member's own account cards
 * (account type, two-step sign-in, profile, getting started) are left out.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle('dashboard.title');
  const session = useSession<SessionUser>();
  const user = session.user!;
  const balance = session.balance ?? user.balance;
  const completeness = profileCompleteness(user);
  const wallet = useWalletBalance();
  const acting = useActing();
  const canDeposit = session.ability.can('call', 'ARTIST_PERMISSION') && !acting;

  return (
    <Stack gap="lg" data-testid="dashboard">
      <div>
        <Title order={2}>{t('dashboard.welcome', { name: user.first_name })}</Title>
        <Text c="dimmed">{t(`dashboard.intro_${user.user_type_id}`)}</Text>
      </div>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <WalletBalanceCard
          coins={wallet.data?.balance ?? balance}
          valueMinor={wallet.data?.total_minor}
          currency={wallet.data?.currency}
          basis={wallet.data}
          depositTo="/wallet/coins/packages"
          depositDisabled={!canDeposit}
        />
        {!acting && <OwnAccountCards user={user} />}
      </SimpleGrid>

      <ExpressDashboardSection />

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {!acting && <GettingStarted user={user} profileComplete={completeness.percent === 100} />}

        <LatestNotificationsCard base="notifications" />
      </SimpleGrid>
    </Stack>
  );
}

/** The member's own account on the dashboard: account type and status, two-step sign-in, profile. */
function OwnAccountCards({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const completeness = profileCompleteness(user);
  const status = USER_STATUS_LABELS[user.status as UserStatus];
  const lang = i18n.language;
  return (
    <>
      <StatCard icon={<IconUserCircle size={24} />} color="violet" label={t('dashboard.account_type')}>
        <Text fz="lg" fw={600} lh={1.2}>
          {t(`user_types.${user.user_type_id}`)}
        </Text>
        {status ? (
          <StatusBadge status={status} w="fit-content" />
        ) : (
          <Badge variant="light">{user.status}</Badge>
        )}
      </StatCard>
      <StatCard icon={<IconShieldLock size={24} />} color="teal" label={t('dashboard.two_factor')}>
        <Badge color={user.two_factor_enabled ? 'green' : 'gray'} variant="light" w="fit-content">
          {t(user.two_factor_enabled ? 'security.enabled' : 'security.disabled')}
        </Badge>
        <Anchor component={Link} to="/security" size="sm">
          {t('dashboard.manage_security')}
        </Anchor>
      </StatCard>
      <StatCard
        icon={
          <RingProgress
            size={64}
            thickness={6}
            roundCaps
            sections={[{ value: completeness.percent, color: 'violet' }]}
            label={
              <Text size="xs" ta="center" fw={700}>
                {formatNumber(completeness.percent, lang)}%
              </Text>
            }
          />
        }
        label={t('dashboard.profile')}
      >
        <Text fz="lg" fw={600} lh={1.2}>
          {t(completeness.percent === 100 ? 'dashboard.profile_complete' : 'dashboard.profile_incomplete')}
        </Text>
        {completeness.missing.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="profile-missing">
            {t('dashboard.profile_missing', {
              fields: new Intl.ListFormat(lang, { type: 'conjunction' }).format(
                completeness.missing.map((field) => t(`dashboard.missing.${field}`)),
              ),
            })}
          </Text>
        )}
        <Anchor component={Link} to="/account" size="sm" data-testid="profile-edit-link">
          {t('dashboard.edit_profile')}
        </Anchor>
      </StatCard>
    </>
  );
}
