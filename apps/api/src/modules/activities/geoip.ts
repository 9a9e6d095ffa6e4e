import fs from 'node:fs';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';

/** Country of an IP address as the activity list shows it. */
export interface GeoCountry {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  /** English name from the database. */
  name: string | null;
}

const readers = new Map<string, Promise<Reader<CountryResponse> | null>>();

/**
 * Open (once per path) the offline GeoIP database at `dbPath` (a MaxMind DB file: GeoLite2-Country,
 * GeoLite2-City or GeoIP2; read locally, nothing reaches the internet). A missing or unreadable file
 * gives null, so lookups answer "unknown" instead of failing sign-ins.
 */
export function openGeoIp(dbPath: string | undefined): Promise<Reader<CountryResponse> | null> {
  if (!dbPath) return Promise.resolve(null);
  let reader = readers.get(dbPath);
  if (!reader) {
    reader = fs.existsSync(dbPath)
      ? maxmind.open<CountryResponse>(dbPath, { watchForUpdates: false }).catch(() => null)
      : Promise.resolve(null);
    readers.set(dbPath, reader);
  }
  return reader;
}

/**
 * Country of `ip` from the GeoIP database at `dbPath`; null when there is no database, the address is
 * private, loopback or invalid, or the database does not know it.
 */
export async function countryOfIp(dbPath: string | undefined, ip: string | null): Promise<GeoCountry | null> {
  if (!ip) return null;
  const reader = await openGeoIp(dbPath);
  if (!reader) return null;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!maxmind.validate(address)) return null;
  try {
    const found = reader.get(address);
    const country = found?.country ?? found?.registered_country;
    if (!country?.iso_code) return null;
    return { code: country.iso_code.toUpperCase(), name: country.names?.en ?? null };
  } catch {
    return null;
  }
}
