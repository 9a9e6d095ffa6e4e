import { OfferProfilePage } from '@lm/ui';

/** /offers/:kind/:id: a playlist's or creator account's profile as artists read it. */
export function OfferProfileRoute() {
  return <OfferProfilePage homePath="/dashboard" />;
}
