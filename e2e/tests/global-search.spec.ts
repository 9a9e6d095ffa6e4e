import { expect, type Page, test } from '@playwright/test';
import { shotWithoutOverflow, signInAdmin } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/i36-search-shots';

/** The header's search field, the listbox it controls, and an option naming `text`. */
const searchBox = (page: Page) => page.getByRole('combobox', { name: /Search|البحث/ });
const results = (page: Page) => page.getByRole('listbox');

/**
 * Global search (issue 36 "Lists"): staff reach the search from the keyboard, move through the grouped
 * results with the arrow keys, open one with Enter and land on the record; the user overview's tab is in
 * the address, so a reload and back/forward keep it. Nothing is created, so a retry counts nothing twice.
 */
test.describe('global search', () => {
  test('staff search by keyboard, open a user, and the overview tab stays in the address (en 1366)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAdmin(page, 'en');
    await page.locator('body').click();
    await page.keyboard.press('/');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('artist@demo');
    const list = results(page);
    await expect(list.getByRole('option', { name: /(^|\s)artist@demo\.test/ })).toBeVisible();
    await expect(list.getByText('Users', { exact: true })).toBeVisible();
    await shotWithoutOverflow(page, SHOTS, 'search-en-1366');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    await expect(page.getByTestId('tab-dashboard')).toHaveAttribute('aria-selected', 'true');

    await page.getByTestId('tab-wallet').click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+\?tab=wallet$/);
    await page.reload();
    await expect(page.getByTestId('tab-wallet')).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('tab-activities').click();
    await expect(page).toHaveURL(/tab=activities$/);
    await page.goBack();
    await expect(page.getByTestId('tab-wallet')).toHaveAttribute('aria-selected', 'true');
    await page.goForward();
    await expect(page.getByTestId('tab-activities')).toHaveAttribute('aria-selected', 'true');

    // Escape closes the results; a too short text says what the search needs.
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('z');
    await expect(page.getByText('Type at least 2 characters, or a number')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(results(page)).toBeHidden();
  });

  test('staff search by keyboard in Arabic on a phone and land on the curator (ar 390)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAdmin(page, 'ar');
    await page.locator('body').click();
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('curator@demo');
    const list = results(page);
    const curator = list.getByRole('option', { name: /(^|\s)curator@demo\.test/ });
    await expect(curator).toBeVisible();
    await expect(list.getByText('المستخدمون', { exact: true })).toBeVisible();
    await shotWithoutOverflow(page, SHOTS, 'search-ar-390');
    // Arrow down from the first result until the curator is the active option, then Enter.
    for (let i = 0; i < 10; i += 1) {
      if ((await curator.getAttribute('data-combobox-selected')) !== null) break;
      await page.keyboard.press('ArrowDown');
    }
    await expect(curator).toHaveAttribute('data-combobox-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    await expect(page.getByTestId('tab-playlists')).toBeVisible();
    await page.getByTestId('tab-playlists').click();
    await expect(page).toHaveURL(/tab=playlists$/);
    await page.reload();
    await expect(page.getByTestId('tab-playlists')).toHaveAttribute('aria-selected', 'true');
    await shotWithoutOverflow(page, SHOTS, 'overview-ar-390');
  });
});
