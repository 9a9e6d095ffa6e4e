import {
  USER_ADMIN_PERMISSIONS as PERM,
  type SessionAdmin,
  USER_STATUS_LABELS,
  type UserStatus,
} from '@lm/contracts';
import {
  CountedTextarea,
  confirmAction,
  formatDate,
  formatMoney,
  isTooLong,
  StatusBadge,
  useSession,
} from '@lm/ui';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandSpotify,
  IconBrandTiktok,
  IconBrandX,
  IconCheck,
  IconEdit,
  IconX,
} from '@tabler/icons-react';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/FormActions';
import { type AdminUser, useUserAction } from '../../../hooks/use-users';
import { CountryFlag, initialsOf } from '../user-bits';

function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={500}
        component="div"
        ta="end"
        style={{ minWidth: 0, wordBreak: 'break-word' }}
        data-testid={testId}
      >
        {children}
      </Text>
    </Group>
  );
}

/** Decline with an optional reason (mailed to the user). */
function DeclineButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const act = useUserAction(user.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <>
      <Button
        color="red"
        variant="light"
        size="xs"
        leftSection={<IconX size={14} />}
        onClick={() => setOpen(true)}
        data-testid="user-decline"
      >
        {t('users.actions.decline')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('users.actions.decline_title')} centered>
        <Stack>
          <CountedTextarea
            label={t('users.actions.decline_reason')}
            value={reason}
            max={500}
            autosize
            minRows={3}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <FormActions
            onCancel={() => setOpen(false)}
            color="red"
            loading={act.isPending}
            disabled={isTooLong(reason, 500)}
            data-testid="user-decline-confirm"
            onClick={async () => {
              await act.mutateAsync({ action: 'decline', body: { reason: reason.trim() || undefined } });
              setOpen(false);
            }}
          >
            {t('users.actions.decline')}
          </FormActions>
        </Stack>
      </Modal>
    </>
  );
}

/** Left profile card of the overview (spec section 2 "User overview"). */
export function ProfileCard({ user, onEdit }: { user: AdminUser; onEdit(): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const session = useSession<SessionAdmin>();
  const can = (p: string) => session.ability.can('call', p);
  const act = useUserAction(user.id);
  const pending = user.status_key === 'pending_approval';
  const links = [
    { href: user.spotify_link, icon: IconBrandSpotify, label: 'Spotify' },
    { href: user.instagram_link, icon: IconBrandInstagram, label: 'Instagram' },
    { href: user.facebook_link, icon: IconBrandFacebook, label: 'Facebook' },
    { href: user.tiktok_link, icon: IconBrandTiktok, label: 'TikTok' },
    { href: user.twitter_link, icon: IconBrandX, label: 'Twitter' },
  ].filter((l) => l.href);
  return (
    <Card padding="lg" radius="md" data-testid="profile-card">
      <Stack align="center" gap="xs">
        <Avatar src={user.image} size={110} radius={110} color="violet" data-testid="user-avatar">
          {initialsOf(user.name)}
        </Avatar>
        <Title order={3} ta="center" data-testid="user-name">
          {user.name}
        </Title>
        <Badge variant="light" color="violet">
          {t(`user_types.${user.user_type_id}`, { defaultValue: user.user_type.name })}
        </Badge>
        {pending && can(PERM.edit) && (
          <Group gap="xs" mt={4}>
            <Button
              color="green"
              size="xs"
              leftSection={<IconCheck size={14} />}
              loading={act.isPending}
              onClick={async () => {
                if (await confirmAction({ message: t('users.actions.approve_confirm', { name: user.name }) }))
                  act.mutate({ action: 'approve' });
              }}
              data-testid="user-approve"
            >
              {t('users.actions.approve')}
            </Button>
            <DeclineButton user={user} />
          </Group>
        )}
      </Stack>
      <Paper withBorder p="sm" radius="md" mt="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('users.overview.wallet_balance')}
          </Text>
          <Text fw={700} data-testid="user-balance">
            {t('common.coins', { count: user.balance.balance })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" ta="end" dir="auto" data-testid="user-balance-value">
          {t('wallet.approx_value', {
            value: formatMoney(user.balance.total_minor, user.balance.currency, lang),
          })}
        </Text>
      </Paper>
      <Divider my="md" label={t('users.overview.details')} labelPosition="center" />
      <Stack gap="sm">
        <Line label={t('users.fields.email')}>
          <span dir="ltr">{user.email}</span>
        </Line>
        <Line label={t('users.fields.phone')}>
          <span dir="ltr">
            {user.phone_number
              ? (parsePhoneNumberFromString(user.phone_number)?.formatInternational() ?? user.phone_number)
              : '—'}
          </span>
        </Line>
        <Line label={t('users.fields.status')}>
          <StatusBadge status={USER_STATUS_LABELS[user.status_key as UserStatus]} data-testid="user-status" />
        </Line>
        <Line label={t('users.fields.member_since')}>{formatDate(user.member_since, lang)}</Line>
        <Line label={t('users.fields.country')}>
          {user.country ? <CountryFlag code={user.country.code} language={lang} /> : '—'}
        </Line>
        <Line label={t('users.fields.oauth_type')}>
          {user.oauth_type?.name ?? t('users.overview.password_login')}
        </Line>
        {user.tier && <Line label={t('users.fields.tier')}>{user.tier.name}</Line>}
        {user.artist_name && (
          <Line label={t('users.fields.artist_name')}>
            <span dir="auto" data-testid="user-artist-name">
              {user.artist_name}
            </span>
          </Line>
        )}
        {user.genres.length > 0 && (
          <Line label={t('users.fields.genres')}>
            <Group gap={4} justify="flex-end">
              {user.genres.map((g) => (
                <Badge key={g.id} size="sm" variant="outline">
                  {g.name}
                </Badge>
              ))}
            </Group>
          </Line>
        )}
        {user.bio && (
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('users.fields.bio')}
            </Text>
            <Text
              size="sm"
              dir="auto"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="user-bio"
            >
              {user.bio}
            </Text>
          </Stack>
        )}
      </Stack>
      {links.length > 0 && (
        <Group justify="center" gap="xs" mt="md">
          {links.map(({ href, icon: Icon, label }) => (
            <Tooltip key={label} label={label}>
              <ActionIcon
                component="a"
                href={href!}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                aria-label={label}
              >
                <Icon size={18} />
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
      )}
      {can(PERM.edit) && (
        <Button
          mt="lg"
          fullWidth
          leftSection={<IconEdit size={16} />}
          onClick={onEdit}
          data-testid="user-edit"
        >
          {t('users.overview.edit_profile')}
        </Button>
      )}
    </Card>
  );
}
