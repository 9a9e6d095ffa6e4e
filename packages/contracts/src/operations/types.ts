/** Documentation of one API operation (issue 34 "The reference"). Keyed by `'METHOD /api/path/{param}'` (Fastify's `:param` written as OpenAPI `{param}`). */
export interface OperationDoc {
  /** Stable operationId, `<area>.<verbNoun>` in camelCase: `express.createCampaign`, `wallet.getBalance`. Never change one once released. */
  id: string;
  /** One line, sentence case, no final full stop, <= 80 characters. */
  summary: string;
  /** What it does, its rules and limits, the spec section it implements (e.g. "Spec section 7, wallet calls."). Markdown. Who may call it is added automatically from the route's access. */
  description: string;
  /** Error statuses the route can answer that are not derived from its access and schema (e.g. 409 for a conflict, 404 for a missing object when the path has no parameter, 422 for a rule refused by the service). */
  errors?: readonly (400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503)[];
  /** Examples of the main requests and responses (optional; give them for the main operations). */
  examples?: { request?: unknown; response?: unknown };
}
export type OperationDocs = Record<string, OperationDoc>;
