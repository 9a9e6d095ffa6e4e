import { z } from 'zod';
import { senderDomainRecords } from '../../modules/crm/crm-senders.service';
import { PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope } from '../../platform/http';
import { setSandboxTxt } from './sandbox';

const name = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9_.-]+$/, 'validation.invalid');

/**
 * Controls of the sandbox DNS (registered only while the CRM reads the sandbox DNS, never in
 * production): set the TXT records of a name, or publish the records a sender ID asks for, as a domain
 * owner would at their DNS host.
 */
export const sandboxDnsRoutes: RouteModule = (app, deps) => {
  if (deps.providers.dns.name !== 'sandbox') return;
  app.put(
    '/api/sandbox/dns/txt',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['sandbox'],
        body: z.object({ name, values: z.array(z.string().max(4000)).max(10) }),
        response: { 200: envelope(z.object({ name: z.string(), values: z.array(z.string()) })) },
      },
    },
    async (req) => {
      await setSandboxTxt(deps.database, req.body.name, req.body.values);
      return { data: { name: req.body.name, values: req.body.values } };
    },
  );

  app.post(
    '/api/sandbox/dns/publish/:domainId',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['sandbox'],
        params: z.object({ domainId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: envelope(z.object({ published: z.number() })) },
      },
    },
    async (req) => {
      const records = await senderDomainRecords(deps, req.params.domainId);
      for (const record of records) await setSandboxTxt(deps.database, record.name, [record.value]);
      return { data: { published: records.length } };
    },
  );
};
