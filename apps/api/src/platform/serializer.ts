import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema } from 'zod';
import { $ZodType } from 'zod/v4/core';

/** How responses are written: see `RESPONSE_SERIALIZER` in config/env.ts. */
export type SerializerMode = 'compiled' | 'zod' | 'checked';

/** What Fastify hands a serializer compiler for one route and status. */
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/** JSON Schema node, as z.toJSONSchema writes it (draft-07). */
type Json = { [key: string]: unknown };

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * Adapt a zod-made JSON Schema to fast-json-stringify, which writes what the schema describes and
 * leaves out everything else:
 * - `additionalProperties: false` dropped (fast-json-stringify already ignores unknown keys; kept, it
 *   would make the `anyOf` branch tests fail on rows carrying extra columns, where zod just strips them);
 * - `T | null` (`anyOf` of a primitive and null) and unions of literals of one primitive type (`anyOf`
 *   of consts) written as plain `type`s, so no branch is validated per value;
 * - properties that accept anything (`{}`: z.unknown, z.any) not `required` (zod accepts them missing).
 */
function adapt(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(adapt);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$schema') continue;
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = key === 'properties' || key === 'definitions' ? adaptMap(value as Json) : adapt(value);
  }
  const anyOf = out.anyOf as Json[] | undefined;
  if (Array.isArray(anyOf) && Object.keys(out).length === 1) {
    const nonNull = anyOf.filter((b) => !(b.type === 'null' && Object.keys(b).length === 1));
    const simple = (b: Json) =>
      typeof b.type === 'string' && PRIMITIVES.has(b.type) && Object.keys(b).every((k) => SIMPLE_KEYS.has(k));
    const types = new Set(nonNull.map((b) => b.type));
    if (nonNull.length > 0 && nonNull.every(simple) && types.size === 1) {
      const [type] = types;
      return { type: nonNull.length < anyOf.length ? [type, 'null'] : type };
    }
  }
  if (out.properties && Array.isArray(out.required)) {
    const props = out.properties as Json;
    out.required = (out.required as string[]).filter((k) => {
      const p = props[k];
      return !(p && typeof p === 'object' && Object.keys(p).length === 0);
    });
  }
  return out;
}
const SIMPLE_KEYS = new Set([
  'type',
  'const',
  'enum',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
]);

function adaptMap(map: Json): Json {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, adapt(v)]));
}

/**
 * fast-json-stringify for one zod response schema, or null when the schema has no JSON Schema form
 * (transforms, dates, codecs: those routes keep the zod serializer).
 */
export function compileZodSchema(schema: unknown): Serialize | null {
  if (!(schema instanceof $ZodType)) return null;
  try {
    const json = toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(adapt(json) as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}

/** A response that the compiled serializer wrote differently from the zod serializer (`checked` mode). */
export class SerializerMismatchError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly viaZod: string,
    readonly compiled: string,
  ) {
    super(`compiled response serializer differs from zod for ${method} ${url}`);
  }
}

/**
 * Fastify serializer compiler for the routes' zod response schemas ("response serialisation
 * through compiled JSON schemas rather than parsing each response"). Each schema is turned into JSON
 * Schema and compiled by fast-json-stringify once, on the route's first response:
 * - `compiled`: the compiled function writes the response (production);
 * - `zod`: fastify-type-provider-zod's serializer (encode through the schema, then JSON.stringify);
 * - `checked`: the zod serializer validates and writes the response, and the compiled function's
 *   output must parse to the same value, else {@link SerializerMismatchError} (a 500): every test and
 *   the fuzz test thereby prove the compiled form equals the zod one.
 * Schemas without a JSON Schema form always use the zod serializer.
 */
export function responseSerializerCompiler(mode: SerializerMode) {
  return (route: RouteSchema): Serialize => {
    const viaZod = zodSerializerCompiler(route) as Serialize;
    if (mode === 'zod') return viaZod;
    // Compiled on the route's first response, not at start: most of the ~470 response schemas are
    // rarely or never answered by one instance, and each compiled one holds memory.
    let serialize: Serialize | null = null;
    const compileOnce = (): Serialize => {
      const compiled = compileZodSchema(route.schema);
      if (!compiled) return viaZod;
      return mode === 'compiled' ? compiled : checkedSerializer(viaZod, compiled, route.method, route.url);
    };
    return (data) => {
      serialize ??= compileOnce();
      return serialize(data);
    };
  };
}

/**
 * The `checked` serializer of one route: `viaZod` validates and writes the response; `compiled`'s
 * output must parse to the same value.
 * @throws SerializerMismatchError when it does not, or when `compiled` throws where zod did not
 */
export function checkedSerializer(
  viaZod: Serialize,
  compiled: Serialize,
  method: string,
  url: string,
): Serialize {
  return (data) => {
    const expected = viaZod(data);
    if (typeof expected !== 'string') return expected;
    let written: string;
    try {
      written = compiled(data);
    } catch (err) {
      throw new SerializerMismatchError(method, url, expected, String(err));
    }
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
      throw new SerializerMismatchError(method, url, expected, written);
    return expected;
  };
}
