import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/harness';

/**
 * Every express answer has a real shape in the API reference ("every express response has
 * its own zod schema, so the API reference shows the mobile apps real shapes"): no response of an
 * express route is, or contains, an object of unknown keys.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

/** Paths (dotted) of the objects in `schema` that declare no properties: untyped records. */
function untypedObjects(schema: Schema, path = '$'): string[] {
  const found: string[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object') && !schema.properties) found.push(path);
  for (const [k, v] of Object.entries(schema.properties ?? {}))
    found.push(...untypedObjects(v, `${path}.${k}`));
  if (schema.items) found.push(...untypedObjects(schema.items, `${path}[]`));
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...untypedObjects(s, path));
  return found;
}

const EXPRESS_PATHS =
  /^\/api\/(express|spotify|admin\/express|stripe\/campaign|web\/user\/campaigns|(artist|curator)\/campaigns)/;

const ctx = testAppForFile();

describe('express in the API reference', () => {
  it('describes every success answer of every express route with its fields', async () => {
    const doc = (await ctx.call('GET', '/api/docs/json')).json() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema: Schema }> }> }>
      >;
    };
    const routes = Object.entries(doc.paths).filter(([path]) => EXPRESS_PATHS.test(path));
    expect(routes.length).toBeGreaterThanOrEqual(45);
    const untyped: string[] = [];
    let answers = 0;
    for (const [path, methods] of routes) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [code, response] of Object.entries(op.responses ?? {})) {
          if (!code.startsWith('2')) continue;
          const schema = response.content?.['application/json']?.schema;
          expect(schema, `${method} ${path} ${code}`).toBeDefined();
          answers += 1;
          for (const where of untypedObjects(schema!))
            untyped.push(`${method.toUpperCase()} ${path} ${code} ${where}`);
        }
      }
    }
    expect(answers).toBeGreaterThanOrEqual(45);
    expect(untyped).toEqual([]);
  });
});
