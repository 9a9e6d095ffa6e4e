import { type ExpressCampaign, ListScreen } from '@lm/ui';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { EXPRESS_BUYER_PATHS } from '../../hooks/use-express';
import { useCampaignColumns } from './CampaignsListPage';
import { CreateCampaignPage } from './CreateCampaignPage';

/**
 * /express/checkout (CURATOR_PERMISSION, spec section 2): a curator promotes a track
 * of their own as artists do. The artists' Spotify order (the same wizard and engine: one hold per
 * playlist, the fee at completion, refunds on decline or failure), through the curators' paths: other
 * curators' playlists only, paid with the coins of the curator's wallet. Below, the campaigns the
 * curator bought, with their status; a new order starts a fresh wizard and refreshes the list.
 */
export function CuratorCheckoutPage() {
  const [round, setRound] = useState(0);
  const columns = useCampaignColumns(false);
  return (
    <Stack gap="xl" data-testid="curator-checkout">
      <CreateCampaignPage key={`order-${round}`} buyer="curator" onCreated={() => setRound((n) => n + 1)} />
      <ListScreen<ExpressCampaign>
        key={`mine-${round}`}
        title="express.checkout.mine_title"
        path={EXPRESS_BUYER_PATHS.curator.mine}
        columns={columns}
        empty={{ title: 'express.checkout.mine_empty_title', hint: 'express.checkout.mine_empty_hint' }}
      />
    </Stack>
  );
}
