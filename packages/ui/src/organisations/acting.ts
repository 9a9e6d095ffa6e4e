import { ACTING_FOR_HEADER } from '@lm/contracts/organisations';
import { useSyncExternalStore } from 'react';

/**
 * The tab's acting context (issue 35, DESIGN.md section 9): "me", or a roster artist of an
 * organisation the signed-in member acts for. Kept in the tab's session storage (a reload keeps it,
 * another tab keeps its own); while set, the user app's API client sends `X-Acting-For: <artist user
 * id>` on every request (`actingHeaders`).
 */
export interface ActingFor {
  organisationId: number;
  organisationName: string;
  organisationLogoUrl: string | null;
  artistUserId: number;
  artistName: string;
}

/** Session-storage key of the acting context (per tab). */
export const ACTING_STORAGE_KEY = 'APP_ACTING_FOR';

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedValue: ActingFor | null = null;

function isActingFor(value: unknown): value is ActingFor {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.organisationId) &&
    Number.isInteger(v.artistUserId) &&
    (v.artistUserId as number) > 0 &&
    typeof v.organisationName === 'string' &&
    typeof v.artistName === 'string' &&
    (v.organisationLogoUrl === null || typeof v.organisationLogoUrl === 'string')
  );
}

function readRaw(): string | null {
  try {
    return sessionStorage.getItem(ACTING_STORAGE_KEY);
  } catch {
    // Storage can throw (private mode); the tab then acts as the member.
    return null;
  }
}

/** The tab's acting context, or null when acting as "me" (a malformed stored value counts as "me"). */
export function readActing(): ActingFor | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedValue;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cachedValue = isActingFor(parsed) ? parsed : null;
  } catch {
    cachedValue = null;
  }
  return cachedValue;
}

/** Starts acting for an artist (`next`) or goes back to "me" (`null`), and tells the subscribers. */
export function writeActing(next: ActingFor | null): void {
  try {
    if (next) sessionStorage.setItem(ACTING_STORAGE_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(ACTING_STORAGE_KEY);
  } catch {
    // Without storage the choice cannot be kept; nothing else to do.
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the acting context changes; returns the unsubscribe function. */
export function subscribeActing(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Paths (relative to `/api`) always called as the member themselves: the organisation routes and the
 * artist side of the roster refuse `X-Acting-For` (403 `organisations.not_in_context`), and the
 * switcher and the organisation screens must keep working while the tab acts for an artist.
 */
const OWN_PATHS = /^(organisations|organisation-invites|user\/organisation|user\/info|user\/logout)(\/|\?|$)/;

/**
 * The header the API client adds while acting: `{ 'x-acting-for': '<artist user id>' }`, else `{}`;
 * never on the organisation routes nor on the member's own session (`user/info`, the session check
 * of every page load, and `user/logout`), which the API refuses to run for an artist (`path` relative
 * to `/api`).
 */
export function actingHeaders(path = ''): Record<string, string> {
  const acting = readActing();
  return acting && !OWN_PATHS.test(path) ? { [ACTING_FOR_HEADER]: String(acting.artistUserId) } : {};
}

/** The tab's acting context, re-rendering when it changes. */
export function useActing(): ActingFor | null {
  return useSyncExternalStore(subscribeActing, readActing, () => null);
}
