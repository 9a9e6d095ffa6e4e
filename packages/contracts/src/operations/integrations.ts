import type { OperationDocs } from './types';

/** Provider webhooks outside the payment modules, the apps' speed beacons and the development mailbox. */
export const integrationsOperations: OperationDocs = {
  'POST /api/crm/webhooks/mail': {
    id: 'webhooks.receiveMailEvents',
    summary: 'Delivery events of CRM mails, from the mail relay',
    description:
      'The relay posts `events` (delivered, hard bounce, complaint) of marketing mails. **Authenticated by the `X-LM-Signature` header** (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with `CRM_WEBHOOK_SECRET`, or the previous secret while it rotates; at most 5 minutes old), not by a token: a bad signature or body answers 400, an unknown event shape 422. Applied once per message: a bounce or complaint suppresses the address. Outside the rate limit. Issue "CRM".',
    errors: [400],
  },
  'POST /api/vitals': {
    id: 'webVitals.report',
    summary: 'Report Core Web Vitals of page views',
    description:
      'The apps send LCP, INP, CLS, FCP and TTFB with the matched route pattern (never the address), the viewport kind and the navigation type, in `sendBeacon` batches; counted into per-day histograms (kept 90 days). Answers 202 with how many were accepted; values out of range are dropped. Issue 37.',
  },
  'PUT /api/sandbox/dns/txt': {
    id: 'sandbox.setDnsTxt',
    summary: 'Set the TXT records of a name in the sandbox DNS',
    description:
      'Outside production, while the CRM reads the sandbox DNS: sets the TXT records (at most 10) of `name`, as a domain owner would at their DNS host, to try the SPF, DKIM and DMARC checks of sender domains.',
  },
  'POST /api/sandbox/dns/publish/{domainId}': {
    id: 'sandbox.publishDnsRecords',
    summary: "Publish a sender domain's records in the sandbox DNS",
    description:
      'Outside production, while the CRM reads the sandbox DNS: publishes every record sender domain `domainId` asks for; answers how many. An unknown domain answers 404.',
  },
  'GET /api/dev/mail': {
    id: 'dev.listMail',
    summary: 'Mails sent to an address in this browser session (development)',
    description:
      "Outside production only (the route does not exist in production): the mails the product sent to `to` while handling this browser's requests (its development-mail cookie), so the code screens can show a sign-up or reset code without a mail server.",
  },
};
