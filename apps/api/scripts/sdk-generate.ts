import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sdkSources } from '../src/sdk-sources';

/**
 * `npm run sdk:generate`: writes packages/sdk/openapi.json (the document production serves, built
 * without a server or database) and packages/sdk/src/schema.gen.ts (its types). Run it after any
 * change to a route's path, access or schemas; the staleness test (`sdk-sources.test.ts`) fails until
 * the committed files match.
 */
const sdkDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/sdk');
const sources = await sdkSources();
for (const [file, text] of Object.entries(sources)) {
  await fs.writeFile(path.join(sdkDir, file), text);
  console.log(`wrote packages/sdk/${file} (${Math.round(text.length / 1024)} KiB)`);
}
process.exit(0);
