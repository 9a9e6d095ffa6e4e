import { z } from 'zod';
import { processWiseDelivery } from '../../modules/payouts/payouts.service';
import { PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { envelope } from '../../platform/http';
import { isSandboxWise } from './index';

/**
 * Sandbox Wise dev control (hidden; registered by providers/sandbox.routes.ts only while Wise is the
 * sandbox, never in production): `POST /api/sandbox/wise/transfers/:transferId/bounce` bounces a funded
 * transfer the way Wise reports a bounced payout, through the same webhook processing.
 */
export const sandboxWiseRoutes: RouteModule = (app, deps) => {
  const wise = deps.providers.wise;
  if (!isSandboxWise(wise)) return;
  app.post(
    '/api/sandbox/wise/transfers/:transferId/bounce',
    {
      config: { access: PUBLIC },
      schema: {
        hide: true,
        params: z.object({ transferId: z.string().regex(/^[0-9]{1,15}$/) }),
        response: { 200: envelope(z.object({ transfer_id: z.string(), status: z.string() })) },
      },
    },
    async (req) => {
      const delivery = await wise.bounce(req.params.transferId);
      if (!delivery) throw new NotFoundError();
      await processWiseDelivery(deps, delivery.rawBody, delivery.headers);
      const transfer = await wise.getTransfer(req.params.transferId);
      return { data: { transfer_id: transfer.id, status: transfer.status } };
    },
  );
};
