/**
 * The serving state of one process, read by the readiness check (issue 33, graceful shutdown): once a
 * stop signal arrives the instance is draining. It still serves every request, but answers "not ready"
 * so that the load balancer stops sending it new ones before it closes its port.
 */
export interface Lifecycle {
  /** Whether a stop signal arrived (the readiness check answers 503). */
  readonly draining: boolean;
  /** Mark the process as draining; idempotent. */
  startDraining(): void;
}

/** A process's lifecycle, serving until `startDraining`. */
export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
