import { sessionUserExample } from './examples';
import type { OperationDocs } from './types';

const S7 = 'Spec section 7, "Auth".';

/** Sign-up, sign-in, password and own-account operations (tag `auth`). */
export const authOperations: OperationDocs = {
  'POST /api/user/store-user': {
    id: 'auth.register',
    summary: 'Create an account (artist, curator or influencer)',
    description: `Creates an unverified account (\`user_type_id\` 1 artist, 2 curator, 3 influencer) with the type's default role and e-mails a 6-digit code (10 minutes, 5 tries) to confirm the address with \`POST /api/verify-user\`. Password: at least 8 characters; names at most 100. An address already used answers 422 on \`email\`. ${S7}`,
    examples: {
      request: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.org',
        password: 'Correct-horse-9',
        password_confirmation: 'Correct-horse-9',
        gender: 'female',
        user_type_id: 1,
      },
      response: {
        data: { email: 'ada@example.org' },
        message: 'Account created: check your e-mail for the code.',
      },
    },
  },
  'POST /api/verify-user': {
    id: 'auth.verifyEmail',
    summary: 'Confirm an e-mail address with its 6-digit code',
    description: `Marks the account verified when the code sent at sign-up (or by \`resend-code\`) matches: codes live 10 minutes and allow 5 tries. A wrong or expired code answers 422; an address already verified 409. ${S7}`,
    errors: [409],
  },
  'POST /api/user/resend-code': {
    id: 'auth.resendCode',
    summary: 'Send a new e-mail verification code',
    description: `E-mails a fresh 6-digit code to an unverified account (the previous one stops working). Answers the same whether or not the address has an account, so it cannot be used to find accounts. ${S7}`,
  },
  'POST /api/user/login': {
    id: 'auth.login',
    summary: 'Sign in with e-mail and password',
    description: `Answers a bearer token (opaque, only its SHA-256 stored, valid \`TOKEN_TTL_DAYS\` days) and the session user with abilities and coin balance; when the account has two-factor sign-in on, answers \`{ two_factor: true, email }\` and e-mails a code for \`POST /api/login-2fa\` instead. Wrong credentials answer 422; a disabled account 403; an unverified one 403 with code \`USR_NOT_VERIFIED\`. Failures are throttled: 5 per account and address, 20 per address, in 15 minutes (429). ${S7}`,
    errors: [403],
    examples: {
      request: { email: 'ada@example.org', password: 'Correct-horse-9' },
      response: {
        data: { token: '8sd7f6g5h4j3k2l1Vx0qZ3mN9bC2dF5gH7jK1lP4rT6w', user: sessionUserExample },
        message: 'Welcome back',
      },
    },
  },
  'POST /api/login-2fa': {
    id: 'auth.loginTwoFactor',
    summary: 'Finish a two-factor sign-in with the e-mailed code',
    description: `Second step of a sign-in for accounts with two-factor on: the 6-digit code e-mailed by \`POST /api/user/login\` (10 minutes, 5 tries) is exchanged for the token and session user. A wrong or expired code answers 422. ${S7}`,
  },
  'POST /api/user/logout': {
    id: 'auth.logout',
    summary: 'Sign out (revoke this token)',
    description: `Revokes the token the request was made with; other sessions stay signed in. ${S7}`,
  },
  'GET /api/user/info': {
    id: 'auth.getSession',
    summary: 'The signed-in user, abilities and coin balance',
    description: `The session user (spec section 3 "Session"): names, avatar, type, status, abilities (\`{ action: 'call', subject: permission }\`), coin balance and artist profile. ${S7}`,
    examples: { response: { data: sessionUserExample } },
  },
  'POST /api/forget-password': {
    id: 'auth.forgotPassword',
    summary: 'E-mail a password reset link',
    description: `Sends a reset link valid 60 minutes when the address has an account; answers the same otherwise (no account discovery). ${S7}`,
  },
  'GET /api/check/reset/token': {
    id: 'auth.checkResetToken',
    summary: 'Check a password reset link before showing the form',
    description: `Answers \`{ valid: true }\` when the link's token matches the e-mail and has not expired (60 minutes) nor been used; 422 otherwise. ${S7}`,
  },
  'POST /api/user/reset-password': {
    id: 'auth.resetPassword',
    summary: 'Set a new password from a reset link',
    description: `Sets the password (at least 8 characters, confirmed) when the link's token is valid, then revokes every session of the account. An expired or used link answers 422. ${S7}`,
  },
  'POST /api/user/reset/password/login': {
    id: 'auth.changePassword',
    summary: 'Change the password of the signed-in account',
    description: `Needs the current password (422 on \`current_password\` when wrong); the new one at least 8 characters, confirmed. Ends a forced password change; other sessions are revoked. ${S7}`,
  },
  'GET /api/user/get-info/{id}': {
    id: 'auth.getProfile',
    summary: "Read one's own profile",
    description: `The session user shape of the account \`id\`; only one's own account (another id answers 404). ${S7}`,
  },
  'POST /api/user/update-user/{id}': {
    id: 'auth.updateProfile',
    summary: "Update one's own profile",
    description: `Changes names, gender, birth date, phone, avatar and the artist profile (bio, genres at most 5, social links). Only one's own account (another id answers 404); an unknown genre answers 422. ${S7}`,
  },
  'DELETE /api/user/delete/{id}': {
    id: 'auth.deleteAccount',
    summary: "Delete one's own account",
    description: `Disables the account, replaces its e-mail with a placeholder, forgets its password and Google link and revokes every session; ledger rows stay for the accounts. Only one's own account (another id answers 404). ${S7}`,
  },
  'GET /api/user/sessions': {
    id: 'auth.listSessions',
    summary: "List the signed-in account's sessions",
    description:
      'Every unrevoked, unexpired token of the account with its creation, last use, address and device, the current one marked. Account security.',
  },
  'DELETE /api/user/sessions/{id}': {
    id: 'auth.revokeSession',
    summary: 'Sign out one session',
    description:
      'Revokes one token of the signed-in account (404 when it is not one of its sessions). Account security.',
  },
  'DELETE /api/user/sessions': {
    id: 'auth.revokeOtherSessions',
    summary: 'Sign out every other session',
    description:
      'Revokes every token of the account except the one making the request; answers how many were revoked. Account security.',
  },
  'POST /api/user/two-factor': {
    id: 'auth.setTwoFactor',
    summary: 'Turn two-factor sign-in on or off',
    description:
      'With the current password (422 on `password` when wrong): when on, each sign-in also needs a 6-digit code e-mailed to the account. Account security.',
  },
  'GET /api/oauth/gmail/redirect': {
    id: 'auth.googleRedirect',
    summary: 'Start a Google sign-in or sign-up',
    description: `Answers Google's consent URL with a signed \`state\` (10 minutes) and a \`binding\` the browser keeps and sends back to \`oauth/gmail/register/login\`. ${S7}`,
  },
  'GET /api/oauth/gmail/register/login': {
    id: 'auth.googleCallback',
    summary: 'Finish a Google sign-in with the returned code',
    description: `Exchanges Google's \`code\` (with the \`state\` and \`binding\` of the redirect) for a session when the Google address has an account; otherwise answers \`needs_completion\` with a short-lived token for \`oauth/gmail/register/complete\`. A bad state, an unverified Google address or a failed exchange answers 422; a disabled account 403. ${S7}`,
    errors: [403],
  },
  'POST /api/oauth/gmail/register/complete': {
    id: 'auth.googleComplete',
    summary: 'Complete a Google sign-up with the missing fields',
    description: `Creates the account (user type, gender, names...) from a pending Google sign-up and signs it in; the account is verified by Google. An expired pending sign-up answers 422, as does an address taken meanwhile. ${S7}`,
  },
};
