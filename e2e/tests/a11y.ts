import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The four skins of packages/ui (theme/skins.ts), chosen through APP_SKIN. */
export const SKINS = ['light', 'dark', 'bordered', 'semi-dark'] as const;
export type SkinName = (typeof SKINS)[number];

/** What axe checks: WCAG 2.1 A and AA plus its best practices (landmarks, headings, dialogs). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Only these impacts fail a journey (issue 20: no serious or critical violation). */
const FAILING = new Set(['serious', 'critical']);

/** One violation, short enough to read in a test failure: rule, impact and the nodes it found. */
export interface A11yProblem {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * The serious and critical axe violations of the page as it is now (after the screen has loaded).
 * `exclude` leaves out selectors the product does not own (none today).
 */
export async function accessibilityProblems(page: Page, exclude: string[] = []): Promise<A11yProblem[]> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
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

/** Fails when the page has a serious or critical accessibility violation (issue 20), naming them. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // An empty page (a screen that failed to load) has nothing to violate: make sure there is one.
  await expect(page.getByRole('heading').first()).toBeVisible();
  const problems = await accessibilityProblems(page);
  expect(problems, `accessibility of ${label}:\n${JSON.stringify(problems, null, 2)}`).toEqual([]);
}
