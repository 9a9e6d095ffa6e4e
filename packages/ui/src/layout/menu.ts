import type { ComponentType } from 'react';
import { allows } from '../ability/guard';

/** Icon component of a menu item (Tabler icons). */
export type MenuIcon = ComponentType<{ size?: number | string; stroke?: number }>;

/**
 * One entry of a side menu (spec section 2 "User side menu" and "Admin side menu").
 * A header is a section title; a group has children; a link has `to`.
 */
export interface MenuItem {
  key: string;
  /** i18n key of the label. */
  label: string;
  kind?: 'header';
  icon?: MenuIcon;
  to?: string;
  /** Link target chosen by user type (e.g. Wallet Balance: coins for artists, payouts for others). */
  toByUserType?: Readonly<Record<number, string>>;
  permission?: string;
  userTypes?: readonly number[];
  children?: readonly MenuItem[];
}

export interface MenuContext {
  can: (permission: string) => boolean;
  userType?: number;
  /** True when the app has a screen at this path; items of modules not built yet are hidden. */
  hasRoute: (path: string) => boolean;
}

/** The link of an item for the user type, if any. */
export function menuTarget(item: MenuItem, userType?: number): string | undefined {
  return (userType !== undefined ? item.toByUserType?.[userType] : undefined) ?? item.to;
}

function visibleItem(item: MenuItem, ctx: MenuContext): MenuItem | null {
  if (!allows(ctx.can, item.permission)) return null;
  if (item.userTypes && (ctx.userType === undefined || !item.userTypes.includes(ctx.userType))) return null;
  if (item.children) {
    const children = item.children.map((c) => visibleItem(c, ctx)).filter((c): c is MenuItem => c !== null);
    return children.length ? { ...item, children } : null;
  }
  const target = menuTarget(item, ctx.userType);
  if (!target || !ctx.hasRoute(target)) return null;
  return { ...item, to: target };
}

/**
 * The items a user sees: permission and user type allow them, their screen exists, and groups
 * keep only visible children (a group with none disappears). A header shows only when an item
 * below it (before the next header) is visible.
 */
export function visibleMenu(items: readonly MenuItem[], ctx: MenuContext): MenuItem[] {
  const out: MenuItem[] = [];
  let pendingHeader: MenuItem | null = null;
  for (const item of items) {
    if (item.kind === 'header') {
      pendingHeader = allows(ctx.can, item.permission) ? item : null;
      continue;
    }
    const visible = visibleItem(item, ctx);
    if (!visible) continue;
    if (pendingHeader) {
      out.push(pendingHeader);
      pendingHeader = null;
    }
    out.push(visible);
  }
  return out;
}
