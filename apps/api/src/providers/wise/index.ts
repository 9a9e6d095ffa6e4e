import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { providerModes } from '../modes';
import type { WiseProvider } from './contract';
import { createSandboxWiseProvider, type SandboxWiseProvider } from './sandbox';
import { createWiseProvider } from './wise';

export * from './contract';
export type { SandboxDelivery, SandboxWiseProvider } from './sandbox';
export { checkRecipientDetails } from './sandbox';

/** Whether `provider` is the sandbox (with its dev controls). */
export function isSandboxWise(provider: WiseProvider): provider is SandboxWiseProvider {
  return provider.name === 'sandbox' && 'advance' in provider;
}

/**
 * Choose the Wise provider from the configuration (the sandbox is the default):
 * the Wise REST API when WISE_API_TOKEN, WISE_PROFILE_ID and WISE_WEBHOOK_PUBLIC_KEY are set
 * (WISE_ENV sandbox|production), otherwise the sandbox, which keeps its transfers in `database` and
 * signs its webhook deliveries with APP_KEY. Stateless apart from PostgreSQL.
 * The choice is `providerModes` (providers/modes.ts): production never gets the sandbox, whose dev
 * route lets anyone move a transfer.
 * @throws Error from `providerModes` when only part of the settings is present, or in production
 *   without them
 */
export function createWiseProviderFromConfig(
  config: Config,
  database: Database,
  options: { fetchImpl?: typeof fetch } = {},
): WiseProvider {
  if (
    providerModes(config).wise === 'real' &&
    config.WISE_API_TOKEN &&
    config.WISE_PROFILE_ID &&
    config.WISE_WEBHOOK_PUBLIC_KEY
  ) {
    return createWiseProvider({
      apiToken: config.WISE_API_TOKEN,
      profileId: config.WISE_PROFILE_ID,
      environment: config.WISE_ENV,
      webhookPublicKey: config.WISE_WEBHOOK_PUBLIC_KEY.replace(/\\n/g, '\n'),
      fetchImpl: options.fetchImpl,
    });
  }
  return createSandboxWiseProvider({ database, key: config.APP_KEY });
}
