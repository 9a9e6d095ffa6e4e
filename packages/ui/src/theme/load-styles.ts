let loading: (Promise<void> & { status?: string }) | null = null;

/**
 * All of Mantine's styles (`screen-styles.ts`, a chunk with its own stylesheet): the entry carries
 * only the sign-in screens' (`sign-in-styles.css`), so the login route does not download the
 * styles of the 100 components it never shows. Fetched on the first call and kept; the promise is
 * marked `fulfilled` once loaded, so React's `use` reads it without suspending again. Rejects when
 * the chunk or its stylesheet cannot be fetched (the next call tries again).
 */
export function loadScreenStyles(): Promise<void> {
  if (!loading) {
    const tracked: Promise<void> & { status?: string } = import('./screen-styles')
      .then(() => {
        tracked.status = 'fulfilled';
      })
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    loading = tracked;
  }
  return loading;
}
