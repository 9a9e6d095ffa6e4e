import { EXPRESS_CAMPAIGN_STATUS as S, type SessionUser } from '@lm/contracts';
import { ExpressCampaignView, NotFoundPage, usePageTitle, useSession } from '@lm/ui';
import { Anchor, Button, Center, Group, Loader, Rating, Stack } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useExpressCampaign } from '../../hooks/express';
import { CuratorActions } from './CuratorActions';
import { ReviewButton } from './ReviewButton';

/**
 * /express-campaigns/:campaignId: status, timeline of every transition, placement evidence,
 * performance, deadlines and money. Artists can renew and (once completed) review; curators act on it.
 */
export function CampaignDetailPage() {
  const { t } = useTranslation();
  usePageTitle('express.detail.title');
  const id = Number(useParams().campaignId);
  const session = useSession<SessionUser>();
  const curator = session.ability.can('call', 'CURATOR_PERMISSION');
  const campaign = useExpressCampaign(id);
  if (campaign.isLoading)
    return (
      <Center h={240}>
        <Loader />
      </Center>
    );
  if (!campaign.data) return <NotFoundPage />;
  const c = campaign.data;
  const ended =
    c.status.id === S.COMPLETED || c.status.id === S.DECLINED || c.status.id === S.FAILED_TO_SUBMIT;
  const actions = curator ? (
    <CuratorActions campaign={c} size="sm" />
  ) : (
    <Group gap="xs">
      {ended && (
        <Button
          component={Link}
          to={`/renew/express/campaign?campaign_id=${c.id}`}
          leftSection={<IconRefresh size={16} />}
          variant="light"
        >
          {t('express.renew.button')}
        </Button>
      )}
      {c.status.id === S.COMPLETED && <ReviewButton campaignId={c.id} reviewed={Boolean(c.review)} />}
      {c.review && <Rating value={c.review.rating} readOnly />}
    </Group>
  );
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/express/campaigns/list" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} className="lm-flip-rtl" />
          {t('express.detail.back')}
        </Group>
      </Anchor>
      <ExpressCampaignView campaign={c} actions={actions} />
    </Stack>
  );
}
