import { confirmAction, formatDateTime, formatNumber } from '@lm/ui';
import { Anchor, Badge, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEraseLead, useLead } from '../../hooks/use-scraping';

/** The fields of a lead, in the order the drawer lists their sources. */
const FIELD_ORDER = ['name', 'spotify_url', 'followers', 'popularity', 'genres', 'image_url', 'email'];

/**
 * A lead's details: every field with where and when it was found, the jobs that
 * found it, its lists and the websites read for it; Erase removes it for good (GDPR), after a confirm.
 */
export function LeadDrawer({ leadId, onClose }: { leadId: number | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const lead = useLead(leadId);
  const erase = useEraseLead();
  const data = lead.data;
  const fields = data
    ? [
        ...FIELD_ORDER.filter((f) => data.provenance[f]),
        ...Object.keys(data.provenance).filter((f) => !FIELD_ORDER.includes(f)),
      ]
    : [];
  const shown = (field: string): string => {
    if (!data) return '';
    if (field.startsWith('links.')) return data.links[field.slice(6)] ?? '';
    switch (field) {
      case 'followers':
        return data.followers === null ? '—' : formatNumber(data.followers, lang);
      case 'popularity':
        return data.popularity === null ? '—' : String(data.popularity);
      case 'genres':
        return data.genres.join(', ');
      default:
        return String((data as unknown as Record<string, unknown>)[field] ?? '—');
    }
  };
  const onErase = async () => {
    if (!data) return;
    const ok = await confirmAction({
      title: t('scraping.lead.erase'),
      message: t('scraping.lead.erase_confirm', { name: data.name }),
      danger: true,
    });
    if (!ok) return;
    await erase.mutateAsync(data.id).catch(() => undefined);
    onClose();
  };
  return (
    <Drawer
      opened={leadId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={data?.name ?? ''}
      padding="lg"
    >
      {lead.isLoading || !data ? (
        <Loader />
      ) : (
        <Stack gap="md" data-testid="lead-detail">
          <Group gap="xs">
            <Badge variant="light">{t(`scraping.kind.${data.kind}`)}</Badge>
            {data.lists.map((l) => (
              <Badge key={l.id} variant="outline" color="grape">
                {l.name}
              </Badge>
            ))}
          </Group>
          <Text fw={600}>{t('scraping.lead.sources')}</Text>
          <Stack gap="xs">
            {fields.map((field) => (
              <Paper key={field} withBorder p="sm" radius="sm" data-testid={`lead-field-${field}`}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="xs" ff="monospace" dir="ltr" c="dimmed">
                    {field}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(data.provenance[field]!.found_at, lang)}
                  </Text>
                </Group>
                <Text size="sm" fw={500} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                  {shown(field)}
                </Text>
                <Anchor
                  href={data.provenance[field]!.source}
                  target="_blank"
                  rel="noreferrer"
                  size="xs"
                  dir="ltr"
                  display="block"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {t('scraping.lead.found')}: {data.provenance[field]!.source}
                </Anchor>
              </Paper>
            ))}
          </Stack>
          {data.websites.length > 0 && (
            <Stack gap={4}>
              <Text fw={600}>{t('scraping.lead.websites')}</Text>
              {data.websites.map((w) => (
                <Group key={w.url} gap="xs" wrap="nowrap">
                  <Badge size="sm" variant="light">
                    {t(`scraping.lead.visit_${w.status}`)}
                  </Badge>
                  <Text size="sm" dir="ltr" truncate>
                    {w.url}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          <Stack gap={4}>
            <Text fw={600}>{t('scraping.lead.jobs')}</Text>
            {data.jobs.map((j) => (
              <Text key={j.id} size="sm">
                #{j.id} {j.playlist_name ?? ''} {j.is_new ? `· ${t('scraping.results.new')}` : ''}
              </Text>
            ))}
          </Stack>
          <Text size="xs" c="dimmed">
            {t('scraping.lead.erase_note')}
          </Text>
          <Group justify="flex-end">
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={onErase}
              loading={erase.isPending}
              data-testid="lead-erase"
            >
              {t('scraping.lead.erase')}
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
