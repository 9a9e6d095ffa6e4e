import type { OperationDocs } from '../types';
import { AUDITED, PAGED } from './common';

/** The three named lookups sharing one set of routes: path segment, singular and plural words. */
const NAMED = [
  { kind: 'genres', one: 'Genre', many: 'Genres', used: 'users or express playlists' },
  { kind: 'interests', one: 'Interest', many: 'Interests', used: null },
  { kind: 'tiers', one: 'Tier', many: 'Tiers', used: 'live users' },
] as const;

const SECTION =
  'Spec section 2 "/genres/list", "/interests/list", "/tiers/list" and section 7 "Admin: CRUD for genres, tiers, interests".';

/** A named lookup's list, create, update and delete. */
function namedLookup({ kind, one, many, used }: (typeof NAMED)[number]): OperationDocs {
  const lower = one.toLowerCase();
  const a = /^[aeiou]/.test(lower) ? 'an' : 'a';
  // Only tiers keep a description and translations; the other kinds ignore those fields.
  const tierFields =
    kind === 'tiers'
      ? ', `description` (at most 1000) and `translations` (name and description in fr, de, ar, tr)'
      : '';
  return {
    [`GET /api/admin/${kind}`]: {
      id: `admin.lookups.list${many}`,
      summary: `List ${kind}, active and retired`,
      description: `\`q\` matches the name, \`filter[is_active]\` (1 or 0) keeps one kind; by name unless \`order\` says otherwise. ${PAGED} ${SECTION}`,
    },
    [`POST /api/admin/${kind}`]: {
      id: `admin.lookups.create${one}`,
      summary: `Create ${a} ${lower}`,
      description: `Body \`name\` (at most 100 characters, unique: 422 \`lookups.name_taken\`), \`is_active\` (default true)${tierFields}. Answers 201. ${AUDITED} ${SECTION}`,
    },
    [`PUT /api/admin/${kind}/{id}`]: {
      id: `admin.lookups.update${one}`,
      summary: `Update ${a} ${lower}`,
      description: `The same body as creating; \`is_active: false\` retires it (gone from the pickers, kept on the records). 422 \`lookups.name_taken\`. ${AUDITED} ${SECTION}`,
    },
    [`DELETE /api/admin/${kind}/{id}`]: used
      ? {
          id: `admin.lookups.delete${one}`,
          summary: `Delete ${a} ${lower} nobody uses`,
          description: `409 \`lookups.in_use\` (param \`count\`) while ${used} point at it: retire it instead. ${AUDITED} ${SECTION}`,
          errors: [409],
        }
      : {
          id: `admin.lookups.delete${one}`,
          summary: `Delete ${a} ${lower}`,
          description: `${AUDITED} ${SECTION}`,
        },
  };
}

/** Reference data of the back-office (spec section 2 lists; view.main.genres.tab.list covers them all, docs/decisions.md). */
export const lookupsOperations: OperationDocs = {
  ...Object.assign({}, ...NAMED.map(namedLookup)),
  'GET /api/admin/user-types': {
    id: 'admin.lookups.listUserTypes',
    summary: 'List user types with their number of users',
    description:
      'The three user types (1 artist, 2 curator, 3 influencer) with the count of live users of each. Spec section 2 "/userTypes/list".',
  },
  'PUT /api/admin/user-types/{id}': {
    id: 'admin.lookups.renameUserType',
    summary: 'Rename a user type',
    description: `Body \`name\` (at most 50 characters, unique: 422 \`lookups.name_taken\`). Types are fixed by spec section 1, so they are never created or deleted. ${AUDITED} Spec section 2 "/userTypes/list".`,
  },
  'GET /api/admin/sliders': {
    id: 'admin.lookups.listSliders',
    summary: 'List the user app sliders, active and retired',
    description:
      'Every slider by position (the user app reads the active ones at `GET /api/user/slider`). Spec section 3 "Slider" and section 7 "Admin: CRUD for sliders".',
  },
  'POST /api/admin/sliders': {
    id: 'admin.lookups.createSlider',
    summary: 'Create a slider',
    description: `Body \`title\` (at most 150 characters), \`image\` (the key of an uploaded png, jpeg or gif: 422 \`sliders.image_invalid\` otherwise), \`link\` (http or https URL, at most 500), \`position\` (0 to 10000, default 0), \`is_active\` (default true). Answers 201. ${AUDITED} Spec section 7 "Admin: CRUD for sliders".`,
  },
  'PUT /api/admin/sliders/{id}': {
    id: 'admin.lookups.updateSlider',
    summary: 'Update a slider',
    description: `The same body as creating. ${AUDITED} Spec section 7 "Admin: CRUD for sliders".`,
  },
  'DELETE /api/admin/sliders/{id}': {
    id: 'admin.lookups.deleteSlider',
    summary: 'Delete a slider',
    description: `${AUDITED} Spec section 7 "Admin: CRUD for sliders".`,
  },
};
