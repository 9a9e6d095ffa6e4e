import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { confirmAction, type PlatformDescriptor } from '@lm/ui';
import { Button } from '@mantine/core';
import { IconArrowBackUp, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWithdrawCampaign } from '../../hooks/use-express';
import { ReviewButton } from './ReviewButton';

/** Statuses after which the artist may renew the campaign (buy the same placement again). */
const ENDED: number[] = [S.COMPLETED, S.DECLINED, S.FAILED_TO_SUBMIT];

/**
 * "Withdraw request" on a request nobody has answered yet (any platform): after a confirmation that
 * says the coins come back, the request ends and the wallet is refunded.
 */
export function WithdrawButton({ campaign }: { campaign: { id: number; price: number } }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawCampaign();
  const ask = async () => {
    const yes = await confirmAction({
      title: t('express.answer.withdraw_title'),
      message: t('express.answer.withdraw_text', { coins: t('common.coins', { count: campaign.price }) }),
      confirmLabel: t('express.answer.withdraw_confirm'),
      danger: true,
    });
    if (yes) withdraw.mutate(campaign.id);
  };
  return (
    <Button
      variant="default"
      color="red"
      leftSection={<IconArrowBackUp size={16} className="lm-flip-rtl" />}
      loading={withdraw.isPending}
      onClick={() => void ask()}
      data-testid="withdraw-request"
    >
      {t('express.answer.withdraw')}
    </Button>
  );
}

/**
 * The artist's buttons on a campaign, the same on every platform: withdraw a request nobody has
 * answered yet, and on an ended or completed campaign renew (a link
 * to the platform's renewal page, or `onRenew` where the platform renews in a dialog), review once
 * completed, and the review's stars once given.
 */
export function ArtistCampaignActions({
  platform,
  campaign,
  onRenew,
}: {
  platform: PlatformDescriptor;
  campaign: {
    id: number;
    price: number;
    status: { id: number };
    review?: { rating: number } | null;
    /** A placement of a custom campaign ends with it, never withdrawn on its own. */
    custom_campaign_id?: number | null;
  };
  /** Opens the renewal dialog (platforms without a renewal page). */
  onRenew?(): void;
}) {
  const { t } = useTranslation();
  const ended = ENDED.includes(campaign.status.id);
  const renew = platform.renewPath;
  return (
    <>
      {campaign.status.id === S.PENDING_APPROVAL && !campaign.custom_campaign_id && (
        <WithdrawButton campaign={campaign} />
      )}
      {ended &&
        (renew ? (
          <Button
            component={Link}
            to={renew(campaign.id)}
            leftSection={<IconRefresh size={16} />}
            variant="light"
            data-testid="renew"
          >
            {t('express.renew.button')}
          </Button>
        ) : (
          <Button
            leftSection={<IconRefresh size={16} />}
            variant="light"
            onClick={onRenew}
            data-testid="renew"
          >
            {t('express.renew.button')}
          </Button>
        ))}
      {campaign.status.id === S.COMPLETED && (
        <ReviewButton
          campaignId={campaign.id}
          reviewed={Boolean(campaign.review)}
          video={platform.placement === 'video'}
        />
      )}
    </>
  );
}
