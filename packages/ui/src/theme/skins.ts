import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from '@mantine/core';
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
 * word): the form's schema refuses the value with the field's message instead.
 * `closeLabel` names the icon-only close buttons of toasts and dialogs (in the reader's language).
 */
export function themeFor(skin: Skin, closeLabel = 'Close'): MantineThemeOverride {
  const bordered = skin === 'bordered';
  return createTheme({
    primaryColor: 'violet',
    // Filled surfaces (buttons, badges) take dark text once their colour is light enough: white on
    // green.8 (#2f9e44) was 3.4:1, under WCAG AA's 4.5:1 (accessibility). At 0.2 the colours
    // that keep white text still reach 4.5:1 (red.8 4.5, violet.8 6.4, blue.8 5.1).
    autoContrast: true,
    luminanceThreshold: 0.2,
    defaultRadius: 'md',
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Tahoma, Arial, sans-serif',
    headings: { fontWeight: '650' },
    components: {
      Paper: { defaultProps: { withBorder: bordered, shadow: bordered ? undefined : 'xs' } },
      Card: { defaultProps: { withBorder: bordered, shadow: bordered ? undefined : 'xs' } },
      NumberInput: { defaultProps: { clampBehavior: 'none' } },
      // No focus placeholder in menus: Mantine's (a presentational div with tabindex) is not allowed
      // inside role="menu" (axe aria-required-children); opening by keyboard focuses the first item.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // Badges never cut their words ("PEN…"): they wrap in a narrow cell instead.
      Badge: { styles: WHOLE_BADGE_STYLES },
      // Avatars (covers, photos) always sit beside the name they show: decorative for screen readers.
      Avatar: { defaultProps: { alt: '' } },
      // Links inside sentences are told apart from the text by more than colour (WCAG 1.4.1).
      Anchor: { defaultProps: { underline: 'always' } },
      // Icon-only close buttons (toasts, dialogs, drawers, alerts) need a name for screen readers.
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Alert: { defaultProps: { closeButtonLabel: closeLabel } },
    },
  });
}

/**
 * Colours the skins adjust for contrast (accessibility: WCAG AA 4.5:1 for text on every
 * surface of the four skins). Mantine's dimmed text and placeholders (gray.6 / gray.5 on white 3.3:1 and
 * 2.1:1, dark.2 / dark.3 on dark.6 3.5:1 and 2.5:1) become #5c636a (5.1:1 or more from white to gray.2)
 * and #b3b3b3 (4.8:1 or more from dark.4, a hovered or focused menu item, to dark.8; #adadad was 4.47:1
 * on dark.4), still apart from the body text; in the dark scheme
 * links, outlined and text-coloured violet use violet.3 (violet.4 on dark.6 was 4.0:1). Field errors are
 * red.9 on light (red.6 was 3.3:1) and red.4 on dark surfaces (red.8 was 3.0:1).
 */
export const DIMMED = { light: '#5c636a', dark: '#b3b3b3' } as const;

/**
 * On light surfaces a colour's text, light-variant text (badges, alerts, light buttons) and outline use
 * its shade 9 darkened by 30%: Mantine's shades 6 to 9 are too light on white or on their own light
 * tint (green.9 on green.1 3.9:1, yellow.9 on yellow.1 2.7:1); darkened, the worst (yellow) reaches
 * 5.2:1 on its tint (75% was 4.4:1) and 5.6:1 on white.
 */
function readableOnLight(colors: string[]): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const color of colors) {
    if (color === 'dark') continue;
    const readable = `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)`;
    vars[`--mantine-color-${color}-text`] = readable;
    vars[`--mantine-color-${color}-light-color`] = readable;
    vars[`--mantine-color-${color}-outline`] = readable;
  }
  return vars;
}

/** Mantine CSS variables per colour scheme (see {@link DIMMED}). */
export const skinCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...readableOnLight(Object.keys(theme.colors)),
    '--mantine-color-dimmed': DIMMED.light,
    '--mantine-color-placeholder': DIMMED.light,
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': DIMMED.dark,
    '--mantine-color-placeholder': DIMMED.dark,
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-violet-3)',
    '--mantine-color-violet-outline': 'var(--mantine-color-violet-3)',
    '--mantine-color-violet-text': 'var(--mantine-color-violet-3)',
  },
});
