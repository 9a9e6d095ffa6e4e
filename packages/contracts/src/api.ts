/** Success envelope of an API answer: `{ data, message? }`. */
export interface ApiSuccess<T> {
  data: T;
  message?: string;
}

/** Pagination block of a list answer. */
export interface Pagination {
  total: number;
  limit: number;
  current_page: number;
  total_pages: number;
  /** True when `total` is an estimate (a very long list): show it as "about N". */
  total_estimated?: boolean;
}

/** List envelope: `{ data: [...], pagination }`. */
export interface ApiList<T> {
  data: T[];
  pagination: Pagination;
  message?: string;
}

/** Error body: HTTP status + this. `errors` holds per-field messages, first one shown. */
export interface ApiError {
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
  requestId?: string;
}

/** Machine-readable error codes the apps react to. */
export const ERROR_CODES = {
  UNAUTHENTICATED: 'USR_UNAUTHENTICATED',
  FORBIDDEN: 'USR_FORBIDDEN',
  NOT_VERIFIED: 'USR_NOT_VERIFIED',
  VALIDATION: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  MAINTENANCE: 'MAINTENANCE',
  PASSWORD_CHANGE_REQUIRED: 'USR_PASSWORD_CHANGE_REQUIRED',
  /** The feature's provider is switched off on this site (production without its keys). */
  PROVIDER_OFF: 'PROVIDER_OFF',
  /** An API key called a route closed to keys, or one needing a scope it lacks (issue 34). */
  API_KEY_SCOPE: 'API_KEY_SCOPE',
  /** A ticket reply refused because newer replies were added since the sender's page loaded (issue 36). */
  TICKET_REPLY_COLLISION: 'TICKET_REPLY_COLLISION',
  INTERNAL: 'INTERNAL',
} as const;

/** Languages of spec section 1; `ar` is right-to-left. */
export const LANGUAGES = ['en', 'fr', 'de', 'ar', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

/** `X-Platform` header value sent by the web clients (spec section 7). */
export const WEB_PLATFORM = '2';
