import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionUserSchema } from '../modules/accounts/accounts.routes';
import { envelope } from './http';
import {
  checkedSerializer,
  compileZodSchema,
  responseSerializerCompiler,
  SerializerMismatchError,
} from './serializer';

/** What Fastify hands the serializer compiler for one route. */
const route = (schema: unknown) =>
  ({ schema, method: 'GET', url: '/api/test', httpStatus: '200' }) as Parameters<
    ReturnType<typeof responseSerializerCompiler>
  >[0];

const shape = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  kind: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  gender: z.enum(['male', 'female', 'other']).nullable(),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  counts: z.record(z.string(), z.number()),
  meta: z.unknown(),
  nested: z.object({ ok: z.boolean() }).nullable(),
  maybe: z.string().optional(),
});

describe('compiled response serializer', () => {
  it('writes what the zod serializer writes: nullables, literal unions, arrays, records, unknowns, extra keys left out', () => {
    const viaZod = responseSerializerCompiler('zod')(route(shape));
    const compiled = compileZodSchema(shape);
    expect(compiled).not.toBeNull();
    const samples = [
      {
        id: 7,
        name: 'A "quoted" \u2028 name',
        note: null,
        kind: 2,
        gender: null,
        tags: [{ id: 1, name: 'pop', extra: 'x' }],
        counts: { a: 1, b: 2 },
        meta: { any: ['thing', 1, null] },
        nested: null,
        extraColumn: 'left out',
      },
      {
        id: 8,
        name: 'ü',
        note: 'n',
        kind: 3,
        gender: 'other',
        tags: [],
        counts: {},
        meta: 'plain',
        nested: { ok: true },
        maybe: 'here',
      },
    ];
    for (const data of samples) expect(JSON.parse(compiled!(data))).toEqual(JSON.parse(viaZod(data)));
  });

  it('compiles the hot paths\u2019 schemas (user/info and the wallet balance)', () => {
    expect(compileZodSchema(envelope(sessionUserSchema))).not.toBeNull();
    const balance = envelope(
      z.object({
        balance: z.number(),
        total: z.number(),
        total_minor: z.number(),
        currency: z.string(),
        basis: z.enum(['coin_price', 'payout_rate']),
        pence_per_coin: z.number(),
      }),
    );
    expect(compileZodSchema(balance)).not.toBeNull();
  });

  it('leaves schemas without a JSON Schema form to zod', () => {
    const withDate = z.object({ at: z.date() });
    expect(compileZodSchema(withDate)).toBeNull();
    const serialize = responseSerializerCompiler('compiled')(route(withDate));
    expect(serialize({ at: new Date('2026-01-02T03:04:05Z') })).toBe('{"at":"2026-01-02T03:04:05.000Z"}');
  });

  it('in checked mode refuses a response zod refuses, and one the compiled form writes differently', () => {
    const checked = responseSerializerCompiler('checked')(route(z.object({ n: z.number() })));
    expect(checked({ n: 1, dropped: true })).toBe('{"n":1}');
    expect(() => checked({ n: 'one' })).toThrow();
    const zodText = () => '{"a":1}';
    expect(checkedSerializer(zodText, () => '{ "a": 1 }', 'GET', '/x')({})).toBe('{"a":1}');
    expect(() => checkedSerializer(zodText, () => '{"a":2}', 'GET', '/x')({})).toThrow(
      SerializerMismatchError,
    );
    const throwing = () => {
      throw new Error('"a" is required!');
    };
    expect(() => checkedSerializer(zodText, throwing, 'GET', '/x')({})).toThrow(SerializerMismatchError);
  });
});
