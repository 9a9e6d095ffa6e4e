import { fanRating } from '@lm/contracts';
import { EmptyState, type FanFinderPlan, PlanFeatures, usePageTitle } from '@lm/ui';
import {
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBrandInstagram,
  IconCalendarRepeat,
  IconCheck,
  IconMessageCircle,
  IconSearch,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRoute } from '../../app/routes';
import { useFanFinderCheck, useFanFinderPlans } from '../../hooks/use-fan-finder';

const RATING_EXAMPLES = [
  { percent: 85, color: 'green' },
  { percent: 70, color: 'blue' },
  { percent: 55, color: 'orange' },
  { percent: 0, color: 'gray' },
] as const;

const STEPS = [
  { key: 'connect', icon: IconBrandInstagram },
  { key: 'analyse', icon: IconSearch },
  { key: 'reach', icon: IconUsersGroup },
] as const;

/** One plan on offer with its call to action. */
function PlanCard({ plan, canSubscribe }: { plan: FanFinderPlan; canSubscribe: boolean }) {
  const { t } = useTranslation();
  return (
    <Card padding="lg" radius="md" withBorder data-testid={`landing-plan-${plan.id}`}>
      <Stack gap="sm" h="100%">
        <Title order={4}>{plan.plan_name}</Title>
        <Text fw={700} size="xl">
          {t('fan_finder.plan.coins', { coins: plan.price })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('fan_finder.plan.days', { count: plan.plan_days })}
        </Text>
        <PlanFeatures features={plan.features} />
        {canSubscribe ? (
          <Button component={Link} to={`/fan-finder/subscribe?plan=${plan.id}`} mt="auto" fullWidth>
            {t('fan_finder.plan.subscribe')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * /fan-finder/landing/page (artists): what the Fan Finder subscription does (spec section 9:
 * analyses the latest 6 Instagram posts, weekly updates, up to 50 comments per post, 2 related-
 * artist fan analyses), how fans are rated (spec section 4 bands) and the plans on offer, each with a
 * Subscribe button; a subscribed artist is led to their subscription instead.
 */
export function FanFinderLandingPage() {
  const { t } = useTranslation();
  usePageTitle('fan_finder.title');
  const canSubscribe = hasRoute('/fan-finder/subscribe');
  const plans = useFanFinderPlans();
  const check = useFanFinderCheck();
  const subscribed = check.data?.is_subscribed === true;

  return (
    <Stack gap="xl" data-testid="fan-finder-landing">
      <Card padding="xl" radius="lg">
        <Stack gap="md" maw={720}>
          <Badge variant="light" size="lg" w="fit-content">
            {t('nav.fan_finder')}
          </Badge>
          <Title order={1}>{t('fan_finder.title')}</Title>
          <Text size="lg" c="dimmed">
            {t('fan_finder.intro')}
          </Text>
          {canSubscribe && subscribed ? (
            <Button component={Link} to="/fan-finder/subscribe" size="md" w="fit-content">
              {t('fan_finder.manage')}
            </Button>
          ) : (
            <Button component="a" href="#fan-finder-plans" size="md" w="fit-content">
              {t('fan_finder.see_plans')}
            </Button>
          )}
        </Stack>
      </Card>

      <div>
        <Title order={3} mb="md">
          {t('fan_finder.how_title')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {STEPS.map(({ key, icon: Icon }, index) => (
            <Card key={key} padding="lg" radius="md">
              <Group gap="sm" mb="sm">
                <ThemeIcon size={40} radius="md" variant="light">
                  <Icon size={22} />
                </ThemeIcon>
                <Text fw={700} c="dimmed">
                  {index + 1}
                </Text>
              </Group>
              <Text fw={600}>{t(`fan_finder.step_${key}_title`)}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`fan_finder.step_${key}_text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </div>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card padding="lg" radius="md">
          <Title order={4} mb="md">
            {t('fan_finder.features_title')}
          </Title>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" color="green">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            <List.Item
              icon={
                <ThemeIcon size={22} radius="xl" variant="light">
                  <IconCalendarRepeat size={14} />
                </ThemeIcon>
              }
            >
              {t('fan_finder.feature_weekly')}
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon size={22} radius="xl" variant="light">
                  <IconBrandInstagram size={14} />
                </ThemeIcon>
              }
            >
              {t('fan_finder.feature_posts', { count: 6 })}
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon size={22} radius="xl" variant="light">
                  <IconMessageCircle size={14} />
                </ThemeIcon>
              }
            >
              {t('fan_finder.feature_comments', { count: 50 })}
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon size={22} radius="xl" variant="light">
                  <IconUsersGroup size={14} />
                </ThemeIcon>
              }
            >
              {t('fan_finder.feature_related', { count: 2 })}
            </List.Item>
          </List>
        </Card>
        <Card padding="lg" radius="md">
          <Title order={4} mb="md">
            {t('fan_finder.ratings_title')}
          </Title>
          <Stack gap="sm">
            {RATING_EXAMPLES.map(({ percent, color }) => {
              const band = fanRating(percent);
              return (
                <Group key={band} justify="space-between">
                  <Badge color={color} variant="light" w={96}>
                    {t(`fan_finder.rating_${band.toLowerCase()}`)}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {percent > 0
                      ? t('fan_finder.rating_from', { value: percent })
                      : t('fan_finder.rating_below', { value: 55 })}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Card>
      </SimpleGrid>

      <div id="fan-finder-plans">
        <Title order={3} mb="md">
          {t('fan_finder.plans_title')}
        </Title>
        {plans.isLoading ? (
          <Skeleton h={200} />
        ) : (plans.data ?? []).length === 0 ? (
          <EmptyState
            title={t('fan_finder.subscribe.no_plans')}
            hint={t('fan_finder.subscribe.no_plans_hint')}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {(plans.data ?? []).map((plan) => (
              <PlanCard key={plan.id} plan={plan} canSubscribe={canSubscribe && !subscribed} />
            ))}
          </SimpleGrid>
        )}
      </div>
    </Stack>
  );
}
