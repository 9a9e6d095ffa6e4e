/**
 * DNS look-ups the CRM needs: TXT records of a name.
 * The real resolver is `node:dns`; the sandbox answers from a table staff and tests write to.
 */
export interface DnsResolver {
  name: 'system' | 'sandbox';
  /** TXT records of `name`, each as its joined strings; empty when the name has none (NXDOMAIN, NODATA). */
  resolveTxt(name: string): Promise<string[]>;
}
