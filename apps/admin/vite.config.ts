import { defineConfig } from 'vite';
import { appViteConfig } from '../../packages/ui/src/build/app-config';

/** Back-office, served by the API at `/admin/`. */
export default defineConfig(
  appViteConfig({
    root: import.meta.dirname,
    base: '/admin/',
    devPort: 5174,
    signInScreen: 'src/routes/login/LoginPage.tsx',
  }),
);
