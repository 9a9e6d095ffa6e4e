import type { OperationDocs } from './types';

const ROLES =
  'Checked per request from the member\'s role (Owner, Admin, Campaign manager, Finance, Viewer; CASL rules `organisationRules`): a non-member gets 404 `organisations.not_found`, a role that may not 403 `organisations.forbidden`; a suspended organisation is read-only. Refused while acting for an artist (403 `organisations.not_in_context`). Issue 35 "Labels and teams".';

const example = {
  kind: 'label',
  name: 'Northern Lights Records',
  billing_name: 'Northern Lights Records Ltd',
  billing_address: '12 Harbour Street, Leeds LS1 4AB',
  billing_country: 'GB',
  vat_number: 'GB123456789',
};

/** Organisations, their team and roster, and the artist side (issue 35 "Labels and teams"). */
export const organisationsOperations: OperationDocs = {
  'GET /api/organisations': {
    id: 'organisations.listMine',
    summary: 'List my organisations with my role, its rules and the artists I may act for',
    description:
      'Every team the signed-in user belongs to (a user may belong to several), oldest membership first: the organisation, `member_id`, `role`, `artist_user_ids` (null: the whole roster), the CASL `rules` of the role and the active `artists` the role reaches (the switcher). Issue 35.',
  },
  'POST /api/organisations': {
    id: 'organisations.create',
    summary: 'Create an organisation; I become its Owner',
    description:
      'A label, management or agency with its billing details (country ISO 3166-1 alpha-2, optional VAT number starting with a country prefix, spaces removed). The creator becomes its Owner over the whole roster. Audited `organisations.create`. Issue 35.',
    examples: { request: example },
  },
  'GET /api/organisations/{id}': {
    id: 'organisations.get',
    summary: 'Read one of my organisations',
    description: `Billing details only for roles reading Billing (Owner, Finance), null for the others. ${ROLES}`,
  },
  'PUT /api/organisations/{id}': {
    id: 'organisations.update',
    summary: "Change an organisation's profile or billing details",
    description: `The whole shape is sent; the profile (kind, name) needs Organisation update (Owner, Admin), changed billing details Billing manage (Owner, Finance). Audited with the fields changed. ${ROLES}`,
    examples: { request: example },
  },
  'DELETE /api/organisations/{id}': {
    id: 'organisations.delete',
    summary: 'Delete an organisation (Owner)',
    description: `Soft delete by an Owner, refused 409 \`organisations.has_coins\` while its wallet or a budget account holds coins. Its artists leave the roster, pending invitations are revoked, members lose access at once. Audited. ${ROLES}`,
    errors: [409],
  },
  'POST /api/organisations/{id}/logo': {
    id: 'organisations.uploadLogo',
    summary: "Upload an organisation's logo",
    description: `Multipart field \`file\`: a PNG or JPEG up to 5 MB, checked by its content (422 \`validation.file_type\`, \`validation.file_too_large\`). Needs Organisation update. Audited. ${ROLES}`,
    errors: [413],
  },
  'GET /api/organisations/{id}/members': {
    id: 'organisations.listMembers',
    summary: "List an organisation's team",
    description: `Every member with their role and the artists it is limited to (null: the whole roster). Needs Team read. ${ROLES}`,
  },
  'PUT /api/organisations/{id}/members/{memberId}': {
    id: 'organisations.updateMember',
    summary: "Change a member's role and artists",
    description: `Needs Team manage (Owner, Admin). Only an Owner gives or takes the Owner role (403 \`organisations.owner_only\`); an Owner covers the whole roster (422 \`organisations.owner_all_artists\`); the artists must be active on the roster (422) and reachable by the caller; the last Owner cannot be demoted (409 \`organisations.last_owner\`), under a lock of the organisation so two Owners demoting each other leave one. Audited. ${ROLES}`,
    errors: [409],
  },
  'DELETE /api/organisations/{id}/members/{memberId}': {
    id: 'organisations.removeMember',
    summary: 'Remove a member from the team, or leave it',
    description: `Removing another member needs Team manage (an Owner only by an Owner); any member may remove themselves (leave). The last Owner can be neither removed nor leave (409 \`organisations.last_owner\`). Audited. ${ROLES}`,
    errors: [409],
  },
  'GET /api/organisations/{id}/invites': {
    id: 'organisations.listInvites',
    summary: "List an organisation's team invitations",
    description: `Newest first, with their status (pending, accepted, revoked, expired); never their token. Needs Team read. ${ROLES}`,
  },
  'POST /api/organisations/{id}/invites': {
    id: 'organisations.invite',
    summary: 'Invite someone to the team by e-mail',
    description: `Needs Team manage (an Owner invitation only by an Owner). A single-use link \`/organisations/join/{token}\` of the user app, valid 7 days, is mailed in the invitee's language; only the SHA-256 of the token is stored. Re-inviting a pending address replaces its link; an address already in the team is refused 409 \`organisations.already_member\`. Audited. ${ROLES}`,
    errors: [409],
    examples: {
      request: { email: 'promo@northernlights.example', role: 'campaign_manager', artist_user_ids: [42] },
    },
  },
  'DELETE /api/organisations/{id}/invites/{inviteId}': {
    id: 'organisations.revokeInvite',
    summary: 'Revoke a team invitation',
    description: `Its link stops working at once; an accepted invitation is refused 409 \`organisations.invite_used\`. Needs Team manage. Audited. ${ROLES}`,
    errors: [409],
  },
  'GET /api/organisation-invites/{token}': {
    id: 'organisations.previewInvite',
    summary: 'What a team invitation link invites to',
    description:
      "The organisation's name and logo, the role and the e-mail address invited. 404 `organisations.invite_not_found` for an unknown link; 410 when expired, revoked or already used. Issue 35.",
    errors: [404, 410],
  },
  'POST /api/organisation-invites/{token}/accept': {
    id: 'organisations.acceptInvite',
    summary: 'Accept a team invitation',
    description:
      'The signed-in user whose e-mail the invitation names (403 `organisations.invite_other_email` otherwise) joins with its role; single use under a row lock (two accepts at once make one member); an existing member is refused 409 `organisations.already_member`; 410 when expired, revoked or used. Audited. Issue 35.',
    errors: [409, 410],
  },
  'GET /api/organisations/{id}/artists': {
    id: 'organisations.listRoster',
    summary: "List an organisation's roster",
    description: `Every artist invited, active or gone, newest first; a role limited to some artists sees those only. Needs Roster read. ${ROLES}`,
  },
  'POST /api/organisations/{id}/artists/managed': {
    id: 'organisations.createManagedArtist',
    summary: 'Create a managed artist profile',
    description: `An artist account without a login of its own (no password, no sign-in, no e-mail), active on the roster at once, reached only by the team. Needs Roster manage over the whole roster. Genres must be active (422). Audited. ${ROLES}`,
    examples: { request: { artist_name: 'Luna Vale', country_code: 'GB', genre_ids: [1] } },
  },
  'POST /api/organisations/{id}/artists/invite': {
    id: 'organisations.inviteArtist',
    summary: 'Invite an existing artist account to the roster',
    description: `By its e-mail: 404 \`organisations.artist_not_found\` when no account uses it, 422 \`organisations.not_an_artist\` for another kind of account, 409 \`organisations.artist_already_invited\` when already invited or on the roster. The artist is notified in the app and by e-mail and accepts or refuses. Needs Roster manage over the whole roster. Audited. ${ROLES}`,
    errors: [404, 409],
  },
  'DELETE /api/organisations/{id}/artists/{artistUserId}': {
    id: 'organisations.removeArtist',
    summary: 'Take an artist off the roster',
    description: `An active or invited artist becomes \`removed\`; the team can no longer act for them. Needs Roster manage on that artist. Audited. ${ROLES}`,
  },
  'GET /api/user/organisation': {
    id: 'organisations.mine',
    summary: 'The organisation acting for me, and invitations waiting',
    description:
      'The artist side: the organisation whose roster I am active on (at most one), and the roster invitations waiting for my answer. Issue 35.',
  },
  'POST /api/user/organisation/invitations/{id}/accept': {
    id: 'organisations.acceptRosterInvite',
    summary: 'Join the roster of the organisation inviting me',
    description:
      'An artist is active in at most one organisation: 409 `organisations.already_in_one` when active elsewhere (a unique index decides between concurrent accepts); 404 for an invitation not waiting. Audited. Issue 35.',
    errors: [409],
  },
  'POST /api/user/organisation/invitations/{id}/refuse': {
    id: 'organisations.refuseRosterInvite',
    summary: 'Refuse a roster invitation',
    description: '404 for an invitation not waiting. Audited. Issue 35.',
  },
  'POST /api/user/organisation/leave': {
    id: 'organisations.leaveRoster',
    summary: 'Leave the organisation acting for me',
    description:
      'Its team can no longer act for me from this request on. 404 `organisations.not_in_one` when none does. Audited. Issue 35.',
    errors: [404],
  },
};
