import { type ForceEndOutcome, forceEndOutcomes } from '@lm/contracts';
import {
  type ExpressCampaign,
  ExpressCampaignView,
  ListScreen,
  LoadingOrNotFound,
  TrackCell,
  useExpressStatusOptions,
  usePageTitle,
  useSpotifyCampaignColumns,
} from '@lm/ui';
import { Button, Radio, Stack, Text } from '@mantine/core';
import { IconPlayerStop, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { NoteConfirmModal } from '../../components/NoteConfirmModal';
import { PersonLink } from '../../components/PersonLink';
import { StaffCampaignHistory } from '../../components/StaffCampaignHistory';
import { StaffCampaignMessages } from '../../components/StaffCampaignMessages';
import { StaffCampaignResults } from '../../components/StaffCampaignResults';
import { useAdminCampaign, useForceEnd } from '../../hooks/use-express';
import { ExpressNav } from './ExpressNav';

/**
 * /express/campaigns/list (express.campaigns.show): every Spotify express campaign; filters status,
 * artist, curator and dates; badge colours by id (1 success, 2 warning, 3 and 5 danger, 6 primary).
 */
export function CampaignsPage() {
  const { t } = useTranslation();
  usePageTitle('express.admin.campaigns_title');
  const navigate = useNavigate();
  const statuses = useExpressStatusOptions();
  const column = useSpotifyCampaignColumns();
  return (
    <Stack gap="md">
      <ExpressNav />
      <ListScreen<ExpressCampaign>
        title="express.admin.campaigns_title"
        path="admin/express/campaigns"
        exportPath="admin/express/campaigns/export.csv"
        exportName="spotify-campaigns"
        searchable
        actions={
          <Button component={Link} to="/express/checkout" leftSection={<IconPlus size={16} />}>
            {t('behalf.new_campaign')}
          </Button>
        }
        filters={[
          { type: 'multiselect', name: 'status', label: 'express.fields.status', options: statuses },
          { type: 'text', name: 'artist', label: 'admin.lists.artist' },
          { type: 'text', name: 'seller', label: 'admin.lists.curator' },
          { type: 'text', name: 'track', label: 'admin.lists.track' },
          { type: 'date', name: 'date_from', label: 'express.admin.date_from' },
          { type: 'date', name: 'date_to', label: 'express.admin.date_to' },
        ]}
        onRowClick={(c) => navigate(`/express-campaigns/${c.id}`)}
        columns={[
          column.id,
          {
            accessor: 'campaign_name',
            title: 'express.fields.track',
            render: (c) => <TrackCell campaign={c} size={32} />,
          },
          {
            accessor: 'artist',
            title: 'express.fields.artist',
            render: (c) => (
              <div>
                <Text size="sm">{c.artist.name}</Text>
                <Text size="xs" c="dimmed" dir="ltr">
                  {c.artist.email}
                </Text>
              </div>
            ),
          },
          column.curator,
          column.playlist,
          column.tier,
          column.price,
          column.status,
          column.created_at,
        ]}
      />
    </Stack>
  );
}

/**
 * Force end: a dialog offering only the outcomes that fit the campaign's status
 * ({@link forceEndOutcomes}, the rule the API enforces too), each named by what happens to the coins
 * held; shared by the Spotify, TikTok and Instagram campaign screens (`seller` names who is paid).
 * The API's answer is the one toast.
 */
export function ForceEnd({
  campaign,
  seller,
}: {
  campaign: { id: number; status_id: number; price: number };
  seller: 'curator' | 'influencer';
}) {
  const { t } = useTranslation();
  const force = useForceEnd();
  const fits = forceEndOutcomes(campaign.status_id);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<ForceEndOutcome>('refunded');
  const [note, setNote] = useState('');
  const curator = seller === 'curator';
  const labels: Record<ForceEndOutcome, string> = {
    completed: t(curator ? 'force_end.pay_curator' : 'force_end.pay_influencer'),
    refunded: t(curator ? 'force_end.refund_curator' : 'force_end.refund_influencer'),
  };
  const run = () =>
    force
      .mutateAsync({ id: campaign.id, outcome, note: note.trim() || undefined })
      .then(() => setOpen(false))
      .catch(() => undefined);
  if (fits.length === 0) return null;
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconPlayerStop size={16} />}
        onClick={() => {
          setOutcome('refunded');
          setOpen(true);
        }}
        data-testid="force-end"
      >
        {t('express.admin.force_end')}
      </Button>
      <NoteConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('express.admin.force_end')}
        note={{ label: t('express.admin.note'), value: note, onChange: setNote, max: 500 }}
        onConfirm={run}
        confirmLabel={t('express.admin.force_end')}
        color="red"
        loading={force.isPending}
      >
        <Radio.Group
          label={t('force_end.question', { coins: t('common.coins', { count: campaign.price }) })}
          value={outcome}
          onChange={(v) => setOutcome(v as ForceEndOutcome)}
        >
          <Stack gap="xs" mt="xs">
            {fits.map((o) => (
              <Radio key={o} value={o} label={labels[o]} data-testid={`force-end-${o}`} />
            ))}
          </Stack>
        </Radio.Group>
        {!fits.includes('completed') && (
          <Text size="sm" c="dimmed" data-testid="force-end-no-pay">
            {t(curator ? 'force_end.no_pay_curator' : 'force_end.no_pay_influencer')}
          </Text>
        )}
      </NoteConfirmModal>
    </>
  );
}

/** /express-campaigns/:campaignId (express.campaigns.show): the campaign with Force end while open. */
export function CampaignDetailPage() {
  const { t } = useTranslation();
  usePageTitle('express.detail.title');
  const id = Number(useParams().campaignId);
  const campaign = useAdminCampaign(id);
  if (!campaign.data) return <LoadingOrNotFound loading={campaign.isLoading} h={240} homePath="/dashboard" />;
  const c = campaign.data;
  return (
    <Stack gap="md">
      <BackLink to="/express/campaigns/list">{t('express.admin.campaigns_title')}</BackLink>
      <ExpressCampaignView
        campaign={c}
        personLink={(person) => <PersonLink person={person} />}
        actions={
          <ForceEnd campaign={{ id: c.id, status_id: c.status.id, price: c.price }} seller="curator" />
        }
      />
      <StaffCampaignHistory campaignId={c.id} />
      <StaffCampaignResults campaignId={c.id} />
      <StaffCampaignMessages campaignId={c.id} />
    </Stack>
  );
}
