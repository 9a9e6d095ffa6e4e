import { Resolver } from 'node:dns/promises';
import type { DnsResolver } from './contract';

/** Answers that mean "no such record" rather than a failure of the look-up. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

/**
 * The real resolver (`node:dns` `Resolver`), on `servers` when given (e.g. `1.1.1.1,8.8.8.8`), else the
 * system's. A look-up that times out or is refused throws (the check is then retried by staff).
 */
export function createSystemDns(servers: string[] = []): DnsResolver {
  const resolver = new Resolver({ timeout: 5_000, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  return {
    name: 'system',
    async resolveTxt(name) {
      try {
        return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
      } catch (error) {
        if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return [];
        throw error;
      }
    },
  };
}
