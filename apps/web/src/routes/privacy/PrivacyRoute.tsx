import { PrivacyPage } from '@lm/ui';

/** /privacy of the user app. */
export function PrivacyRoute() {
  return <PrivacyPage backPath="/" />;
}
