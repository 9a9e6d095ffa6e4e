import { PERMISSION_GROUPS, permissionGroup } from '@lm/contracts';

/** One screen of the role editor: its permission names, in the order of the contracts' list. */
export interface PermissionSection {
  group: string;
  names: string[];
}

/**
 * The permissions a role of one kind can hold (`names`, as the API lists them), grouped by the screen
 * they open or act on (grouped by screen), in menu order; names no group knows come last
 * under `other`. Empty groups are left out.
 */
export function groupPermissions(names: readonly string[]): PermissionSection[] {
  const available = new Set(names);
  const sections: PermissionSection[] = PERMISSION_GROUPS.map(({ group, permissions }) => ({
    group,
    names: permissions.filter((p) => available.has(p)),
  }));
  const unknown = names.filter((n) => permissionGroup(n) === 'other');
  if (unknown.length) sections.push({ group: 'other', names: unknown });
  return sections.filter((s) => s.names.length > 0);
}
