import { useNavigate } from 'react-router';
import { useSession } from './session';

/**
 * A callback that ends the session and goes to `loginPath` (replacing the current entry). Both
 * updates land in one render: the route guard never sees the current screen without a session, so
 * it does not remember it as the place to return to after the next sign-in.
 */
export function useSignOut(loginPath = '/login'): () => void {
  const session = useSession();
  const navigate = useNavigate();
  return () => {
    void session.logout();
    navigate(loginPath, { replace: true });
  };
}
