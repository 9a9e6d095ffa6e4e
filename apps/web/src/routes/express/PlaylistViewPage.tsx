import {
  confirmAction,
  type ExpressCampaign,
  LoadingOrNotFound,
  PlaylistCampaigns,
  PlaylistGenres,
  PlaylistSummary,
  QualityScoreImprove,
  useApi,
  usePageTitle,
} from '@lm/ui';
import { Alert, Anchor, Button, Card, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconBan, IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useCuratorPlaylist, useEditPlaylist, useSetRenewable } from '../../hooks/use-express';
import { useCampaignColumns } from './CampaignsListPage';
import { OfferProfileEditor } from './OfferProfileEditor';
import { type PlaylistFields, PlaylistFieldsForm } from './PlaylistForm';

/**
 * /express/my/playlist/view/:id (CURATOR_PERMISSION): details, edit, renewable, disable (warning
 * dialog), the profile artists read (edit, preview, replies to reviews) and the incoming campaigns.
 */
export function PlaylistViewPage() {
  const { t } = useTranslation();
  usePageTitle('express.playlist.view_title');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { api } = useApi();
  const playlist = useCuratorPlaylist(id);
  const edit = useEditPlaylist(id);
  const renewable = useSetRenewable();
  const [editing, setEditing] = useState<PlaylistFields | null>(null);
  const columns = useCampaignColumns(true);
  const campaigns = useQuery({
    queryKey: ['list', 'express/curator/playlist/campaigns', `playlist=${id}`],
    queryFn: async () =>
      (
        await api.list<ExpressCampaign>('express/curator/playlist/campaigns', {
          query: { page: 1, limit: 50, 'filter[playlist_id]': id },
        })
      ).data,
    enabled: Number.isInteger(id) && id > 0,
  });

  if (!playlist.data) return <LoadingOrNotFound loading={playlist.isLoading} homePath="/dashboard" />;
  const p = playlist.data;

  const disable = async () => {
    const ok = await confirmAction({
      title: t('express.playlist.disable_title'),
      message: t('express.playlist.disable_warning'),
      confirmLabel: t('express.playlist.disable'),
      danger: true,
    });
    if (ok) await edit.mutateAsync({ disabled: true }).catch(() => undefined);
  };

  const saveEdit = async () => {
    if (!editing?.tier_id || !editing.duration_id) return;
    try {
      await edit.mutateAsync({
        tier_id: Number(editing.tier_id),
        duration_id: Number(editing.duration_id),
        genre_ids: editing.genre_ids.map(Number),
      });
      setEditing(null);
    } catch {
      // The toast shows the server's message.
    }
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/express/my/playlists/list" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} className="lm-flip-rtl" />
          {t('express.playlist.list_title')}
        </Group>
      </Anchor>
      <Card padding="lg" radius="md" data-testid="playlist-view">
        <PlaylistSummary
          playlist={p}
          actions={
            <Stack gap="xs" align="flex-end">
              <Group gap="xs">
                <Button
                  variant="light"
                  leftSection={<IconEdit size={16} />}
                  disabled={p.status_id === 3}
                  onClick={() =>
                    setEditing({
                      tier_id: String(p.tier.id),
                      duration_id: String(p.duration.id),
                      genre_ids: p.genres.map((g) => String(g.id)),
                      renewable: p.renewable,
                    })
                  }
                >
                  {t('express.playlist.edit')}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconBan size={16} />}
                  disabled={p.status_id === 3}
                  onClick={disable}
                  data-testid="disable-playlist"
                >
                  {t('express.playlist.disable')}
                </Button>
              </Group>
              <Switch
                label={t('express.fields.renewable')}
                checked={p.renewable}
                onChange={(e) => renewable.mutate({ playlist_id: p.id, renewable: e.currentTarget.checked })}
              />
              <Switch
                label={t('express.ai.refuses')}
                description={t('express.ai.refuses_hint')}
                checked={p.refuses_ai}
                disabled={edit.isPending}
                onChange={(e) => edit.mutate({ refuses_ai: e.currentTarget.checked })}
                data-testid="playlist-refuses-ai"
                maw={320}
              />
            </Stack>
          }
        >
          <Text size="sm" c="dimmed">
            {t('express.fields.followers_value', { count: p.followers })}
          </Text>
          <PlaylistGenres genres={p.genres} />
          <QualityScoreImprove score={p.score} />
        </PlaylistSummary>
        {p.status_id === 2 && (
          <Alert color="orange" mt="md" icon={<IconAlertTriangle size={18} />}>
            {t('express.playlist.waits_approval')}
          </Alert>
        )}
        {p.decline_reason && (
          <Text c="red" size="sm" mt="md">
            {p.decline_reason}
          </Text>
        )}
      </Card>
      <OfferProfileEditor kind="playlist" id={p.id} save={(body) => edit.mutateAsync(body)} />
      <PlaylistCampaigns
        records={campaigns.data ?? []}
        columns={columns.map((c) => ({ ...c, title: typeof c.title === 'string' ? t(c.title) : c.title }))}
        fetching={campaigns.isFetching}
        onOpen={(c) => navigate(`/express-campaigns/${c.id}`)}
        verticalSpacing="sm"
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('express.playlist.edit')}
        centered
      >
        {editing && (
          <Stack>
            <PlaylistFieldsForm value={editing} onChange={setEditing} knownGenres={p.genres} hideRenewable />
            <Text size="xs" c="dimmed">
              {t('express.playlist.tier_change_hint')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('ui.confirm.cancel')}
              </Button>
              <Button onClick={saveEdit} loading={edit.isPending}>
                {t('express.playlist.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
