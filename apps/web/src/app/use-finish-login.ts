import type { SessionUser } from '@lm/contracts';
import { useSession } from '@lm/ui';
import { useNavigate, useSearchParams } from 'react-router';
import { consumeMobileOauth } from '../routes/auth/oauth/mobile-oauth';

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(value: string | null | undefined): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/dashboard';
}

/**
 * Stores a new session (USER_LOGIN) and leaves the sign-in screens: back to where the user was
 * going, or to the mobile callback when the sign-in started from the mobile app.
 */
export function useFinishLogin() {
  const session = useSession<SessionUser>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (result: { token: string; user: SessionUser }) => {
    session.login(result.token, result.user);
    if (consumeMobileOauth()) {
      navigate(`/mobile/callbacks#token=${encodeURIComponent(result.token)}`, { replace: true });
      return;
    }
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
}
