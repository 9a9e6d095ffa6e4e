import type { devPaths, paths } from '@lm/sdk';
import type { HttpMethod, PathsWithMethod } from 'openapi-typescript-helpers';

/** `/api/a/{id}/b` → `a/${string}/b`: the apps' paths are relative to `/api`, parameters filled in. */
type Filled<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Filled<Tail>}`
  : P;
type Relative<P> = P extends `/api/${infer Rest}` ? Filled<Rest> : never;

/**
 * A path the API answers with method `M`, as the apps write it: relative to `/api`, parameters filled
 * in (`campaign/${id}`). Made from the OpenAPI document (`@lm/sdk`, issue 34), so a path the API
 * renamed or removed fails the typecheck of every call site that still uses it. The dev tools' paths
 * (served outside production only) are included: the apps show those screens only in development.
 */
export type ApiPath<M extends HttpMethod> =
  | Relative<PathsWithMethod<paths, M>>
  | Relative<PathsWithMethod<devPaths, M>>;
