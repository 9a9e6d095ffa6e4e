import { z } from 'zod';
import { adminAccess, clientInfo, currentAdmin } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { envelope } from '../../platform/http';
import { audit } from '../audit';
import { sweep as customSweep } from '../custom-campaigns';
import { sweep } from '../express';

type TravelClock = { advance(ms: number): void; offsetMs(): number; reset(): void };
const canTravel = (clock: unknown): clock is TravelClock =>
  typeof (clock as TravelClock).advance === 'function' &&
  typeof (clock as TravelClock).offsetMs === 'function';

const clockAnswer = envelope(
  z.object({ now: z.string(), offset_ms: z.number(), advanced: z.number().optional() }),
);

/**
 * Sandbox time travel (any admin; a dev tool registered outside production only by
 * modules/dev/dev.routes.ts): read the product's clock, move it forward and run the due campaign steps
 * at once, so a demo or a browser test can see a campaign through its 28 days.
 */
export const devClockRoutes: RouteModule = (app, deps) => {
  const available = () => canTravel(deps.clock);

  app.get(
    '/api/admin/dev/clock',
    { config: { access: adminAccess() }, schema: { tags: ['dev'], response: { 200: clockAnswer } } },
    async () => {
      if (!available()) throw new NotFoundError();
      return {
        data: {
          now: deps.clock.now().toISOString(),
          offset_ms: (deps.clock as unknown as TravelClock).offsetMs(),
        },
      };
    },
  );

  app.post(
    '/api/admin/dev/clock/advance',
    {
      config: { access: adminAccess() },
      schema: {
        tags: ['dev'],
        body: z.object({
          days: z.coerce.number().min(0).max(365).default(0),
          minutes: z.coerce.number().min(0).max(100_000).default(0),
        }),
        response: { 200: clockAnswer },
      },
    },
    async (req) => {
      if (!available()) throw new NotFoundError();
      const clock = deps.clock as unknown as TravelClock;
      clock.advance(req.body.days * 86_400_000 + req.body.minutes * 60_000);
      await audit(
        deps.database,
        { type: 'admin', id: currentAdmin(req).id, ...clientInfo(req) },
        { action: 'dev.clock_advance', meta: req.body },
      );
      // Run what became due twice: a step can make the next one due at once (auditing after on-going).
      const advanced = (await sweep(deps)) + (await sweep(deps));
      // Custom campaigns close and complete after their placements moved.
      await customSweep(deps);
      return { data: { now: deps.clock.now().toISOString(), offset_ms: clock.offsetMs(), advanced } };
    },
  );
};
