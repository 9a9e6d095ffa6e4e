import { SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_LABEL_MAX } from '@lm/contracts/results-terms';
import { confirmAction, formatDate, formatNumber } from '@lm/ui';
import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ShareLink,
  useCreateShareLink,
  useRevokeShareLink,
  useShareableCampaigns,
  useShareLinks,
} from '../../hooks/use-results-share';

const DAYS = [
  { value: '7', label: 'resultsShare.days_7' },
  { value: '30', label: 'resultsShare.days_30' },
  { value: '90', label: 'resultsShare.days_90' },
] as const;
const STATUS = {
  active: { label: 'resultsShare.status_active', color: 'teal' },
  expired: { label: 'resultsShare.status_expired', color: 'gray' },
  revoked: { label: 'resultsShare.status_revoked', color: 'red' },
} as const;

function statusOf(link: ShareLink, now: number): keyof typeof STATUS {
  if (link.revoked_at) return 'revoked';
  return new Date(link.expires_at).getTime() <= now ? 'expired' : 'active';
}

/**
 * The artist's share links of their results (issue "Results"): create one for a manager or label
 * (who it is for, 7, 30 or 90 days, one campaign or all), copy it, see how often it was opened and
 * until when it works, and revoke it. With `campaignId` the panel shares that campaign only and lists
 * only its links.
 */
export function ShareLinks({ campaignId }: { campaignId?: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const links = useShareLinks();
  const campaigns = useShareableCampaigns();
  const create = useCreateShareLink();
  const revoke = useRevokeShareLink();
  const [label, setLabel] = useState('');
  const [days, setDays] = useState(String(SHARE_LINK_DEFAULT_DAYS));
  const [chosen, setChosen] = useState<string | null>(null);
  const now = Date.now();
  const shown = (links.data ?? []).filter((l) => campaignId === undefined || l.campaign_id === campaignId);

  const submit = () =>
    create.mutate(
      {
        campaign_id: campaignId ?? (chosen ? Number(chosen) : null),
        label: label.trim() || null,
        days: Number(days),
      },
      { onSuccess: () => setLabel('') },
    );

  const confirmRevoke = async (link: ShareLink) => {
    const ok = await confirmAction({
      title: t('resultsShare.revoke_title'),
      message: t('resultsShare.revoke_text'),
      confirmLabel: t('resultsShare.revoke'),
      danger: true,
    });
    if (ok) revoke.mutate(link.id);
  };

  return (
    <Stack gap="lg" data-testid="share-links">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={3}>{t('resultsShare.create_title')}</Title>
          <TextInput
            label={t('resultsShare.label')}
            placeholder={t('resultsShare.label_placeholder')}
            maxLength={SHARE_LINK_LABEL_MAX}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
          />
          {campaignId === undefined && (
            <Select
              label={t('resultsShare.campaign')}
              placeholder={t('resultsShare.campaign_all')}
              data={campaigns.data ?? []}
              value={chosen}
              onChange={setChosen}
              clearable
              searchable
            />
          )}
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('resultsShare.days')}
            </Text>
            <SegmentedControl
              value={days}
              onChange={setDays}
              data={DAYS.map((d) => ({ value: d.value, label: t(d.label) }))}
            />
          </div>
          <Group>
            <Button onClick={submit} loading={create.isPending} data-testid="share-link-create">
              {t('resultsShare.create')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Stack gap="sm">
        <Title order={3}>{t('resultsShare.links_title')}</Title>
        {links.data && shown.length === 0 && <Text c="dimmed">{t('resultsShare.empty')}</Text>}
        {shown.map((link) => {
          const status = STATUS[statusOf(link, now)];
          const active = status === STATUS.active;
          return (
            <Paper key={link.id} withBorder radius="md" p="md" data-testid="share-link">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
                  <Group gap="xs">
                    <Text fw={600}>{link.label || t('resultsShare.no_label')}</Text>
                    <Badge color={status.color} variant="light">
                      {t(status.label)}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {link.campaign_id === null
                      ? t('resultsShare.campaign_all')
                      : (campaigns.data?.find((c) => c.value === String(link.campaign_id))?.label ??
                        t('resultsShare.campaign_one', { id: link.campaign_id }))}
                    {' · '}
                    {t('resultsShare.valid_until', { date: formatDate(link.expires_at, lang) })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {link.opens === 0
                      ? t('resultsShare.never_opened')
                      : `${t('resultsShare.opens', { opens: formatNumber(link.opens, lang) })} · ${t(
                          'resultsShare.last_opened',
                          { date: formatDate(link.last_opened_at, lang) },
                        )}`}
                  </Text>
                </Stack>
                {active && (
                  <Group gap="xs">
                    <CopyButton value={link.url}>
                      {({ copied, copy }) => (
                        <Tooltip label={t(copied ? 'resultsShare.copied' : 'resultsShare.copy')} withArrow>
                          <Button
                            variant="light"
                            size="xs"
                            color={copied ? 'teal' : undefined}
                            leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                            onClick={copy}
                          >
                            {t(copied ? 'resultsShare.copied' : 'resultsShare.copy')}
                          </Button>
                        </Tooltip>
                      )}
                    </CopyButton>
                    <Tooltip label={t('resultsShare.open')} withArrow>
                      <ActionIcon
                        component="a"
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        variant="subtle"
                        aria-label={t('resultsShare.open')}
                      >
                        <IconExternalLink size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => confirmRevoke(link)}
                      data-testid="share-link-revoke"
                    >
                      {t('resultsShare.revoke')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
