import { defineConfig } from 'vite';
import { appViteConfig } from '../../packages/ui/src/build/app-config';

/** User app, served by the API at `/`. */
export default defineConfig(
  appViteConfig({
    root: import.meta.dirname,
    base: '/',
    devPort: 5173,
    signInScreen: 'src/routes/auth/login/LoginPage.tsx',
  }),
);
