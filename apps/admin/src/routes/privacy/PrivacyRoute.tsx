import { PrivacyPage } from '@lm/ui';

/** /privacy of the back-office (public). */
export function PrivacyRoute() {
  return <PrivacyPage backPath="/login" admin />;
}
