import { CRM_PERMISSIONS as P, type SessionAdmin } from '@lm/contracts';
import { CONSENT_STATES, type ConsentState } from '@lm/contracts/crm';
import {
  confirmAction,
  EmptyState,
  formatDateTime,
  formatNumber,
  ListScreen,
  ListTable,
  NotFoundPage,
  usePageTitle,
  useSession,
} from '@lm/ui';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconShieldOff, IconUsersPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { RowsTable } from '../../components/RowsTable';
import { selectFilter } from '../../components/select-filter';
import {
  type ArtistCampaignSend,
  type CrmLead,
  useArtistCampaigns,
  useArtistProfile,
  useSetConsent,
  useSuppress,
  useSyncRegisteredArtists,
} from '../../hooks/use-crm';
import { ConsentBadge, CrmLeadsNav } from './CrmBits';

/**
 * /crm/artists-list (view.main.crm.leads.tab.list): every artist lead, from scraping, CSV imports and
 * the product's registered artists, with address, consent and suppression; filters by genre,
 * followers, consent and address. Staff holding crm.leads.show open a profile and bring the registered
 * artists in.
 */
export function ArtistsListPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('crm.artists.title');
  const navigate = useNavigate();
  const session = useSession<SessionAdmin>();
  const canManage = session.ability.can('call', P.leads);
  const sync = useSyncRegisteredArtists();
  return (
    <Stack gap="md">
      <CrmLeadsNav />
      <ListScreen<CrmLead>
        title="crm.artists.title"
        path="admin/crm/artists"
        exportPath="admin/crm/artists/export.csv"
        exportName="crm-artists"
        searchable
        defaultOrder="created_at:desc"
        actions={
          canManage ? (
            <Button
              variant="light"
              leftSection={<IconUsersPlus size={16} />}
              onClick={() => sync.mutate()}
              loading={sync.isPending}
              data-testid="crm-sync-users"
            >
              {t('crm.artists.sync')}
            </Button>
          ) : undefined
        }
        empty={{ title: 'crm.artists.empty', hint: 'crm.artists.empty_hint' }}
        filters={[
          { type: 'text', name: 'genre', label: 'crm.fields.genre' },
          {
            type: 'select',
            name: 'consent',
            label: 'crm.fields.consent',
            options: CONSENT_STATES.map((c) => ({ value: c, label: t(`crm.consent_state.${c}`) })),
          },
          selectFilter(t, 'has_email', 'crm.fields.has_email', [
            ['true', 'crm.fields.with_email'],
            ['false', 'crm.fields.without_email'],
          ]),
          { type: 'text', name: 'min_followers', label: 'crm.fields.min_followers' },
        ]}
        onRowClick={canManage ? (a) => navigate(`/artist/profile/${a.id}`) : undefined}
        columns={[
          {
            accessor: 'name',
            title: 'crm.fields.name',
            sortable: true,
            render: (a) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar src={a.image_url} size={32} radius="xl" />
                <Stack gap={0}>
                  <Text size="sm" fw={600} lineClamp={1}>
                    {a.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`crm.origin_label.${a.origin}`)}
                  </Text>
                </Stack>
              </Group>
            ),
          },
          {
            accessor: 'email',
            title: 'crm.fields.email',
            render: (a) => (
              <Text size="sm" dir="ltr">
                {a.email ?? '—'}
              </Text>
            ),
          },
          {
            accessor: 'consent',
            title: 'crm.fields.consent',
            render: (a) => <ConsentBadge consent={a.consent} suppressed={a.suppressed} />,
          },
          {
            accessor: 'followers',
            title: 'crm.fields.followers',
            sortable: true,
            render: (a) => (a.followers === null ? '—' : formatNumber(a.followers, i18n.language)),
          },
          {
            accessor: 'genres',
            title: 'crm.fields.genres',
            render: (a) => (
              <Text size="xs" lineClamp={2}>
                {a.genres.join(', ')}
              </Text>
            ),
          },
          {
            accessor: 'created_at',
            title: 'crm.fields.created_at',
            sortable: true,
            render: (a) => formatDateTime(a.created_at, i18n.language),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * /artist/profile/{artistId} (crm.leads.show): everything known of an artist lead: its fields with
 * where and when each was found, its address with consent (changed here; unsubscribing suppresses),
 * its lists, the campaigns sent to it and what it did with each (opened, clicked, unsubscribed).
 */
export function ArtistProfilePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = Number(useParams().artistId);
  const profile = useArtistProfile(id);
  const setConsent = useSetConsent();
  const suppress = useSuppress();
  usePageTitle('crm.artists.profile');
  const data = profile.data;
  if (profile.isLoading) return <Loader />;
  if (!data) return <NotFoundPage />;
  const changeConsent = async (consent: ConsentState) => {
    if (!data.email) return;
    await setConsent.mutateAsync({ email: data.email, consent }).catch(() => undefined);
  };
  return (
    <Stack gap="md" data-testid="artist-profile">
      <Group>
        <Button
          component={Link}
          to="/crm/artists-list"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('crm.artists.back')}
        </Button>
      </Group>
      <Group gap="md">
        <Avatar src={data.image_url} size={64} radius="xl" />
        <Stack gap={2}>
          <Title order={2}>{data.name}</Title>
          <Group gap="xs">
            <Badge variant="light" color="gray">
              {t(`crm.origin_label.${data.origin}`)}
            </Badge>
            {data.spotify_url && (
              <Anchor href={data.spotify_url} target="_blank" rel="noreferrer" size="sm">
                Spotify
              </Anchor>
            )}
          </Group>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text fw={600}>{t('crm.artists.address')}</Text>
            {data.email ? (
              <>
                <Text dir="ltr" data-testid="profile-email">
                  {data.email}
                </Text>
                <ConsentBadge consent={data.consent} suppressed={data.suppressed} />
                {data.consent_source && (
                  <Text size="xs" c="dimmed">
                    {t('crm.artists.consent_from', {
                      source: data.consent_source,
                      date: data.consent_at ? formatDateTime(data.consent_at, lang) : '—',
                    })}
                  </Text>
                )}
                <Group align="flex-end" gap="sm">
                  <Select
                    label={t('crm.fields.consent')}
                    data={CONSENT_STATES.map((c) => ({ value: c, label: t(`crm.consent_state.${c}`) }))}
                    value={data.consent}
                    onChange={(v) => v && changeConsent(v as ConsentState)}
                    allowDeselect={false}
                    w={200}
                    data-testid="profile-consent"
                  />
                  {!data.suppressed && (
                    <Button
                      color="red"
                      variant="light"
                      leftSection={<IconShieldOff size={16} />}
                      onClick={async () => {
                        const ok = await confirmAction({
                          title: t('crm.suppression.add'),
                          message: t('crm.suppression.add_confirm', { email: data.email }),
                          danger: true,
                        });
                        if (ok)
                          await suppress
                            .mutateAsync({ email: data.email!, reason: 'unsubscribe' })
                            .catch(() => undefined);
                      }}
                    >
                      {t('crm.suppression.add')}
                    </Button>
                  )}
                </Group>
              </>
            ) : (
              <Text c="dimmed">{t('crm.no_address')}</Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text fw={600}>{t('crm.artists.lists')}</Text>
            {data.lists.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('crm.artists.no_lists')}
              </Text>
            ) : (
              <Group gap="xs">
                {data.lists.map((l) => (
                  <Badge key={l.id} variant="light">
                    {l.name}
                  </Badge>
                ))}
              </Group>
            )}
            <Text size="sm" c="dimmed">
              {t('crm.artists.stats', {
                followers: data.followers === null ? '—' : formatNumber(data.followers, lang),
                genres: data.genres.join(', ') || '—',
              })}
            </Text>
          </Stack>
        </Paper>
      </SimpleGrid>
      <ArtistCampaigns id={id} />
      <Paper withBorder p="md">
        <Text fw={600} mb="sm">
          {t('crm.artists.sources')}
        </Text>
        <RowsTable
          striped
          data-testid="profile-sources"
          rows={Object.entries(data.provenance)}
          rowKey={([field]) => field}
          columns={[
            { title: t('crm.artists.field'), cell: ([field]) => field },
            {
              title: t('crm.artists.source'),
              td: { dir: 'ltr', style: { wordBreak: 'break-all' } },
              cell: ([, from]) => from.source,
            },
            { title: t('crm.artists.found_at'), cell: ([, from]) => formatDateTime(from.found_at, lang) },
          ]}
        />
      </Paper>
    </Stack>
  );
}

/**
 * The profile's campaigns: each campaign sent to this artist with the message's state and when it was
 * sent, opened, clicked and unsubscribed from, with the totals above; cards on phones.
 */
function ArtistCampaigns({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const campaigns = useArtistCampaigns(id);
  const rows = campaigns.data ?? [];
  const when = (at: string | null) => (at ? formatDateTime(at, lang) : '—');
  const count = (key: 'sent_at' | 'opened_at' | 'clicked_at' | 'unsubscribed_at') =>
    formatNumber(rows.filter((r) => r[key] !== null).length, lang);
  return (
    <Paper withBorder p="md" data-testid="profile-campaigns">
      <Text fw={600}>{t('crm.artists.campaigns')}</Text>
      {rows.length > 0 && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="profile-engagement">
          {t('crm.artists.engagement', {
            sent: count('sent_at'),
            opened: count('opened_at'),
            clicked: count('clicked_at'),
            unsubscribed: count('unsubscribed_at'),
          })}
        </Text>
      )}
      <ListTable<ArtistCampaignSend>
        records={rows}
        fetching={campaigns.isFetching}
        minHeight={rows.length ? undefined : 140}
        emptyState={<EmptyState title={t('crm.artists.no_campaigns')} />}
        noRecordsText={t('crm.artists.no_campaigns')}
        striped
        verticalSpacing="xs"
        customRowAttributes={() => ({ 'data-testid': 'profile-campaign' })}
        columns={[
          {
            accessor: 'name',
            title: t('crm.artists.campaign'),
            render: (r) => (
              <Anchor component={Link} to={`/marketing-campaign/${r.id}`} size="sm">
                {r.name}
              </Anchor>
            ),
          },
          {
            accessor: 'status',
            title: t('crm.artists.message'),
            render: (r) => t(`crm.artists.send_state.${r.status}`),
          },
          { accessor: 'sent_at', title: t('crm.artists.sent_at'), render: (r) => when(r.sent_at) },
          { accessor: 'opened_at', title: t('crm.artists.opened_at'), render: (r) => when(r.opened_at) },
          { accessor: 'clicked_at', title: t('crm.artists.clicked_at'), render: (r) => when(r.clicked_at) },
          {
            accessor: 'unsubscribed_at',
            title: t('crm.artists.unsubscribed_at'),
            render: (r) => when(r.unsubscribed_at),
          },
        ]}
      />
    </Paper>
  );
}
