/**
 * `npx tsx bench/perf-map.ts /tmp/perf-<pid>.map`: make a Node perf map name samples by the code that
 * lived at an address when `perf record` ran. Node (`--perf-basic-prof-only-functions`) appends an
 * entry for each function it compiles and never removes one; V8 frees code (deoptimised, flushed) and
 * reuses the space, so an address can carry several entries and `perf script` may pick a function that
 * lived there earlier. In a profile of `GET /api/user/info` taken after a start-up that rendered mails,
 * that named i18next in 5 % of the samples of a path that translates nothing (docs/performance.md,
 * session 11). This keeps, where entries overlap, only the latest, and rewrites the file in place
 * (run it after the recording, before `perf script`; the product may keep running).
 */
import fs from 'node:fs';

/** One perf map entry: code start, size, name. */
interface Entry {
  start: bigint;
  size: bigint;
  name: string;
}

/**
 * The entries of a perf map text that no later entry overlaps, in address order.
 * @param text perf map lines, `<start hex> <size hex> <name>`, oldest first
 */
export function latestEntries(text: string): Entry[] {
  const entries: Entry[] = [];
  for (const line of text.split('\n')) {
    const match = /^([0-9a-fA-F]+) ([0-9a-fA-F]+) (.*)$/.exec(line);
    if (match)
      entries.push({ start: BigInt(`0x${match[1]}`), size: BigInt(`0x${match[2]}`), name: match[3]! });
  }
  // Newest first; an entry is kept when it overlaps none kept so far (those are newer).
  const kept: Entry[] = [];
  for (const entry of entries.reverse()) {
    const end = entry.start + entry.size;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (kept[mid]!.start < entry.start) lo = mid + 1;
      else hi = mid;
    }
    const before = kept[lo - 1];
    const after = kept[lo];
    if (before && before.start + before.size > entry.start) continue;
    if (after && after.start < end) continue;
    kept.splice(lo, 0, entry);
  }
  return kept;
}

if (process.argv[1] && import.meta.filename === fs.realpathSync(process.argv[1])) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npx tsx bench/perf-map.ts /tmp/perf-<pid>.map');
  const text = fs.readFileSync(file, 'utf8');
  const kept = latestEntries(text);
  fs.writeFileSync(
    file,
    kept.map((e) => `${e.start.toString(16)} ${e.size.toString(16)} ${e.name}\n`).join(''),
  );
  console.log(`${file}: ${text.split('\n').filter(Boolean).length} entries, ${kept.length} kept`);
}
