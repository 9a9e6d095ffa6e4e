import { SessionProvider, STORAGE_KEYS } from '@lm/ui';
import { RouterProvider } from 'react-router';
import { router } from './router';

/** The back-office: admin session (USER_TOKEN, `admin/info`) around the router. */
export function App() {
  return (
    <SessionProvider tokenKey={STORAGE_KEYS.adminToken} infoPath="admin/info" logoutPath="logout">
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
