// What the sandbox consent and payment pages share: they are plain HTML written by this API, and they
// send the browser back only to this app, as a real provider sends it only to a registered redirect URI.

/** `s` with the HTML special characters written as character references, for text and attributes. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A reader of redirect URIs for `appUrl`: the URI (relative ones resolved against `appUrl`) when it is
 * on the app's origin, else null (unparsable, or another site).
 */
export function sameOriginRedirect(appUrl: string): (redirectUri: string) => URL | null {
  const appOrigin = new URL(appUrl).origin;
  return (redirectUri) => {
    try {
      const target = new URL(redirectUri, appUrl);
      return target.origin === appOrigin ? target : null;
    } catch {
      return null;
    }
  };
}
