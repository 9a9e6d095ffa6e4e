import type { OperationDocs } from '../types';

/** The back-office session and the admin's own password (spec section 6 "Separate admin session exists"). */
export const authOperations: OperationDocs = {
  'POST /api/admin/login': {
    id: 'admin.auth.signIn',
    summary: 'Sign a staff member in to the back-office',
    description:
      'Checks the e-mail and password of an active staff account and answers a back-office bearer token (lifetime `ADMIN_TOKEN_TTL_HOURS`) with the admin\'s name, roles and abilities (CASL rules, action `call`). Throttled per address and IP (429 with `Retry-After` when locked out); an unknown address, a wrong password, a disabled account and an invited admin without a password all answer the same 422 on `email`. The sign-in language becomes the admin\'s mail language. Both outcomes are audited. Spec section 6 and section 7 "Admin: POST admin/login".',
    examples: {
      request: { email: 'admin@example.com', password: 'correct horse battery staple' },
      response: {
        data: {
          token: '<bearer token>',
          admin: {
            id: 1,
            name: 'Super Admin',
            email: 'admin@example.com',
            roles: ['Super Admin'],
            abilities: [{ action: 'call', subject: 'view.main.users.tab.list' }],
          },
        },
        message: 'Welcome back',
      },
    },
  },
  'GET /api/admin/info': {
    id: 'admin.auth.getSession',
    summary: "Read the signed-in admin's profile, roles and abilities",
    description:
      'The session check of the back-office: id, name, e-mail, role names and the abilities (`{ action: "call", subject: <permission> }`) the admin app builds its menus and guards from. Spec section 6 and section 7 "Admin: GET admin/info".',
  },
  'GET /api/admin/check/reset/token': {
    id: 'admin.auth.checkResetToken',
    summary: 'Check that a back-office password link is still usable',
    description:
      'Query `email` and `token` from the e-mailed link. Answers `{ valid: true, invitation }` (`invitation` when the link is the first one of an invited admin). An unknown, used, expired or other admin\'s link all answer 422 `auth.reset_link_invalid`. Spec section 7 "Auth: GET check/reset/token" (back-office side, issue 7).',
  },
  'POST /api/admin/reset-password': {
    id: 'admin.auth.resetPassword',
    summary: 'Set an admin password from an e-mailed link',
    description:
      'Sets the password of the admin the link belongs to. The link is single use (locked and marked used in the same transaction); reset links last 60 minutes and invitations 7 days. The password follows the product\'s rule; every session of the admin ends and a notice is mailed. Audited as `admin.password_reset`. A bad link answers 422 `auth.reset_link_invalid`. Issue 7 "Back-office staff and control".',
  },
  'POST /api/admin/password': {
    id: 'admin.auth.changePassword',
    summary: "Change the signed-in admin's own password",
    description:
      "Requires the current password (422 `auth.current_password_wrong` on `current_password` otherwise, audited as `admin.password_change_failed`); the new one follows the product's rule. The admin's other sessions end and a notice is mailed. Audited as `admin.password_changed`. Never reachable with an API key (account security). Issue 7.",
  },
};
