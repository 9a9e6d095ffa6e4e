import type { RouteModule } from '../../platform/app';
import { mailRoutes } from '../mail';
import { queueProbeRoutes } from '../queues';
import { ticketsDevRoutes } from '../tickets';
import { trustFlagDevRoutes } from '../trust';
import { devClockRoutes } from './dev-clock.routes';
import { devMailRoutes } from './dev-mail.routes';
import { devSocialRoutes } from './dev-social.routes';

/**
 * Development tools under `/api/admin/dev/*`: the product's clock, the dev mailbox (with the sandbox
 * inbound sender that answers a ticket mail), a browser session's own mails (`/api/dev/mail`), the queue probe and the sandbox TikTok/Instagram posts. Registered only outside production: in production these routes do
 * not exist, so nothing can reach them whatever an admin holds.
 */
export const devRoutes: RouteModule = async (app, deps) => {
  if (deps.config.NODE_ENV === 'production') return;
  for (const routes of [
    devClockRoutes,
    mailRoutes,
    queueProbeRoutes,
    ticketsDevRoutes,
    devSocialRoutes,
    trustFlagDevRoutes,
    devMailRoutes,
  ])
    await routes(app, deps);
};
