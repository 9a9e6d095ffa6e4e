import { loadOncePer } from '../lib/load-once';

const loadStyles = loadOncePer(() => import('./screen-styles'));

/**
 * All of Mantine's styles (`screen-styles.ts`, a chunk with its own stylesheet): the entry carries
 * only the sign-in screens' (`sign-in-styles.css`), so the login route does not download the
 * styles of the 100 components it never shows. Fetched on the first call and kept (marked
 * `fulfilled` for React's `use`). Rejects when the chunk or its stylesheet cannot be fetched (the next
 * call tries again).
 */
export function loadScreenStyles(): Promise<void> {
  return loadStyles(null);
}
