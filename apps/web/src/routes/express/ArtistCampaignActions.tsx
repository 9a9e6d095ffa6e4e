import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { PlatformDescriptor } from '@lm/ui';
import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReviewButton } from './ReviewButton';

/** Statuses after which the artist may renew the campaign (buy the same placement again). */
const ENDED: number[] = [S.COMPLETED, S.DECLINED, S.FAILED_TO_SUBMIT];

/**
 * The artist's buttons on an ended or completed campaign, the same on every platform: renew (a link
 * to the platform's renewal page, or `onRenew` where the platform renews in a dialog), review once
 * completed, and the review's stars once given.
 */
export function ArtistCampaignActions({
  platform,
  campaign,
  onRenew,
}: {
  platform: PlatformDescriptor;
  campaign: { id: number; status: { id: number }; review?: { rating: number } | null };
  /** Opens the renewal dialog (platforms without a renewal page). */
  onRenew?(): void;
}) {
  const { t } = useTranslation();
  const ended = ENDED.includes(campaign.status.id);
  const renew = platform.renewPath;
  return (
    <>
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
