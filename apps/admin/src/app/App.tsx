import { SessionProvider, STORAGE_KEYS } from '@lm/ui';
import { AppRouter } from './router';

/** The back-office: admin session (USER_TOKEN, `admin/info`) around the router. */
export function App() {
  return (
    <SessionProvider tokenKey={STORAGE_KEYS.adminToken} infoPath="admin/info" logoutPath="logout">
      <AppRouter />
    </SessionProvider>
  );
}
