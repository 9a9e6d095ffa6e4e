import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { chunkGroups } from './chunk-groups';
import { clientMessages } from './client-messages';
import { precompressedAssets } from './precompress';

/** Where an app lives and is served. */
export interface AppBuild {
  /** The app's folder (its `index.html`); its build goes to `dist/` below it. */
  root: string;
  /** The path the API serves the app at (`/` or `/admin/`). */
  base: string;
  /** The dev server's port (`vite` in the app's folder). */
  devPort: number;
  /** The login screen's module, relative to `root`: its libraries get a chunk of their own ({@link chunkGroups}). */
  signInScreen: string;
}

/**
 * The Vite configuration both apps are built with: React, the API messages the client needs, brotli
 * and gzip copies of every text file, the code cut into few files ({@link chunkGroups}), and the build manifest (which chunks, styles and fonts each
 * route loads, read by the bundle budget check). The dev server proxies `/api` and `/storage` to the
 * API on port 3000.
 */
export function appViteConfig({ root, base, devPort, signInScreen }: AppBuild): UserConfig {
  const chunks = chunkGroups(root, signInScreen);
  return {
    root,
    base,
    plugins: [react(), clientMessages(), precompressedAssets(), chunks.plugin],
    server: {
      port: devPort,
      proxy: { '/api': 'http://localhost:3000', '/storage': 'http://localhost:3000' },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 800,
      manifest: true,
      // The country flags (flag-icons) stay files: inlined, 270 flags made the stylesheet of the
      // back-office's user screens 422 KB (69 KB sent) before it could paint; as files, a page
      // fetches the few flags it shows.
      assetsInlineLimit: (file: string) => (/[\\/]flag-icons[\\/]/.test(file) ? false : undefined),
      rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
    },
  };
}
