import { FORM_STATUS_IDS, formStatus, type SessionUser } from '@lm/contracts';
import { formatDate, ListScreen, PlaylistFormWizard, StatusBadge, usePageTitle, useSession } from '@lm/ui';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconForms, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type FormListItem, useCreateForm } from '../../hooks/use-forms';
import { AccountReviewNote } from '../account/AccountReviewNote';

/**
 * /forms (spec section 2, any signed-in role): the user's playlist forms with their status
 * badge (a row opens /forms/{id}: status, the team's message, resubmission), and the 5-step Playlist Form Submission wizard (`?new=1`), offered to approved artists only
 * ('Artist Should Be Approved' otherwise; the server says the same).
 */
export function FormsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('playlist_forms.title');
  const { user } = useSession<SessionUser>();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateForm();
  const approvedArtist = user?.user_type_id === 1 && user.status === 'approved';
  const creating = search.get('new') === '1';

  if (creating && approvedArtist) {
    return (
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Title order={2}>{t('playlist_forms.new_title')}</Title>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} className="lm-flip-rtl" />}
            onClick={() => setSearch({})}
          >
            {t('playlist_forms.back')}
          </Button>
        </Group>
        <Card withBorder padding="lg" data-testid="playlist-form-wizard">
          <PlaylistFormWizard
            accountCountry={user?.country_code}
            onSubmit={async (body) => {
              await create.mutateAsync(body);
              setSearch({}, { replace: true });
            }}
          />
        </Card>
      </Stack>
    );
  }

  const newButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => setSearch({ new: '1' })}
      disabled={!approvedArtist}
      data-testid="new-form"
    >
      {t('playlist_forms.new')}
    </Button>
  );
  return (
    <Stack gap="md">
      {!approvedArtist && (
        <Alert
          color="yellow"
          icon={<IconForms size={18} />}
          title={t('forms.artist_not_approved')}
          data-testid="form-not-approved"
        >
          <Stack gap={4}>
            <Text size="sm">{t('playlist_forms.approved_only')}</Text>
            {user && <AccountReviewNote user={user} />}
          </Stack>
        </Alert>
      )}
      <ListScreen<FormListItem>
        title="playlist_forms.title"
        path="forms"
        actions={newButton}
        empty={{ title: 'playlist_forms.empty_title', hint: 'playlist_forms.empty_hint', action: newButton }}
        filters={[
          {
            name: 'status_id',
            label: 'playlist_forms.status',
            type: 'select',
            options: FORM_STATUS_IDS.map((id) => ({ value: String(id), label: t(`forms.status.${id}`) })),
          },
        ]}
        onRowClick={(r) => navigate(`/forms/${r.id}`)}
        columns={[
          { accessor: 'id', title: 'playlist_forms.number', render: (r) => `#${r.id}` },
          {
            accessor: 'track_url',
            title: 'playlist_forms.fields.track_url',
            render: (r) => (
              <Text size="sm" dir="ltr" truncate maw={320}>
                {r.track_url}
              </Text>
            ),
          },
          {
            accessor: 'type',
            title: 'playlist_forms.fields.type',
            render: (r) => t(`playlist_forms.types.${r.type.toLowerCase()}`),
          },
          {
            accessor: 'status_id',
            title: 'playlist_forms.status',
            render: (r) => <StatusBadge status={formStatus(r.status_id.id)} text={r.status_id.name} />,
          },
          {
            accessor: 'created_at',
            title: 'playlist_forms.created_at',
            render: (r) => formatDate(r.created_at, i18n.language),
          },
        ]}
      />
    </Stack>
  );
}
