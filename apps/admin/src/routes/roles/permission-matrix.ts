/** Columns of the permission matrix: what a permission lets one do in its area. */
export const MATRIX_ACTIONS = ['view', 'show', 'add', 'edit', 'delete', 'other'] as const;
export type MatrixAction = (typeof MATRIX_ACTIONS)[number];

/** One row of the matrix: an area and its permission name per action (several "other" ones possible). */
export interface MatrixRow {
  area: string;
  cells: Partial<Record<Exclude<MatrixAction, 'other'>, string>>;
  other: string[];
}

const CRUD = new Set(['show', 'add', 'edit', 'delete']);
const UPPER = /^(VIEW|ADD|EDIT|DELETE|SHOW)_([A-Z_]+)$/;

/**
 * Where a permission name of spec section 6 sits in the matrix: `view.main.{area}.tab.list` is the
 * area's "view" (its screen); `{area}.show|add|edit|delete` and `VIEW_|ADD_|EDIT_|DELETE_{AREA}` are
 * that area's actions; anything else is an "other" permission of its own area.
 */
export function placePermission(name: string): { area: string; action: MatrixAction } {
  const screen = /^view\.main\.(.+)\.tab\.list$/.exec(name);
  if (screen?.[1]) return { area: screen[1], action: 'view' };
  const dotted = /^(.+)\.([a-z]+)$/.exec(name);
  if (dotted?.[1] && dotted[2] && CRUD.has(dotted[2]))
    return { area: dotted[1], action: dotted[2] as MatrixAction };
  const upper = UPPER.exec(name);
  if (upper?.[1] && upper[2]) {
    const verb = upper[1].toLowerCase();
    return {
      area: upper[2].toLowerCase().replace(/_/g, '.'),
      action: verb === 'show' ? 'show' : (verb as MatrixAction),
    };
  }
  return { area: name, action: 'other' };
}

/**
 * Rows of the matrix for a list of permission names, in the order their areas first appear (the
 * seed's order, which is spec section 6's). A second name for an occupied cell goes to "other".
 */
export function buildMatrix(names: readonly string[]): MatrixRow[] {
  const rows = new Map<string, MatrixRow>();
  for (const name of names) {
    const { area, action } = placePermission(name);
    const row = rows.get(area) ?? { area, cells: {}, other: [] };
    rows.set(area, row);
    if (action === 'other' || row.cells[action]) row.other.push(name);
    else row.cells[action] = name;
  }
  return [...rows.values()];
}

/** Every permission name of a row. */
export function rowNames(row: MatrixRow): string[] {
  return [...Object.values(row.cells), ...row.other];
}
