import type { Config } from '../../config/env';
import { providerModes } from '../modes';
import type { FanFinderSource } from './contract';
import { createInstagramFanFinderSource } from './instagram-source';
import { createSandboxFanFinderSource } from './sandbox';

export * from './contract';

/**
 * The Fan Finder source follows Instagram's mode (providers/modes.ts): the sandbox when Instagram is the
 * sandbox, otherwise the real Instagram client (off Instagram has no connected accounts to read).
 */
export function createFanFinderSourceFromConfig(config: Config): FanFinderSource {
  return providerModes(config).instagram === 'sandbox'
    ? createSandboxFanFinderSource(() => new Date())
    : createInstagramFanFinderSource();
}
