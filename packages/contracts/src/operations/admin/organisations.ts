import type { OperationDocs } from '../types';
import { AUDITED, EXPORTED, PAGED } from './common';

const ISSUE = 'Issue 35 "Labels and teams" (staff side); DESIGN.md section 9.';
const LIST_FILTERS =
  "`q` (the name, or an Owner's name or e-mail, contains), `filter[kind]` (`label`, `management`, `agency`), `filter[status]` (`active`, `suspended`), `filter[country]` (two-letter billing country codes), each one or more values; an unknown value answers 422 on `filter[<name>]` (`validation.invalid`, `validation.country_invalid`), never ignored. Order by `id` (default, newest first), `name`, `created_at`, `members`, `active_artists` or `wallet_balance`.";
const STATUS_BODY =
  "Body `note` (the reason, 1 to 500 characters, kept in the audit entry). Answers the organisation's detail.";

/** The back-office's organisations (issue 35). */
export const organisationsOperations: OperationDocs = {
  'GET /api/admin/organisations': {
    id: 'admin.organisations.list',
    summary: 'List organisations',
    description: `Labels, management companies and agencies: name, kind, billing country, status, first Owner, team members, active artists, coins in the wallet, created. ${LIST_FILTERS} ${PAGED} ${ISSUE}`,
  },
  'GET /api/admin/organisations/export.csv': {
    id: 'admin.organisations.exportCsv',
    summary: 'Export organisations as CSV',
    description: `The organisations the list's \`q\` and filters select, in its order: number, name, kind, country, status, Owner's name and e-mail, team members, active artists, wallet coins, created. ${EXPORTED} ${ISSUE}`,
    errors: [422, 429],
  },
  'GET /api/admin/organisations/{id}': {
    id: 'admin.organisations.get',
    summary: 'Read an organisation',
    description: `Profile and billing details, the team (roles and the artists a limited role covers), pending team invitations, the roster in every status (managed profiles without their placeholder e-mail), the coins in the wallet and in the budgets (from their ledger accounts), the monthly budgets, and the newest 50 audit entries about the organisation. ${ISSUE}`,
  },
  'PUT /api/admin/organisations/{id}': {
    id: 'admin.organisations.update',
    summary: 'Correct an organisation',
    description: `Staff correct the name (1 to 120 characters) and billing details: \`billing_name\`, \`billing_address\`, \`billing_country\` (a country of the countries list, else 422 \`validation.country_invalid\`), \`vat_number\` (optional, a two-letter prefix and 2 to 30 letters or digits, spaces removed; 422 \`organisations.vat_invalid\`). The kind stays the organisation's own. Only the fields that changed are recorded; saving the same values records nothing. ${AUDITED} ${ISSUE}`,
    examples: {
      request: {
        name: 'Northern Lights Records',
        billing_name: 'Northern Lights Records Ltd',
        billing_address: '12 Aurora Lane, Manchester M1 1AA',
        billing_country: 'GB',
        vat_number: 'GB123456789',
      },
    },
  },
  'POST /api/admin/organisations/{id}/suspend': {
    id: 'admin.organisations.suspend',
    summary: 'Suspend an organisation',
    description: `The organisation's members keep only their reading rights (no campaigns, transfers, team or roster changes) until staff reactivate it. An organisation already suspended answers 409 \`organisations_admin.already_suspended\`; two staff suspending at once give one change and one 409. ${STATUS_BODY} ${AUDITED} ${ISSUE}`,
    errors: [409],
    examples: { request: { note: 'Chargeback under review' } },
  },
  'POST /api/admin/organisations/{id}/reactivate': {
    id: 'admin.organisations.reactivate',
    summary: 'Reactivate an organisation',
    description: `Gives a suspended organisation's members their roles' rights back. One that is not suspended answers 409 \`organisations_admin.not_suspended\`. ${STATUS_BODY} ${AUDITED} ${ISSUE}`,
    errors: [409],
    examples: { request: { note: 'Chargeback resolved' } },
  },
  'GET /api/admin/users/{id}/organisations': {
    id: 'admin.organisations.ofUser',
    summary: "A user's organisations (user overview)",
    description: `The teams the user belongs to, with the role and whether it covers every artist, and the organisation acting for the user as an artist (its active roster entry: since when, and whether the profile is a managed one). ${ISSUE}`,
  },
};
