import { OfferProfilePage } from '@lm/ui';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/BackLink';

/** /express/offers/:kind/:id (express.playlist.show): an offer's profile as artists read it. */
export function OfferProfileRoute() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <BackLink to="/express/playlists/list">{t('express.admin.playlists_title')}</BackLink>
      <OfferProfilePage homePath="/dashboard" />
    </Stack>
  );
}
