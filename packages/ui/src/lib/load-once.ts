/** A promise React's `use` can read without suspending again once it has settled as fulfilled. */
export type TrackedPromise = Promise<void> & { status?: 'fulfilled' };

/**
 * Wraps a loader of lazily fetched assets (a chunk, a catalog) so that each key is fetched once and
 * kept: later calls with the key get the same promise, marked `status: 'fulfilled'` once it has
 * loaded (React's `use` then renders without suspending). A failed fetch is forgotten, so the next
 * call with the key tries again, and the failure reaches every caller that awaited it.
 */
export function loadOncePer<K>(load: (key: K) => Promise<unknown>): (key: K) => TrackedPromise {
  const loading = new Map<K, TrackedPromise>();
  return (key) => {
    const known = loading.get(key);
    if (known) return known;
    const tracked: TrackedPromise = load(key).then(
      () => {
        tracked.status = 'fulfilled';
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, tracked);
    return tracked;
  };
}
