import {
  confirmAction,
  EmptyState,
  type FanFinderPlan,
  PlanFeatures,
  SubscriptionCard,
  usePageTitle,
} from '@lm/ui';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCoins, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  useCancelSubscription,
  useFanFinderPlans,
  useFanFinderSubscription,
  useSetAutoRenew,
  useSubscribe,
} from '../../hooks/use-fan-finder';
import { useWalletBalance } from '../../hooks/use-wallet';
import { useBuyCoinsLink } from '../wallet/return-path';

/** One plan to choose: name, days, price, features. */
function PlanOption({ plan }: { plan: FanFinderPlan }) {
  const { t } = useTranslation();
  return (
    <Radio.Card value={String(plan.id)} radius="md" p="md" data-testid={`plan-${plan.id}`}>
      <Group wrap="nowrap" align="flex-start">
        <Radio.Indicator />
        <Stack gap={6}>
          <Text fw={700}>{plan.plan_name}</Text>
          <Text size="sm">
            {t('fan_finder.plan.price_for_days', { coins: plan.price, count: plan.plan_days })}
          </Text>
          <PlanFeatures features={plan.features} />
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/** What Pay will do, said before the coins leave the wallet: price, days, balance after, renewal. */
function PayConfirmation({
  plan,
  coins,
  autoRenew,
}: {
  plan: FanFinderPlan;
  coins: number;
  autoRenew: boolean;
}) {
  const { t } = useTranslation();
  const days = t('fan_finder.sub.days', { count: plan.plan_days });
  return (
    <Stack gap={6} component="span" data-testid="fan-finder-confirm">
      <span>
        {t('fan_finder.subscribe.confirm_price', { coins: plan.price, plan: plan.plan_name, days })}
      </span>
      <span>{t('fan_finder.subscribe.confirm_after', { coins: coins - plan.price })}</span>
      <span data-testid="fan-finder-confirm-renewal">
        {autoRenew
          ? t('fan_finder.subscribe.confirm_renews', { coins: plan.price, days })
          : t('fan_finder.subscribe.confirm_no_renewal', { days })}
      </span>
    </Stack>
  );
}

/**
 * /fan-finder/subscribe (artists): with a running subscription, its card (dates, days left,
 * the auto-renew switch) and Cancel; otherwise the plans to choose from (`?plan=` preselects one), the
 * wallet balance, the renewal choice (off until the artist turns it on) and Pay, which first asks to
 * confirm the price, the balance after and the renewal, then charges the coins at once (desc 7). Too
 * few coins: the way to buy more, which leads back here after the purchase.
 */
export function SubscribePage() {
  const { t } = useTranslation();
  usePageTitle('fan_finder.subscribe.title');
  const [search] = useSearchParams();
  const plans = useFanFinderPlans();
  const subscription = useFanFinderSubscription();
  const balance = useWalletBalance();
  const subscribe = useSubscribe();
  const setAutoRenew = useSetAutoRenew();
  const cancel = useCancelSubscription();
  const [chosen, setChosen] = useState<string | null>(search.get('plan'));
  const [autoRenew, setAutoRenewChoice] = useState(false);
  const buyCoins = useBuyCoinsLink();

  if (plans.isLoading || subscription.isLoading) return <Skeleton h={240} />;
  const current = subscription.data;

  if (current?.is_subscribed) {
    const cancelIt = async () => {
      const ok = await confirmAction({
        title: t('fan_finder.subscribe.cancel_title'),
        message: t('fan_finder.subscribe.cancel_text'),
        confirmLabel: t('fan_finder.subscribe.cancel'),
      });
      if (ok) cancel.mutate(current.id);
    };
    return (
      <Stack gap="lg" maw={760}>
        <Title order={2}>{t('fan_finder.subscribe.yours')}</Title>
        <SubscriptionCard
          subscription={current}
          busy={setAutoRenew.isPending}
          onAutoRenew={(on) => setAutoRenew.mutate({ id: current.id, auto_renew: on })}
          actions={
            <Group justify="space-between" wrap="wrap">
              <Button component={Link} to="/fan-finder/dashboard" data-testid="fan-finder-open-dashboard">
                {t('fan_finder.dashboard.open')}
              </Button>
              {current.status === 'cancelled' ? (
                <Text size="sm" c="dimmed">
                  {t('fan_finder.subscribe.cancelled_hint')}
                </Text>
              ) : (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={cancelIt}
                  loading={cancel.isPending}
                  data-testid="fan-finder-cancel"
                >
                  {t('fan_finder.subscribe.cancel')}
                </Button>
              )}
            </Group>
          }
        />
      </Stack>
    );
  }

  const offered = plans.data ?? [];
  const plan = offered.find((p) => String(p.id) === chosen) ?? null;
  const coins = balance.data?.balance ?? null;
  const short = plan !== null && coins !== null && coins < plan.price;

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={2}>{t('fan_finder.subscribe.title')}</Title>
        <Text c="dimmed">{t('fan_finder.subscribe.intro')}</Text>
      </Stack>
      {current?.is_expired ? (
        <Alert icon={<IconInfoCircle size={18} />} color="yellow" data-testid="fan-finder-expired">
          {t('fan_finder.subscribe.expired', { plan: current.plan.plan_name })}
        </Alert>
      ) : null}
      {offered.length === 0 ? (
        <EmptyState
          title={t('fan_finder.subscribe.no_plans')}
          hint={t('fan_finder.subscribe.no_plans_hint')}
        />
      ) : (
        <>
          <Radio.Group value={chosen} onChange={setChosen} label={t('fan_finder.subscribe.choose')}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
              {offered.map((p) => (
                <PlanOption key={p.id} plan={p} />
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Card padding="lg" radius="md">
            <Stack gap="sm">
              <Group gap="xs">
                <IconCoins size={18} />
                <Text size="sm" data-testid="fan-finder-balance">
                  {coins === null ? '' : t('fan_finder.subscribe.balance', { coins })}
                </Text>
              </Group>
              <Checkbox
                checked={autoRenew}
                onChange={(e) => setAutoRenewChoice(e.currentTarget.checked)}
                label={t('fan_finder.sub.auto_renew')}
                description={t('fan_finder.subscribe.auto_renew_hint')}
              />
              {short ? (
                <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="fan-finder-short">
                  <Stack gap="xs">
                    <Text size="sm">
                      {t('fan_finder.subscribe.short', { coins: plan.price - (coins ?? 0) })}
                    </Text>
                    <Button
                      component={Link}
                      to={buyCoins}
                      size="xs"
                      w="fit-content"
                      data-testid="fan-finder-buy-coins"
                    >
                      {t('fan_finder.subscribe.buy_coins')}
                    </Button>
                  </Stack>
                </Alert>
              ) : null}
              <Button
                size="md"
                w="fit-content"
                disabled={!plan || short}
                loading={subscribe.isPending}
                onClick={async () => {
                  if (!plan || coins === null) return;
                  const ok = await confirmAction({
                    title: t('fan_finder.subscribe.confirm_title'),
                    message: <PayConfirmation plan={plan} coins={coins} autoRenew={autoRenew} />,
                    confirmLabel: t('fan_finder.subscribe.confirm_pay', { coins: plan.price }),
                  });
                  if (ok) subscribe.mutate({ plan_id: plan.id, auto_renew: autoRenew });
                }}
                data-testid="fan-finder-pay"
              >
                {plan
                  ? t('fan_finder.subscribe.pay', { coins: plan.price })
                  : t('fan_finder.subscribe.choose_first')}
              </Button>
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
}
