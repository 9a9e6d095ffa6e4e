import type { RouteModule } from '../platform/app';
import { parseFormBodies } from '../platform/body-parsers';
import { sandboxDnsRoutes } from './dns/sandbox.routes';
import { sandboxGoogleRoutes } from './google/sandbox.routes';
import { sandboxPaymentRoutes } from './payments/sandbox.routes';
import { sandboxAudioRoutes } from './sandbox-audio.routes';
import { sandboxSocialRoutes } from './sandbox-social.routes';
import { sandboxSpotifyRoutes } from './spotify/sandbox.routes';
import { sandboxSitesRoutes } from './spotify/sandbox-sites.routes';
import { sandboxWiseRoutes } from './wise/sandbox.routes';

/**
 * The pages and dev controls of the sandbox providers under `/api/sandbox/*` (consent pages, hosted
 * checkout, placement and transfer controls, TikTok and Instagram consent, the tracks' generated audio previews). Each provider's routes are registered only while that
 * provider is its sandbox, which `providerModes` (providers/modes.ts) never picks in production, so
 * production has no `/api/sandbox` route at all.
 */
export const sandboxRoutes: RouteModule = async (app, deps) => {
  const { google, payments, spotify, wise, tiktok, instagram, dns } = deps.providers;
  const any = [google, payments.card, payments.paypal, spotify, wise, tiktok, instagram, dns].some(
    (p) => p.name === 'sandbox',
  );
  if (!any) return;
  // The sandbox pages are plain HTML forms, which post urlencoded bodies.
  parseFormBodies(app, 8192);
  for (const routes of [
    sandboxGoogleRoutes,
    sandboxPaymentRoutes,
    sandboxSpotifyRoutes,
    sandboxSitesRoutes,
    sandboxWiseRoutes,
    sandboxSocialRoutes,
    sandboxDnsRoutes,
    sandboxAudioRoutes,
  ])
    await routes(app, deps);
};
