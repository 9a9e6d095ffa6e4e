import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { clientMessages } from '../../packages/ui/src/build/client-messages';

/** User app, served by the API at `/`. The dev server proxies `/api` to the API on port 3000. */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), clientMessages()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/storage': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
});
