/** The Google account a sign-in proved. */
export interface GoogleProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
}

/** Google sign-in (OAuth 2.0 authorization code flow with OpenID Connect user info). */
export interface GoogleOAuthProvider {
  readonly name: 'google' | 'sandbox' | 'off';
  /** Consent page URL to send the browser to. */
  authorizationUrl(state: string, redirectUri: string): string;
  /**
   * Exchange the authorization code for the user's profile.
   * @throws Error when the code is invalid or the provider refuses it.
   */
  exchangeCode(code: string, redirectUri: string): Promise<GoogleProfile>;
}
