import { getPlatform, usePageTitle } from '@lm/ui';
import { useLocation } from 'react-router';
import { type SocialPlatform, useFinishConnection } from '../../hooks/use-connections';
import { ConnectionReturn } from './ConnectionReturn';

/**
 * /tiktok/callback/ and /instagram/oauth/ (spec section 2): back from the platform's consent page. Sends
 * the code and state with this tab's binding secret, then shows the accounts; a refusal (personal
 * Instagram account, account held by someone else, state of another browser) is shown translated.
 */
export function ConnectionCallbackPage() {
  usePageTitle('social.title');
  const { pathname } = useLocation();
  const platform: SocialPlatform = pathname.startsWith('/instagram') ? 'instagram' : 'tiktok';
  const finish = useFinishConnection(platform);
  const list = getPlatform(platform).connectionsPath ?? '/tiktok/connection/list';
  return (
    <ConnectionReturn
      finish={finish.mutateAsync}
      listPath={list}
      words="social"
      errorTestId="connection-error"
    />
  );
}
