import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  createVerifiedUser,
  DEMO_PASSWORD,
  lastMailId,
  lookUpFreshTrack,
  STARTER_PLAYLIST,
  shotWithoutOverflow,
  signInAs,
  waitForMail,
} from './helpers';

/**
 * Issue 35 "Done when": a label is created, adds a managed artist and invites an existing one (who
 * accepts), invites a campaign manager (who accepts the e-mailed link), buys coins into its wallet
 * and funds the managed artist's monthly budget; the manager acts for the artist and a campaign is
 * bought from the budget; the owner sees it on the roster dashboard and the monthly statement.
 * Every attempt makes its own accounts and label (retry-safe).
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/organisations-shots';

const WORDS = {
  en: {
    country: 'United Kingdom',
    manager: 'Campaign manager',
    active: 'Active',
    next: 'Next',
    pay: 'Pay with coins',
    budgetLeft: (artist: string) => `${artist}'s budget left this month`,
  },
  ar: {
    country: 'المملكة المتحدة',
    manager: 'مدير حملات',
    active: 'نشط',
    next: 'التالي',
    pay: 'الدفع بالعملات',
    budgetLeft: (artist: string) => `المتبقي من ميزانية ${artist} هذا الشهر`,
  },
} as const;

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Opens a section of the organisation's page and waits for it. */
async function section(page: Page, id: number, name: string): Promise<void> {
  await page.goto(`/organisations/${id}/${name}`);
  await expect(
    page.getByTestId(`${name === 'dashboard' ? 'roster-dashboard' : `${name}-section`}`),
  ).toBeVisible({
    timeout: 30_000,
  });
}

for (const run of [
  { lang: 'en', width: 1366, height: 900 },
  { lang: 'ar', width: 390, height: 844 },
] as const) {
  test(`a label funds a budget and its campaign manager buys a campaign for its artist (${run.lang}, ${run.width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const words = WORDS[run.lang];
    const [owner, artist, manager] = await Promise.all([
      createVerifiedUser(request, `org-owner-${run.lang}`),
      createVerifiedUser(request, `org-artist-${run.lang}`),
      createVerifiedUser(request, `org-manager-${run.lang}`),
    ]);
    const page = await browser.newPage({ viewport: { width: run.width, height: run.height } });
    await signInAs(page, owner, run.lang);
    if (run.lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // The owner creates the label (the logo step is skipped).
    const labelName = `Label ${run.lang} ${Date.now()}`;
    await page.goto('/organisations/new');
    await expect(page.getByTestId('organisation-form')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('org-name').fill(labelName);
    await page.getByTestId('org-billing-name').fill(`${labelName} Ltd`);
    await page.getByTestId('org-billing-address').fill('1 Abbey Road, London NW8');
    await page.getByTestId('org-country').click();
    await page.getByTestId('org-country').fill(words.country);
    await page.getByRole('option', { name: words.country }).first().click();
    await page.getByTestId('org-vat').fill('GB123456789');
    await page.getByTestId('org-save').click();
    await page.getByTestId('org-logo-done').click();
    await expect(page).toHaveURL(/\/organisations\/\d+/);
    const orgId = Number(/\/organisations\/(\d+)/.exec(page.url())![1]);
    const ownerToken = await tokenOf(request, owner);
    const ownerHeaders = bearer(ownerToken);

    // Roster: a managed profile, and the existing artist invited by e-mail (who accepts).
    await section(page, orgId, 'roster');
    await page.getByTestId('roster-add-managed').click();
    const managedName = `Aurora ${run.lang} ${Date.now() % 100000}`;
    await page.getByTestId('managed-name').fill(managedName);
    await page.getByTestId('managed-save').click();
    await expect(page.getByTestId('roster-section')).toContainText(managedName);
    await page.getByTestId('roster-invite').click();
    await page.getByTestId('roster-invite-email').fill(artist);
    await page.getByTestId('roster-invite-send').click();
    // The invitation is sent when the roster lists the invited artist (the click's request may still run).
    type RosterRow = { artist_user_id: number; artist_name: string; status: string; managed: boolean };
    const rosterOf = async () =>
      (
        (await (
          await request.get(`/api/organisations/${orgId}/artists`, { headers: ownerHeaders })
        ).json()) as { data: RosterRow[] }
      ).data;
    let roster: RosterRow[] = [];
    await expect
      .poll(async () => {
        roster = await rosterOf();
        return roster.filter((a) => !a.managed).length;
      })
      .toBe(1);
    const managedId = roster.find((a) => a.managed)!.artist_user_id;
    const artistHeaders = bearer(await tokenOf(request, artist));
    const mine = (await (await request.get('/api/user/organisation', { headers: artistHeaders })).json()) as {
      data: { invitations: { id: number; organisation_id: number }[] };
    };
    const invitation = mine.data.invitations.find((i) => i.organisation_id === orgId)!;
    // The artist answers on their account page, then sees who acts for them.
    const artistPage = await browser.newPage({ viewport: { width: run.width, height: run.height } });
    await signInAs(artistPage, artist, run.lang);
    await artistPage.goto('/account');
    const card = artistPage.getByTestId('artist-organisation-card');
    await expect(card.getByTestId(`artist-invitation-${invitation.id}`)).toContainText(labelName, {
      timeout: 30_000,
    });
    await card.getByTestId(`artist-invitation-accept-${invitation.id}`).click();
    await expect(card.getByTestId('artist-org-leave')).toBeVisible();
    await expect(card).toContainText(labelName);
    await shotWithoutOverflow(artistPage, SHOTS, `artist-card-${run.lang}-${run.width}`);
    await artistPage.close();
    const invitedId = roster.find((a) => !a.managed)!.artist_user_id;
    await page.reload();
    await expect(page.getByTestId(`roster-${invitedId}`)).toContainText(words.active);
    await shotWithoutOverflow(page, SHOTS, `roster-${run.lang}-${run.width}`);

    // Team: a campaign manager invited by e-mail, who accepts the link.
    await section(page, orgId, 'team');
    const mailsBefore = await lastMailId(request, manager);
    await page.getByTestId('team-invite').click();
    await page.getByTestId('team-invite-email').fill(manager);
    await page.getByTestId('team-role').click();
    await page.getByRole('option', { name: words.manager }).click();
    await page.getByTestId('team-save').click();
    const { match } = await waitForMail(
      request,
      manager,
      /organisations\/join\/([A-Za-z0-9_-]+)/,
      mailsBefore,
    );
    const managerPage = await browser.newPage({ viewport: { width: run.width, height: run.height } });
    await signInAs(managerPage, manager, run.lang);
    await managerPage.goto(`/organisations/join/${match[1]}`);
    await expect(managerPage.getByTestId('join-page')).toContainText(labelName);
    await shotWithoutOverflow(managerPage, SHOTS, `join-${run.lang}-${run.width}`);
    await managerPage.getByTestId('join-accept').click();
    await expect(managerPage).toHaveURL(new RegExp(`/organisations/${orgId}`));

    // Money: coins bought by card into the label's wallet, then a monthly budget for the managed artist.
    const checkout = await request.post(`/api/organisations/${orgId}/coins/checkout`, {
      headers: ownerHeaders,
      data: { coins: 300, method: 'card' },
    });
    expect(checkout.ok(), await checkout.text()).toBeTruthy();
    const session = ((await checkout.json()) as { data: { ref: string } }).data.ref;
    const paid = await request.post(`/api/sandbox/checkout/${session}/complete`, {
      data: {},
      maxRedirects: 0,
    });
    expect(paid.status(), await paid.text()).toBe(302);
    const confirmed = await request.post('/api/stripe/checkout/check/pay', {
      headers: ownerHeaders,
      data: { session_id: session },
    });
    expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
    await section(page, orgId, 'budgets');
    await page.getByTestId(`budget-set-${managedId}`).click();
    await page.getByTestId('budget-coins').fill('200');
    await page.getByTestId('budget-save').click();
    await expect(page.getByTestId(`budget-${managedId}`)).toContainText(
      new Intl.NumberFormat(run.lang).format(200),
    );
    await shotWithoutOverflow(page, SHOTS, `budgets-${run.lang}-${run.width}`);

    // The manager acts for the managed artist (switcher, banner) and buys a Starter placement from the
    // budget in the campaign wizard: the payment step names the budget, offers no card.
    await managerPage.goto('/dashboard');
    // The switcher is in the top bar, and on a phone in the menu drawer (opened by the burger).
    if (run.width < 768)
      await managerPage
        .locator('header button.mantine-Burger-root, header .mantine-Burger-root')
        .first()
        .click();
    await managerPage.locator('[data-testid="acting-switcher"]:visible').click();
    await managerPage.locator(`[data-testid="acting-artist-${managedId}"]:visible`).click();
    await expect(managerPage.getByTestId('acting-banner')).toContainText(managedName);
    const { link, track } = await lookUpFreshTrack(request, ownerToken);
    const song = track.name;
    await managerPage.goto('/create/express/campaign');
    await expect(managerPage.getByTestId('acting-banner')).toContainText(managedName);
    await managerPage.getByTestId('track-link').fill(link);
    await managerPage.getByTestId('made-with-ai-no').check();
    await managerPage.getByRole('button', { name: words.next }).click();
    await managerPage.getByTestId('playlist-card').filter({ hasText: STARTER_PLAYLIST }).first().click();
    await managerPage.getByRole('button', { name: words.next }).click();
    const summary = managerPage.getByTestId('express-summary');
    await expect(summary).toContainText(song);
    await expect(summary).toContainText(words.budgetLeft(managedName));
    await expect(managerPage.getByTestId('express-balance')).toContainText(
      new Intl.NumberFormat(run.lang).format(200),
    );
    await expect(managerPage.getByTestId('method-card')).toHaveCount(0);
    await shotWithoutOverflow(managerPage, SHOTS, `acting-pay-${run.lang}-${run.width}`);
    await managerPage.getByRole('button', { name: words.pay }).click();
    await expect(managerPage).toHaveURL(/\/express\/campaigns\/list/, { timeout: 30_000 });
    await managerPage.goto('/my-campaigns');
    await expect(managerPage.getByTestId('acting-banner')).toBeVisible();
    await expect(managerPage.getByText(song).first()).toBeVisible({ timeout: 30_000 });
    await shotWithoutOverflow(managerPage, SHOTS, `acting-${run.lang}-${run.width}`);
    await managerPage.close();

    // The owner sees the campaign on the roster dashboard and on this month's statement.
    await section(page, orgId, 'dashboard');
    const row = page.getByTestId(`dashboard-${managedId}`);
    await expect(row).toContainText(managedName);
    await expect(row).toContainText(new Intl.NumberFormat(run.lang).format(50));
    await shotWithoutOverflow(page, SHOTS, `dashboard-${run.lang}-${run.width}`);
    await section(page, orgId, 'statement');
    await expect(page.getByTestId(`statement-artist-${managedId}`)).toBeVisible();
    await expect(page.getByTestId('statement-line').filter({ hasText: managedName }).first()).toBeVisible();
    await shotWithoutOverflow(page, SHOTS, `statement-${run.lang}-${run.width}`);
    await page.close();
  });
}
