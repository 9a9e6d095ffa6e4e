import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { WHOLE_BADGE_STYLES } from '../components/status-colors';

/** Skins of spec section 9; dark is the default. */
export const SKINS = ['light', 'dark', 'bordered', 'semi-dark'] as const;
export type Skin = (typeof SKINS)[number];
export const DEFAULT_SKIN: Skin = 'dark';

/** True when `value` is a skin name. */
export function isSkin(value: unknown): value is Skin {
  return typeof value === 'string' && (SKINS as readonly string[]).includes(value);
}

/** Mantine colour scheme behind a skin: only `dark` is dark; semi-dark darkens the side menu only. */
export function colorSchemeOf(skin: Skin): 'light' | 'dark' {
  return skin === 'dark' ? 'dark' : 'light';
}

/**
 * Mantine theme of a skin. Bordered cards have a border and no shadow; the other skins use a soft
 * shadow. The font stack includes Arabic-capable system fonts. Number inputs never clamp what was
 * typed to their min/max (Mantine clamps on blur by default, which turned -50 coins into 10 without a
 * word): the form's schema refuses the value with the field's message instead (issue 11 item 11).
 */
export function themeFor(skin: Skin): MantineThemeOverride {
  const bordered = skin === 'bordered';
  return createTheme({
    primaryColor: 'violet',
    defaultRadius: 'md',
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Tahoma, Arial, sans-serif',
    headings: { fontWeight: '650' },
    components: {
      Paper: { defaultProps: { withBorder: bordered, shadow: bordered ? undefined : 'xs' } },
      Card: { defaultProps: { withBorder: bordered, shadow: bordered ? undefined : 'xs' } },
      NumberInput: { defaultProps: { clampBehavior: 'none' } },
      // Badges never cut their words ("PEN…", issue 20): they wrap in a narrow cell instead.
      Badge: { styles: WHOLE_BADGE_STYLES },
    },
  });
}
