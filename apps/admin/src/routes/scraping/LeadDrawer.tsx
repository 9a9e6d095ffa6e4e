import { confirmAction, formatDateTime, formatNumber } from '@lm/ui';
import { Anchor, Badge, Button, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEraseLead, useLead } from '../../hooks/use-scraping';

/** The fields of a lead, in the order the drawer lists their sources. */
const FIELD_ORDER = ['name', 'spotify_url', 'followers', 'popularity', 'genres', 'image_url', 'email'];

/**
 * A lead's details: every field with where and when it was found (issue 16 "Contacts"), the jobs that
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
          <Table.ScrollContainer minWidth={420}>
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('scraping.lead.field')}</Table.Th>
                  <Table.Th>{t('scraping.lead.value')}</Table.Th>
                  <Table.Th>{t('scraping.lead.found')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((field) => (
                  <Table.Tr key={field}>
                    <Table.Td>
                      <Text size="sm" ff="monospace" dir="ltr" span>
                        {field}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }} dir="auto">
                      {shown(field)}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        href={data.provenance[field]!.source}
                        target="_blank"
                        rel="noreferrer"
                        size="xs"
                        dir="ltr"
                      >
                        {data.provenance[field]!.source}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(data.provenance[field]!.found_at, lang)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
