import { CUSTOM_CAMPAIGN_FILTER_STATUSES } from '@lm/contracts';
import type {
  CustomCampaignDetail,
  CustomCampaignListItem,
  CustomCampaignStats,
} from '@lm/contracts/custom-campaigns';
import {
  confirmAction,
  ListScreen,
  LoadingOrNotFound,
  NotFoundPage,
  useApi,
  usePageTitle,
  useSession,
} from '@lm/ui';
import { CustomCampaignView, CustomCampaignWizard, CustomStatsCard } from '@lm/ui/custom/index.ts';
import { Button, Card, Radio, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { NoteConfirmModal } from '../../components/NoteConfirmModal';
import { customCampaignColumns } from './custom-columns';

/**
 * /custom/campaigns/list and /campaigns/list (custom.campaigns.show): every custom campaign
 * with the status map 1-7 (+ Completed filter), the Payment badge (Paid when a transaction exists,
 * else Pending), the Release badge and the warning icon (no form, invoice paid, not released).
 */
export function CustomCampaignsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('custom_campaigns.title');
  const navigate = useNavigate();
  const { api } = useApi();
  const session = useSession();
  const canAdd = session.ability.can('call', 'custom.campaigns.add');
  const stats = useQuery({
    queryKey: ['custom', 'admin-stats'],
    queryFn: async () =>
      (await api.get<CustomCampaignStats>('admin/custom-campaigns/stats', { silent: true })).data,
  });
  const statusOptions = CUSTOM_CAMPAIGN_FILTER_STATUSES.map((s) => ({
    value: String(s.id),
    label: t(`custom_campaigns.status.${s.id}`),
  }));
  const yesNo = (yes: string, no: string) => [
    { value: '1', label: t(yes) },
    { value: '0', label: t(no) },
  ];
  return (
    <Stack gap="md">
      <ListScreen<CustomCampaignListItem>
        title="custom_campaigns.title"
        path="admin/custom-campaigns"
        exportPath="admin/custom-campaigns/export.csv"
        exportName="custom-campaigns"
        searchable
        header={<CustomStatsCard stats={stats.data} />}
        onRowClick={(c) => navigate(`/campaigns/custom/${c.id}`)}
        actions={
          canAdd ? (
            <Button component={Link} to="/custom/campaigns/new" leftSection={<IconPlus size={16} />}>
              {t('custom_campaigns.new')}
            </Button>
          ) : undefined
        }
        empty={{ title: 'custom_campaigns.empty', hint: 'custom_campaigns.empty_hint' }}
        filters={[
          { type: 'select', name: 'status', label: 'custom_campaigns.fields.status', options: statusOptions },
          {
            type: 'select',
            name: 'is_paid',
            label: 'custom_campaigns.fields.payment',
            options: yesNo('custom_campaigns.paid', 'custom_campaigns.payment_pending'),
          },
          {
            type: 'select',
            name: 'is_released',
            label: 'custom_campaigns.fields.release',
            options: yesNo('custom_campaigns.released', 'custom_campaigns.not_released'),
          },
          { type: 'text', name: 'artist_id', label: 'custom_campaigns.fields.artist_id' },
        ]}
        columns={customCampaignColumns(t, i18n.language)}
      />
    </Stack>
  );
}

/**
 * The shared wizard in staff mode on a page of its own, under `title` (an i18n key, also the document
 * title); `edit` is the campaign it changes. When it is saved every query is asked again and the
 * campaign's page opens.
 */
function StaffWizardPage({ title, edit }: { title: string; edit?: CustomCampaignDetail }) {
  const { t } = useTranslation();
  usePageTitle(title);
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <Stack gap="lg">
      <Title order={2}>{t(title)}</Title>
      <Card padding="lg">
        <CustomCampaignWizard
          mode="admin"
          edit={edit}
          onDone={async (id) => {
            await client.invalidateQueries();
            navigate(`/campaigns/custom/${id}`);
          }}
        />
      </Card>
    </Stack>
  );
}

/** New Campaign for an artist (custom.campaigns.add): the shared wizard in staff mode. */
export function CustomCampaignNewPage() {
  return <StaffWizardPage title="custom_campaigns.new" />;
}

/**
 * One campaign as staff see it (`GET admin/custom-campaigns/{id}`); `id` is the route's, checked by
 * `isCampaignId` before the page asks (a wrong one shows Not found, not an error).
 */
function useStaffCustomCampaign(id: number) {
  const { api } = useApi();
  return useQuery({
    enabled: isCampaignId(id),
    queryKey: ['custom', 'admin-detail', id],
    queryFn: async () =>
      (await api.get<CustomCampaignDetail>(`admin/custom-campaigns/${id}`, { silent: true })).data,
    retry: false,
  });
}

/** A route's campaign id is a positive whole number. */
function isCampaignId(id: number): boolean {
  return Number.isInteger(id) && id > 0;
}

/**
 * /campaigns/custom/{id} and /campaigns/{id} (custom.campaigns.show): the campaign with Approve,
 * Decline (reason), Publish, Force-end and Delete as its status and the staff member's permissions
 * allow (the server checks both again).
 */
export function CustomCampaignDetailPage() {
  const { t } = useTranslation();
  usePageTitle('custom_campaigns.detail_title');
  const params = useParams();
  const id = Number(params.id ?? params.campaignId);
  const { api } = useApi();
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [declining, setDeclining] = useState(false);
  const [ending, setEnding] = useState(false);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<'completed' | 'refunded'>('refunded');
  const detail = useStaffCustomCampaign(id);
  const act = useMutation({
    mutationFn: async (
      call: { path: 'approve' | 'publish' | 'decline' | 'force-end'; body?: unknown } | { method: 'delete' },
    ) =>
      'method' in call
        ? await api.delete(`admin/custom-campaigns/${id}`)
        : await api.post(`admin/custom-campaigns/${id}/${call.path}`, call.body),
    onSuccess: () => client.invalidateQueries(),
  });
  if (!isCampaignId(id)) return <NotFoundPage />;
  if (!detail.data) return <LoadingOrNotFound loading={detail.isLoading} py="xl" />;
  const c = detail.data;
  const can = (p: string) => session.ability.can('call', p);
  const edit = can('custom.campaigns.edit');
  const status = c.status.id;
  return (
    <>
      <CustomCampaignView
        campaign={c}
        actions={
          <>
            {edit && (status === 1 || status === 2) && (
              <Button
                color="green"
                loading={act.isPending}
                data-testid="custom-approve"
                onClick={async () => {
                  if (await confirmAction({ message: t('custom_campaigns.approve_confirm', { n: c.price }) }))
                    act.mutate({ path: 'approve' });
                }}
              >
                {t('custom_campaigns.approve')}
              </Button>
            )}
            {edit && (status === 1 || status === 2 || (status === 3 && !c.is_paid)) && (
              <Button
                color="red"
                variant="light"
                onClick={() => setDeclining(true)}
                data-testid="custom-decline"
              >
                {t('custom_campaigns.decline')}
              </Button>
            )}
            {edit && status === 6 && (
              <Button
                loading={act.isPending}
                onClick={() => act.mutate({ path: 'publish' })}
                data-testid="custom-publish"
              >
                {t('custom_campaigns.publish')}
              </Button>
            )}
            {edit && status === 7 && !c.completed && (
              <Button
                color="red"
                variant="light"
                onClick={() => setEnding(true)}
                data-testid="custom-force-end"
              >
                {t('custom_campaigns.force_end')}
              </Button>
            )}
            {edit && status === 1 && (
              <Button
                variant="default"
                component={Link}
                to={`/campaigns/custom/${id}/edit`}
                data-testid="custom-edit"
              >
                {t('custom_campaigns.edit')}
              </Button>
            )}
            {can('custom.campaigns.delete') && status === 1 && (
              <Button
                color="red"
                variant="subtle"
                onClick={async () => {
                  if (await confirmAction({ danger: true })) {
                    await act.mutateAsync({ method: 'delete' });
                    navigate('/custom/campaigns/list');
                  }
                }}
              >
                {t('custom_campaigns.delete')}
              </Button>
            )}
          </>
        }
        placementLink={(expressId) => `/express-campaigns/${expressId}`}
      />
      <NoteConfirmModal
        opened={declining}
        onClose={() => setDeclining(false)}
        title={t('custom_campaigns.decline')}
        note={{
          label: t('custom_campaigns.reason'),
          value: reason,
          onChange: setReason,
          max: 1000,
          required: true,
        }}
        onConfirm={async () => {
          await act.mutateAsync({ path: 'decline', body: { reason } });
          setDeclining(false);
        }}
        confirmLabel={t('custom_campaigns.decline')}
        color="red"
        loading={act.isPending}
      />
      <NoteConfirmModal
        opened={ending}
        onClose={() => setEnding(false)}
        title={t('custom_campaigns.force_end')}
        onConfirm={async () => {
          await act.mutateAsync({ path: 'force-end', body: { outcome } });
          setEnding(false);
        }}
        confirmLabel={t('custom_campaigns.force_end')}
        color="red"
        loading={act.isPending}
      >
        <Radio.Group value={outcome} onChange={(v) => setOutcome(v as 'completed' | 'refunded')}>
          <Stack gap="xs">
            <Radio value="refunded" label={t('custom_campaigns.end_refunded')} />
            <Radio value="completed" label={t('custom_campaigns.end_completed')} />
          </Stack>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          {t('custom_campaigns.force_end_hint')}
        </Text>
      </NoteConfirmModal>
    </>
  );
}

/** Staff edit a pending campaign (custom.campaigns.edit, status 1 only): the wizard with its values. */
export function CustomCampaignEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useStaffCustomCampaign(id);
  if (!isCampaignId(id)) return <NotFoundPage />;
  if (!detail.data) return <LoadingOrNotFound loading={detail.isLoading} py="xl" />;
  if (detail.data.status.id !== 1)
    return (
      <Card padding="lg">
        <Text>{t('custom_campaigns.not_editable')}</Text>
      </Card>
    );
  return <StaffWizardPage title="custom_campaigns.edit" edit={detail.data} />;
}
