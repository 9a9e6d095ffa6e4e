/**
 * A minimal MaxMind DB (format 2.0) writer for tests: builds an IPv6 database (24-bit records) that
 * maps IPv4 networks to GeoIP2-Country-shaped records. It exists because no GeoIP database may be
 * downloaded here; production reads a real GeoLite2/GeoIP2 file with the same reader (`maxmind`).
 * Format: https://maxmind.github.io/MaxMind-DB/
 */

type Value = string | number | bigint | Value[] | { [k: string]: Value };

function control(type: number, size: number): Buffer {
  const ext = type > 7;
  const head = ext ? 0 : type << 5;
  let sizeBits: number;
  let sizeBytes: Buffer;
  if (size < 29) {
    sizeBits = size;
    sizeBytes = Buffer.alloc(0);
  } else if (size < 285) {
    sizeBits = 29;
    sizeBytes = Buffer.from([size - 29]);
  } else {
    sizeBits = 30;
    const v = size - 285;
    sizeBytes = Buffer.from([(v >> 8) & 0xff, v & 0xff]);
  }
  const first = Buffer.from([head | sizeBits]);
  return Buffer.concat(ext ? [first, Buffer.from([type - 7]), sizeBytes] : [first, sizeBytes]);
}

function uintBytes(v: bigint): Buffer {
  const out: number[] = [];
  let n = v;
  while (n > 0n) {
    out.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  return Buffer.from(out);
}

/** Encode a value in the MaxMind DB data format (strings, maps, arrays, unsigned integers). */
function encode(value: Value, uintType: 5 | 6 | 9 = 6): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    const bytes = uintBytes(BigInt(value));
    return Buffer.concat([control(uintType, bytes.length), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map((v) => encode(v))]);
  const entries = Object.entries(value);
  return Buffer.concat([
    control(7, entries.length),
    ...entries.flatMap(([k, v]) => [
      encode(k),
      encode(v, k === 'build_epoch' ? 9 : k.endsWith('version') || k === 'record_size' ? 5 : 6),
    ]),
  ]);
}

interface TrieNode {
  children: [TrieNode | number | null, TrieNode | number | null];
  index?: number;
}

/** Parse "a.b.c.d/len" into the 128 bits of its IPv4-in-IPv6 (::a.b.c.d) prefix. */
function ipv4Prefix(cidr: string): number[] {
  const [ip, len] = cidr.split('/') as [string, string];
  const octets = ip.split('.').map(Number);
  const bits: number[] = new Array(96).fill(0);
  for (const o of octets) for (let i = 7; i >= 0; i--) bits.push((o >> i) & 1);
  return bits.slice(0, 96 + Number(len));
}

/**
 * Build a database mapping each IPv4 CIDR to `{country: {iso_code, names: {en}}}`.
 * @param networks e.g. `{ '81.2.69.0/24': { code: 'GB', name: 'United Kingdom' } }`
 */
export function buildCountryMmdb(networks: Record<string, { code: string; name: string }>): Buffer {
  const data: Buffer[] = [];
  let dataSize = 0;
  const root: TrieNode = { children: [null, null] };
  for (const [cidr, country] of Object.entries(networks)) {
    const offset = dataSize;
    const record = encode({ country: { iso_code: country.code, names: { en: country.name } } });
    data.push(record);
    dataSize += record.length;
    const bits = ipv4Prefix(cidr);
    let node = root;
    for (let i = 0; i < bits.length - 1; i++) {
      const bit = bits[i] as 0 | 1;
      const child: TrieNode | number | null = node.children[bit];
      if (child === null || typeof child === 'number') {
        const next: TrieNode = { children: [null, null] };
        node.children[bit] = next;
        node = next;
      } else node = child;
    }
    node.children[bits[bits.length - 1] as 0 | 1] = -(offset + 1); // data marker, resolved below
  }
  const nodes: TrieNode[] = [];
  const number = (n: TrieNode) => {
    n.index = nodes.length;
    nodes.push(n);
    for (const c of n.children) if (c && typeof c !== 'number') number(c);
  };
  number(root);
  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * 6);
  nodes.forEach((n, i) => {
    n.children.forEach((c, side) => {
      const value =
        c === null ? nodeCount : typeof c === 'number' ? nodeCount + 16 + (-c - 1) : (c.index as number);
      tree.writeUIntBE(value, i * 6 + side * 3, 3);
    });
  });
  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 6,
    database_type: 'Test-Country',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: BigInt(Math.floor(Date.now() / 1000)),
    description: { en: 'Test country database' },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...data,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com', 'ascii'),
    metadata,
  ]);
}
