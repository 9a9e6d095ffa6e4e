import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { SDK_FILES, sdkSources } from './sdk-sources';

const sdkDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/sdk');

/** First differing line of two texts, for a message a person can act on. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '<end>')}, generated ${JSON.stringify(b[at] ?? '<end>')}`;
}

it('packages/sdk matches the API: the document and its types are what `npm run sdk:generate` makes', async () => {
  const fresh = await sdkSources();
  const stale: string[] = [];
  for (const file of Object.values(SDK_FILES)) {
    const committed = await fs.readFile(path.join(sdkDir, file), 'utf8').catch(() => '');
    if (committed !== fresh[file])
      stale.push(`packages/sdk/${file}: ${firstDifference(committed, fresh[file])}`);
  }
  expect(stale, 'stale against the API: run `npm run sdk:generate` and commit packages/sdk').toEqual([]);
});
