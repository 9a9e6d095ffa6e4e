import { SessionProvider, STORAGE_KEYS } from '@lm/ui';
import { AppRouter } from './router';

/** The user app: session (AUTH_TOKEN, `user/info`) around the router. */
export function App() {
  return (
    <SessionProvider tokenKey={STORAGE_KEYS.userToken} infoPath="user/info" logoutPath="user/logout">
      <AppRouter />
    </SessionProvider>
  );
}
