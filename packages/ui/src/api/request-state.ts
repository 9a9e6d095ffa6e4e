import { useSyncExternalStore } from 'react';

/**
 * App-wide request state shared by every API client of one app: the number of requests in flight
 * (drives the counted progress bar, spec section 8) and the maintenance flag (spec section 4:
 * on when the maintenance check says so or on HTTP 503).
 */
interface RequestState {
  inFlight: number;
  maintenance: boolean;
  /** The staff's words while maintenance is on (`maintenance-mode-check`), null for the translated text. */
  maintenanceMessage: string | null;
}

let state: RequestState = { inFlight: 0, maintenance: false, maintenanceMessage: null };
const listeners = new Set<() => void>();

function set(next: Partial<RequestState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const requestState = {
  get: (): RequestState => state,
  subscribe,
  /** Counts a request as started. */
  begin(): void {
    set({ inFlight: state.inFlight + 1 });
  },
  /** Counts a request as finished (never below zero). */
  end(): void {
    set({ inFlight: Math.max(0, state.inFlight - 1) });
  },
  /** Maintenance on or off; `message` (staff's words) when known, kept as it was when left out. */
  setMaintenance(on: boolean, message?: string | null): void {
    const maintenanceMessage = !on ? null : message === undefined ? state.maintenanceMessage : message;
    if (state.maintenance !== on || state.maintenanceMessage !== maintenanceMessage)
      set({ maintenance: on, maintenanceMessage });
  },
  /** Test helper: back to the initial state. */
  reset(): void {
    set({ inFlight: 0, maintenance: false, maintenanceMessage: null });
  },
};

/** Number of API requests in flight. */
export function useRequestsInFlight(): number {
  return useSyncExternalStore(subscribe, () => state.inFlight);
}

/** True while the product is in maintenance mode. */
export function useMaintenance(): boolean {
  return useSyncExternalStore(subscribe, () => state.maintenance);
}

/** The staff's maintenance message, null when none was written (the apps show their translated text). */
export function useMaintenanceMessage(): string | null {
  return useSyncExternalStore(subscribe, () => state.maintenanceMessage);
}
