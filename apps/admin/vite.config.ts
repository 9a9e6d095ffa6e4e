import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { clientMessages } from '../../packages/ui/src/build/client-messages';
import { precompressedAssets } from '../../packages/ui/src/build/precompress';

/** Back-office, served by the API at `/admin/`. The dev server proxies `/api` to the API on port 3000. */
export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react(), clientMessages(), precompressedAssets()],
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:3000', '/storage': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // Which chunks, styles and fonts each route loads, read by the bundle budget check.
    manifest: true,
  },
});
