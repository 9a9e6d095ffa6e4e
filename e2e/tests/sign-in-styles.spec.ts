import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { SIGNED_OUT_SCREENS } from './helpers';

/**
 * The sign-in screens load only the Mantine styles listed in packages/ui/src/theme/sign-in-styles.css
 * (every other screen loads all of them). A component those screens start to use without its
 * stylesheet there renders unstyled: this finds any Mantine class on them that some Mantine
 * stylesheet defines but the page's stylesheets do not.
 */
const SIGN_IN_SCREENS = [
  ...SIGNED_OUT_SCREENS,
  '/a-page-that-does-not-exist',
  '/admin/login',
  '/admin/reset-password?token=x&email=nobody%40e2e.test',
  '/admin/privacy',
];

const MANTINE_STYLESHEETS = [
  '@mantine/core/styles.css',
  '@mantine/notifications/styles.css',
  '@mantine/dates/styles.css',
  '@mantine/dropzone/styles.css',
  '@mantine/charts/styles.css',
  'mantine-datatable/styles.css',
];

/** Every `m_…` class some Mantine stylesheet has a rule for. */
function mantineClasses(): Set<string> {
  const require = createRequire(import.meta.url);
  const classes = new Set<string>();
  for (const sheet of MANTINE_STYLESHEETS)
    for (const [name] of readFileSync(require.resolve(sheet), 'utf8').matchAll(/\bm_[0-9a-f]+\b/g))
      classes.add(name);
  return classes;
}

test('the sign-in screens have the stylesheet of every Mantine component they show', async ({ page }) => {
  const styled = mantineClasses();
  for (const path of SIGN_IN_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const unstyled = await page.evaluate(() => {
      const defined = new Set<string>();
      const read = (rules: CSSRuleList) => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule)
            for (const [name] of rule.selectorText.matchAll(/\bm_[0-9a-f]+\b/g)) defined.add(name);
          if ('cssRules' in rule) read((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) read(sheet.cssRules);
      const used = new Set(
        Array.from(document.querySelectorAll('[class]')).flatMap((el) =>
          Array.from(el.classList).filter((name) => /^m_[0-9a-f]+$/.test(name)),
        ),
      );
      return [...used].filter((name) => !defined.has(name));
    });
    expect(
      unstyled.filter((name) => styled.has(name)),
      `${path}: Mantine classes without their stylesheet`,
    ).toEqual([]);
  }
});
