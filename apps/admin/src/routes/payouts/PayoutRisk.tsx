import type { AdminPayout } from '@lm/ui';
import { formatNumber } from '@lm/ui';
import { Badge, Card, List, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const LEVEL_COLOR = { low: 'green', medium: 'yellow', high: 'red' } as const;

/** The risk summary's reasons in words (docs/decisions.md "Payout decisions: permission, second approver, risk"). */
function useReasons(risk: AdminPayout['risk']) {
  const { t } = useTranslation();
  return risk.reasons.map((r) => t(`payouts.admin.risk.reason.${r.key}`, r.params));
}

/** A payout row's risk in short: the level, its reasons on hover and under it, and the second-approver state. */
export function PayoutRiskCell({ payout }: { payout: AdminPayout }) {
  const { t } = useTranslation();
  const reasons = useReasons(payout.risk);
  return (
    <Stack gap={2} maw={260} data-testid={`risk-${payout.id}`}>
      <Tooltip label={reasons.join(' · ')} multiline w={280}>
        <Badge color={LEVEL_COLOR[payout.risk.level]} variant="light">
          {t(`payouts.admin.risk.level.${payout.risk.level}`)}
        </Badge>
      </Tooltip>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {reasons[0]}
      </Text>
      {payout.approval.needs_second_approver && (
        <Text size="xs" c="orange">
          {payout.approval.first_approved_by
            ? t('payouts.admin.first_approved_by', { name: payout.approval.first_approved_by.name })
            : t('payouts.admin.needs_second')}
        </Text>
      )}
    </Stack>
  );
}

/** The detail page's risk card: every figure the summary is built from, then the reasons. */
export function PayoutRiskCard({ payout }: { payout: AdminPayout }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const risk = payout.risk;
  const reasons = useReasons(risk);
  const n = (v: number) => formatNumber(v, lang);
  const rows: [string, string][] = [
    [t('payouts.admin.risk.account_age'), t('payouts.admin.risk.days', { value: n(risk.account_age_days) })],
    [
      t('payouts.admin.risk.recipient_age'),
      t('payouts.admin.risk.days', { value: n(risk.recipient_age_days) }),
    ],
    [
      t('payouts.admin.risk.flags'),
      t('payouts.admin.risk.flags_value', {
        pending: n(risk.trust_flags.pending),
        confirmed: n(risk.trust_flags.confirmed),
        dismissed: n(risk.trust_flags.dismissed),
      }),
    ],
    [
      t('payouts.admin.risk.sources'),
      t('payouts.admin.risk.sources_value', {
        campaign: risk.sources.campaign_coins,
        completed: n(risk.sources.campaigns_completed),
        adjustment: risk.sources.adjustment_coins,
        other: risk.sources.other_coins,
      }),
    ],
    [
      t('payouts.admin.risk.earlier'),
      t('payouts.admin.risk.earlier_value', {
        paid: n(risk.earlier_payouts.paid),
        declined: n(risk.earlier_payouts.declined),
        failed: n(risk.earlier_payouts.failed),
        open: n(risk.earlier_payouts.open),
      }),
    ],
  ];
  return (
    <Card padding="lg" data-testid="payout-risk">
      <Stack gap="sm">
        <Title order={4}>{t('payouts.admin.risk.title')}</Title>
        <Badge color={LEVEL_COLOR[risk.level]} size="lg" variant="light">
          {t(`payouts.admin.risk.level.${risk.level}`)}
        </Badge>
        <List size="sm">
          {reasons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </div>
        ))}
        {risk.sources.artists.length > 0 && (
          <div>
            <Text size="xs" c="dimmed">
              {t('payouts.admin.risk.artists')}
            </Text>
            {risk.sources.artists.map((a) => (
              <Text size="sm" key={a.id ?? 0} dir="auto">
                {t('payouts.admin.risk.artist_line', {
                  name: a.name ?? `#${a.id}`,
                  campaigns: n(a.campaigns),
                  coins: a.coins,
                })}
              </Text>
            ))}
          </div>
        )}
      </Stack>
    </Card>
  );
}
