import { LIMITS } from '@lm/contracts';
import { paginationSchema } from '@lm/contracts/pagination';
import { z } from 'zod';

/** `{ data, message? }` success envelope schema around `data`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

/** `{ message }` answer (actions with nothing to return). */
export const messageOnly = z.object({ message: z.string() });

// Lists' pagination block is part of the contracts, so the apps and the API read one shape.
export { paginationSchema };

/** `{ data: [...], pagination }` list envelope schema. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: paginationSchema, message: z.string().optional() });

/**
 * List query shared by the list routes: `page` (from 1), `limit` (10|25|50|75|100, or 100000 "show all",
 * capped server-side at LIMITS.listHardMax), `order` ("column:asc|desc"), `q`, `filter[...]`.
 */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine(
      (v) => (LIMITS.pageSizes as readonly number[]).includes(v) || v === LIMITS.showAll,
      'validation.invalid',
    )
    .default(LIMITS.defaultPageSize)
    .transform((v) => Math.min(v, LIMITS.listHardMax)),
  order: z
    .string()
    .regex(/^[a-z_]+(:(asc|desc))?$/, 'validation.invalid')
    .optional(),
  q: z.string().trim().max(200).optional(),
  filter: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** Lookup query (`q`, `limit`), spec section 7 "Lookups". */
export const lookupQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.listHardMax).default(LIMITS.lookupPageSize),
});

/**
 * Build the pagination block.
 * @param estimated true when `total` is an estimate (see `countOrEstimate`): the block then says so
 *   with `total_estimated: true` and the apps show "about N".
 */
export function paginate(total: number, page: number, limit: number, estimated = false) {
  const block = { total, limit, current_page: page, total_pages: Math.max(1, Math.ceil(total / limit)) };
  return estimated ? { ...block, total_estimated: true as const } : block;
}

/** Parse "column:dir" against an allow-list of sortable columns. */
export function parseOrder<K extends string>(
  order: string | undefined,
  allowed: readonly K[],
  fallback: { column: K; dir: 'asc' | 'desc' },
): { column: K; dir: 'asc' | 'desc' } {
  if (!order) return fallback;
  const [column, dir] = order.split(':') as [string, string | undefined];
  if (!(allowed as readonly string[]).includes(column)) return fallback;
  return { column: column as K, dir: dir === 'asc' ? 'asc' : 'desc' };
}

/** Route params with a positive integer id. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Request and response schema of a route that changes the record `:id`: the id params, the `body`
 * and the changed record answered as `{ data: item, message? }`. Spread into a route's `schema`.
 */
export const updateSchema = <B extends z.ZodType, T extends z.ZodType>(body: B, item: T) => ({
  params: idParams,
  body,
  response: { 200: envelope(item) },
});

/** How many objects and arrays `fieldWithNulByte` looks into before giving up (bodies are <= 1 MB). */
const NUL_SCAN_LIMIT = 100_000;

/**
 * The first field of a parsed request part (query, params or JSON body) whose string value or key
 * contains U+0000, as a dotted path (`session_id`, `filter.name`, `items.0.title`); null when there is
 * none. PostgreSQL cannot store U+0000 in text, so such a value is refused at the door instead of
 * failing deep in a query. Walks without recursion (a deeply nested body cannot overflow
 * the stack) and skips binary buffers.
 */
export function fieldWithNulByte(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  let visited = 0;
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || '_';
      continue;
    }
    if (!current || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    if (++visited > NUL_SCAN_LIMIT) return null;
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return childPath;
      stack.push([child, childPath]);
    }
  }
  return null;
}
