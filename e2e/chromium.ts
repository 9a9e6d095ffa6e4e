/** Debian's Chromium (never Playwright's own download) and the flags it runs with in CI. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // CI has no internet: a page that names an outside host (an avatar, an embed) fails it at once
  // instead of waiting on a connection, so no page's load waits on the closed network.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
