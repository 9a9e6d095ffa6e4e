import { CUSTOM_CAMPAIGN_FILTER_STATUSES, EXPRESS_CAMPAIGN_STATUSES } from '@lm/contracts';
import type {
  CustomCampaignDetail,
  CustomCampaignListItem,
  CustomCampaignStats,
} from '@lm/contracts/custom-campaigns';
import { CUSTOM_STATUS } from '@lm/contracts/custom-campaigns';
import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../components/StatusBadge';
import { MadeWithAiValue } from '../express/Honesty';
import { OfferProfileButton, OfferProfileDrawer } from '../express/OfferProfile';
import { formatDate, formatDateTime, formatNumber } from '../i18n/format';

/**
 * The song link a custom campaign was ordered with, opened in a new tab; a value that is not a web
 * address is shown without a link.
 */
export function SongLink({ link }: { link: string }) {
  return (
    <Anchor
      href={link.startsWith('http') ? link : undefined}
      target="_blank"
      dir="ltr"
      size="sm"
      style={{ wordBreak: 'break-all' }}
    >
      {link}
    </Anchor>
  );
}

/** Status badge of a custom campaign: 1..7, or 8 Completed once a published campaign has finished. */
export function CustomStatusBadge({
  campaign,
}: {
  campaign: Pick<CustomCampaignListItem, 'status' | 'completed'>;
}) {
  return (
    <StatusBadge
      id={campaign.completed ? 8 : campaign.status.id}
      map={CUSTOM_CAMPAIGN_FILTER_STATUSES}
      data-testid="custom-status"
    />
  );
}

/**
 * Payment badge (spec section 4): Paid when a transaction exists, else Pending; while the team still
 * reviews the campaign (status 1 or 2, `status` given) "After approval", as paying is not open yet
 *.
 */
export function CustomPaymentBadge({ paid, status }: { paid: boolean; status?: number }) {
  const { t } = useTranslation();
  const inReview = !paid && (status === CUSTOM_STATUS.PENDING || status === CUSTOM_STATUS.PENDING_APPROVAL);
  return (
    <StatusBadge
      label={paid ? 'Paid' : inReview ? 'After approval' : 'Pending'}
      kind={paid ? 'success' : inReview ? 'neutral' : 'waiting'}
      text={t(
        paid ? 'custom.ui.paid' : inReview ? 'custom.ui.payment_after_approval' : 'custom.ui.payment_pending',
      )}
      data-testid="custom-payment"
    />
  );
}

/** Release badge (spec section 4): Released or Not Released. */
export function CustomReleaseBadge({ released }: { released: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      label={released ? 'Released' : 'Not Released'}
      kind={released ? 'success' : 'neutral'}
      text={t(released ? 'custom.ui.released' : 'custom.ui.not_released')}
    />
  );
}

/** Warning icon (spec section 4): no form, invoice paid, not released. */
export function CustomWarningIcon({ show }: { show: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <Tooltip label={t('custom.ui.warning')}>
      <IconAlertTriangle
        size={18}
        color="var(--mantine-color-orange-6)"
        aria-label={t('custom.ui.warning')}
        data-testid="custom-warning"
      />
    </Tooltip>
  );
}

/** The stats card (spec section 3 "Campaign stats") over custom campaigns. */
export function CustomStatsCard({ stats }: { stats: CustomCampaignStats | undefined }) {
  const { t, i18n } = useTranslation();
  const items: [string, number | undefined][] = [
    ['custom.ui.stats.total', stats?.total_campaigns],
    ['custom.ui.stats.pending', stats?.total_campaigns_pending],
    ['custom.ui.stats.pending_for_approval', stats?.total_campaigns_pending_for_approval],
    ['custom.ui.stats.approved', stats?.total_campaigns_approved],
    ['custom.ui.stats.pending_for_publishing', stats?.total_campaigns_pending_for_publishing],
    ['custom.ui.stats.published', stats?.total_campaigns_publishing],
    ['custom.ui.stats.completed', stats?.total_campaigns_completed],
    ['custom.ui.stats.declined', stats?.total_campaigns_declined],
  ];
  return (
    <Card padding="md" data-testid="custom-stats">
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }}>
        {items.map(([label, value]) => (
          <Stack gap={2} key={label}>
            <Text size="xs" c="dimmed">
              {t(label)}
            </Text>
            <Text fw={700} size="lg">
              {formatNumber(value ?? 0, i18n.language)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {t(label)}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/**
 * A custom campaign's detail (user app /campaigns/{id} and /preview/campaigns/{id}; back-office
 * /campaigns/custom/{id}): song, badges, invoice, settings, the curators' placements with their
 * express status and where the coins are. `actions` are the screen's buttons (pay, approve ...).
 */
export function CustomCampaignView({
  campaign: c,
  actions,
  placementLink,
}: {
  campaign: CustomCampaignDetail;
  actions?: ReactNode;
  /** Link of a placement's express campaign, when the viewer may open it. */
  placementLink?: (expressCampaignId: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // A curator's playlist profile, as artists read it (issue "Choose with evidence").
  const [profileId, setProfileId] = useState<number | null>(null);
  return (
    <Stack gap="md">
      <OfferProfileDrawer kind="playlist" id={profileId} onClose={() => setProfileId(null)} />
      <Card padding="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <CustomWarningIcon show={c.warning} />
              <Title order={3} data-testid="custom-title">
                {c.name}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {c.artist.name} · Spotify · {c.tier.name}
            </Text>
            <Group gap="md" mt={4}>
              {(
                [
                  ['custom.ui.status', <CustomStatusBadge key="s" campaign={c} />],
                  ['custom.ui.payment', <CustomPaymentBadge key="p" paid={c.is_paid} status={c.status.id} />],
                  ['custom.ui.release', <CustomReleaseBadge key="r" released={c.is_released === 1} />],
                ] as const
              ).map(([label, badge]) => (
                <Group gap={6} key={label}>
                  <Text size="xs" c="dimmed">
                    {t(label)}
                  </Text>
                  {badge}
                </Group>
              ))}
            </Group>
          </Stack>
          <Group gap="xs">{actions}</Group>
        </Group>
        {c.decline_reason && (
          <Text mt="md" c="red" data-testid="custom-decline-reason">
            {t('custom.ui.decline_reason', { reason: c.decline_reason })}
          </Text>
        )}
      </Card>
      <Card padding="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Field label="custom.ui.link">
            <SongLink link={c.link} />
          </Field>
          <Field label="custom.ui.language">
            <Text size="sm">{c.language.name}</Text>
          </Field>
          <Field label="custom.ui.genres">
            <Text size="sm">{c.genres.map((g) => g.name).join(', ')}</Text>
          </Field>
          <Field label="express.ai.label">
            <MadeWithAiValue value={c.made_with_ai} />
          </Field>
          <Field label="custom.ui.release_date">
            <Text size="sm">{formatDate(c.released_date, lang)}</Text>
          </Field>
          <Field label="custom.ui.start_date">
            <Text size="sm">{formatDate(c.start_date, lang)}</Text>
          </Field>
          <Field label="custom.ui.publish_date">
            <Text size="sm">{c.publish_date ? formatDateTime(c.publish_date, lang) : '—'}</Text>
          </Field>
          <Field label="custom.ui.placements">
            <Text size="sm">
              {t('custom.ui.placements_value', { count: c.placements, n: c.price_per_placement })}
            </Text>
          </Field>
          <Field label="custom.ui.price">
            <Text size="sm" fw={600} data-testid="custom-price">
              {t('common.coins', { count: c.price })}
            </Text>
          </Field>
          <Field label="custom.ui.invoice">
            <Text size="sm" data-testid="custom-invoice">
              {c.invoice
                ? `${c.invoice.number}${c.invoice.transaction ? ` · ${c.invoice.transaction}` : ''}`
                : '—'}
            </Text>
          </Field>
          <Field label="custom.ui.days">
            <Text size="sm">
              {t('custom.ui.days_value', {
                submission: c.playlist_submission_days,
                ongoing: c.on_going_days,
                auditing: c.auditing_days,
              })}
            </Text>
          </Field>
          <Field label="custom.ui.opt_in_until">
            <Text size="sm">{c.opt_in_until ? formatDateTime(c.opt_in_until, lang) : '—'}</Text>
          </Field>
          <Field label="custom.ui.pitch">
            <Text size="sm" dir="auto">
              {c.pitch}
            </Text>
          </Field>
        </SimpleGrid>
      </Card>
      {c.is_paid && (
        <Card padding="lg" data-testid="custom-money">
          <Title order={5} mb="sm">
            {t('custom.ui.money')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {(
              [
                ['custom.ui.held', c.money.held],
                ['custom.ui.paid_out', c.money.paid],
                ['custom.ui.refunded', c.money.refunded],
                ['custom.ui.open', c.money.open],
              ] as const
            ).map(([label, n]) => (
              <Field key={label} label={label}>
                <Text fw={600} data-testid={`custom-${label.split('.').pop()}`}>
                  {t('common.coins', { count: n })}
                </Text>
              </Field>
            ))}
          </SimpleGrid>
        </Card>
      )}
      <Card padding="lg">
        <Title order={5} mb="sm">
          {t('custom.ui.curators')}
        </Title>
        {c.placements_list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(c.status.id === 7 ? 'custom.ui.no_curators_yet' : 'custom.ui.no_curators_before')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table data-testid="custom-placements">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('custom.ui.curator')}</Table.Th>
                  <Table.Th>{t('custom.ui.playlist')}</Table.Th>
                  <Table.Th>{t('custom.ui.status')}</Table.Th>
                  <Table.Th>{t('custom.ui.paid_out')}</Table.Th>
                  <Table.Th>{t('custom.ui.refunded')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.placements_list.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.curator.name}</Table.Td>
                    <Table.Td>
                      {p.playlist ? (
                        <Group gap={4} wrap="nowrap">
                          {p.express_campaign_id && placementLink ? (
                            <Anchor component={Link} to={placementLink(p.express_campaign_id)} size="sm">
                              {p.playlist.name}
                            </Anchor>
                          ) : (
                            p.playlist.name
                          )}
                          <OfferProfileButton
                            name={p.playlist.name}
                            onOpen={() => setProfileId(p.playlist!.id)}
                          />
                        </Group>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      {p.status ? <StatusBadge id={p.status.id} map={EXPRESS_CAMPAIGN_STATUSES} /> : '—'}
                    </Table.Td>
                    <Table.Td>
                      {p.paid_coins !== null ? t('common.coins', { count: p.paid_coins }) : '—'}
                    </Table.Td>
                    <Table.Td>
                      {p.refunded_coins !== null ? t('common.coins', { count: p.refunded_coins }) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
