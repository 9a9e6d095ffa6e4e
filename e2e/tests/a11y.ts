import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The four skins of packages/ui (theme/skins.ts), chosen through APP_SKIN. */
export const SKINS = ['light', 'dark', 'bordered', 'semi-dark'] as const;
export type SkinName = (typeof SKINS)[number];

/** What axe checks: WCAG 2.1 A and AA plus its best practices (landmarks, headings, dialogs). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Only these impacts fail a journey (no serious or critical violation). */
const FAILING = new Set(['serious', 'critical']);

/** One violation, short enough to read in a test failure: rule, impact and the nodes it found. */
export interface A11yProblem {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** What to check: `rules` limits axe to those rule ids (e.g. colour contrast in the other skins). */
export interface A11yOptions {
  rules?: string[];
  /** Selectors the product does not own (none today). */
  exclude?: string[];
}

/**
 * The serious and critical axe violations of the page as it is now (after the screen has loaded):
 * WCAG 2.1 A/AA and best practices, or only `rules`.
 */
export async function accessibilityProblems(page: Page, options: A11yOptions = {}): Promise<A11yProblem[]> {
  // AxeBuilder evaluates axe's source (about 500 KB) twice per check, about half of a check's time; the
  // page keeps it between checks of one document (screens of an app are opened through its router), so
  // a page that has it in its only frame gets an empty source. A frame without it gets the real one.
  const loaded =
    page.frames().length === 1 &&
    (await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'));
  // Only violations are read: axe then skips describing the nodes that pass (much faster).
  let builder = new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  builder = options.rules ? builder.withRules(options.rules) : builder.withTags(TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }));
}

/** Fails when the page has a serious or critical accessibility violation, naming them. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // An empty page (a screen that failed to load) has nothing to violate: make sure there is one.
  await expect(page.getByRole('heading').first()).toBeVisible();
  const problems = await accessibilityProblems(page);
  expect(problems, `accessibility of ${label}:\n${JSON.stringify(problems, null, 2)}`).toEqual([]);
}
