import type { SessionUser } from '@lm/contracts';
import { Anchor, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountReviewNote } from '../account/AccountReviewNote';

function Step({ done, children, testId }: { done: boolean; children: ReactNode; testId: string }) {
  return (
    <List.Item
      data-testid={testId}
      data-done={done}
      icon={
        <ThemeIcon size={24} radius="xl" color={done ? 'green' : 'gray'} variant={done ? 'filled' : 'light'}>
          {done ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
        </ThemeIcon>
      }
    >
      <Text component="div" size="sm" td={done ? 'line-through' : undefined} c={done ? 'dimmed' : undefined}>
        {children}
      </Text>
    </List.Item>
  );
}

/**
 * The dashboard's getting-started checklist: verify the e-mail address, be approved by the team (with
 * what approval is, what the team checks and how long it takes while it is pending),
 * complete the profile, turn on two-step sign-in.
 */
export function GettingStarted({
  user,
  profileComplete,
}: {
  user: Pick<SessionUser, 'email_verified' | 'status' | 'user_type_id' | 'two_factor_enabled'>;
  profileComplete: boolean;
}) {
  const { t } = useTranslation();
  const approved = user.status === 'approved';
  return (
    <Card padding="lg" radius="md" data-testid="getting-started">
      <Title order={4} mb="md">
        {t('dashboard.getting_started')}
      </Title>
      <List spacing="sm" center={false}>
        <Step done={user.email_verified} testId="step-verify">
          {t('dashboard.step_verify')}
        </Step>
        <Step done={approved} testId="step-approval">
          <Stack gap={4}>
            <div>{t('dashboard.step_approval')}</div>
            <AccountReviewNote user={user} />
          </Stack>
        </Step>
        <Step done={profileComplete} testId="step-profile">
          <Anchor component={Link} to="/account" inherit>
            {t('dashboard.step_profile')}
          </Anchor>
        </Step>
        <Step done={user.two_factor_enabled} testId="step-two-factor">
          <Anchor component={Link} to="/security" inherit>
            {t('dashboard.step_two_factor')}
          </Anchor>
        </Step>
      </List>
    </Card>
  );
}
